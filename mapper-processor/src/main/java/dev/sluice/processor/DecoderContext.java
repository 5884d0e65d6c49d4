package dev.sluice.processor;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * The static members a decoder class needs besides its bound class: one {@code EnumLabels} per enum
 * type, one instance per converter class, one reader per primitive array type. Each is made once,
 * on first use by a {@link ValueReader}, and named after what it holds.
 */
final class DecoderContext {
  static final ClassName OPTIONAL = ClassName.get("java.util", "Optional");
  static final ClassName LIST = ClassName.get("java.util", "List");
  static final ClassName ENUM_LABELS = ClassName.get("dev.sluice.generated", "EnumLabels");
  static final ClassName ROW_VIEW = ClassName.get("dev.sluice", "RowView");
  static final ClassName PG_EXCEPTION = ClassName.get("dev.sluice", "PgException");
  static final ClassName OIDS = ClassName.get("dev.sluice.generated", "TypeOids");
  static final ClassName NESTED_LISTS = ClassName.get("dev.sluice.generated", "NestedLists");

  private final Map<ClassName, FieldSpec> enumLabels = new LinkedHashMap<>();
  private final Map<ClassName, FieldSpec> converters = new LinkedHashMap<>();
  private final Map<ScalarType, MethodSpec> arrayReaders = new LinkedHashMap<>();

  /** {@link #twoDimensionalArrayReader}'s methods, by the arrays' leaf type. */
  private final Map<TypeName, MethodSpec> arrayReaders2 = new LinkedHashMap<>();

  private final Map<ClassName, MethodSpec> compositeReaders = new LinkedHashMap<>();
  private final Map<ClassName, MethodSpec> compositeListReaders = new LinkedHashMap<>();

  /** The static field holding the labels of {@code enumClass}. */
  FieldSpec enumLabels(ClassName enumClass) {
    return enumLabels.computeIfAbsent(
        enumClass,
        e ->
            FieldSpec.builder(
                    ParameterizedTypeName.get(ENUM_LABELS, e),
                    uniqueName(constantName(e) + "_LABELS"),
                    Modifier.PRIVATE,
                    Modifier.STATIC,
                    Modifier.FINAL)
                .initializer("$T.of($T.class)", ENUM_LABELS, e)
                .build());
  }

  /** The static field holding the one instance of {@code converterClass}. */
  FieldSpec converter(ClassName converterClass) {
    return converters.computeIfAbsent(
        converterClass,
        c ->
            FieldSpec.builder(
                    c,
                    uniqueName(constantName(c)),
                    Modifier.PRIVATE,
                    Modifier.STATIC,
                    Modifier.FINAL)
                .initializer("new $T()", c)
                .build());
  }

  /**
   * The static method reading an array column into a primitive array, failing on a NULL element
   * (which the primitive cannot hold).
   */
  MethodSpec primitiveArrayReader(ScalarType element) {
    return arrayReaders.computeIfAbsent(
        element,
        e -> {
          TypeName array = ArrayTypeName.of(e.type);
          String name = e.type + "Array";
          return MethodSpec.methodBuilder(name)
              .addJavadoc(
                  "Reads column {@code c} as {@code $L[]}; a NULL element fails, as no $L holds"
                      + " it.\n",
                  e.type,
                  e.type)
              .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
              .returns(array)
              .addParameter(ROW_VIEW, "row")
              .addParameter(int.class, "c")
              .addStatement("$T<$T> list = row.getList(c, $T.class)", LIST, e.boxed(), e.boxed())
              .addStatement("$T values = new $T[list.size()]", array, e.type)
              .beginControlFlow("for (int i = 0; i < values.length; i++)")
              .addStatement("$T v = list.get(i)", e.boxed())
              .beginControlFlow("if (v == null)")
              .addStatement(
                  "throw new $T($S,$W$S$W+ row.columns().name(c)$W+ $S)",
                  PG_EXCEPTION,
                  "22004",
                  "column \"",
                  "\" holds a NULL element, which " + e.type + "[] cannot hold")
              .endControlFlow()
              .addStatement("values[i] = v")
              .endControlFlow()
              .addStatement("return values")
              .build();
        });
  }

  /**
   * The static method reading column {@code c} as a two-dimensional Java array of {@code element}
   * ({@code int[][]}, or {@code Integer[][]} when not primitive) through {@code getListOfLists}; a
   * NULL element of a primitive array fails, as no primitive holds it.
   */
  MethodSpec twoDimensionalArrayReader(ScalarType element, boolean primitive) {
    TypeName leaf = primitive ? element.type : element.boxed();
    return arrayReaders2.computeIfAbsent(
        leaf,
        t -> {
          TypeName row = ArrayTypeName.of(t);
          TypeName array = ArrayTypeName.of(row);
          TypeName boxed = element.boxed();
          String base =
              primitive
                  ? element.type.toString()
                  : boxed instanceof ClassName ? ((ClassName) boxed).simpleName() : "value";
          String name = Character.toLowerCase(base.charAt(0)) + base.substring(1) + "Array2D";
          MethodSpec.Builder m =
              MethodSpec.methodBuilder(name)
                  .addJavadoc(
                      "Reads column {@code c}, a two-dimensional array, as {@code $L[][]}.\n", t)
                  .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                  .returns(array)
                  .addParameter(ROW_VIEW, "row")
                  .addParameter(int.class, "c")
                  .addStatement(
                      "$T<$T<$T>> lists = row.getListOfLists(c, $T.class)",
                      LIST,
                      LIST,
                      element.boxed(),
                      element.boxed())
                  .addStatement("$T values = new $T[lists.size()][]", array, t)
                  .beginControlFlow("for (int i = 0; i < values.length; i++)")
                  .addStatement("$T<$T> list = lists.get(i)", LIST, element.boxed())
                  .addStatement("values[i] = new $T[list.size()]", t)
                  .beginControlFlow("for (int j = 0; j < list.size(); j++)")
                  .addStatement("$T v = list.get(j)", element.boxed());
          if (primitive) {
            m.beginControlFlow("if (v == null)")
                .addStatement(
                    "throw new $T($S,$W$S$W+ row.columns().name(c)$W+ $S)",
                    PG_EXCEPTION,
                    "22004",
                    "column \"",
                    "\" holds a NULL element, which " + t + "[][] cannot hold")
                .endControlFlow();
          }
          return m.addStatement("values[i][j] = v")
              .endControlFlow()
              .endControlFlow()
              .addStatement("return values")
              .build();
        });
  }

  /**
   * The static method reading a composite value into {@code model}'s record, field by field in
   * order, from a {@code CompositeReader} positioned at the value. Nested records get methods of
   * their own (made first: not through computeIfAbsent, which a nested call would disturb).
   */
  MethodSpec compositeReader(CompositeModel model) {
    MethodSpec m = compositeReaders.get(model.recordClass);
    if (m != null) {
      return m;
    }
    CodeBlock.Builder args = CodeBlock.builder().add("new $T($>$>", model.recordClass);
    for (int i = 0; i < model.fields.size(); i++) {
      CompositeModel.Field f = model.fields.get(i);
      args.add(
          "\n$L$L",
          CompositeValues.readField(model, f, this),
          i + 1 < model.fields.size() ? "," : "");
    }
    args.add(")$<$<");
    m =
        MethodSpec.methodBuilder("read" + String.join("", model.recordClass.simpleNames()))
            .addJavadoc(
                "Reads a composite value into {@link $T}: its $L fields by position, as\n"
                    + "{@code record_send} wrote them.\n",
                model.recordClass,
                model.fields.size())
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .returns(model.recordClass)
            .addParameter(CompositeValues.COMPOSITE_READER, "r")
            .addStatement("r.enter($L, $S)", model.fields.size(), model.displayName())
            .addStatement("$T value = $L", model.recordClass, args.build())
            .addStatement("r.exit()")
            .addStatement("return value")
            .build();
    compositeReaders.put(model.recordClass, m);
    return m;
  }

  /** The static method reading an array of composites into a list of {@code model}'s record. */
  MethodSpec compositeListReader(CompositeModel model) {
    MethodSpec m = compositeListReaders.get(model.recordClass);
    if (m != null) {
      return m;
    }
    MethodSpec one = compositeReader(model);
    TypeName list = ParameterizedTypeName.get(LIST, model.recordClass);
    m =
        MethodSpec.methodBuilder(one.name() + "List")
            .addJavadoc(
                "Reads an array of composites into a list of {@link $T}; NULL elements are null.\n",
                model.recordClass)
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .returns(list)
            .addParameter(CompositeValues.COMPOSITE_READER, "r")
            .addStatement("int n = r.array($S)", "List<" + model.displayName() + ">")
            .addStatement("$T list = $T.list(n)", list, CompositeValues.COMPOSITE_READER)
            .beginControlFlow("for (int i = 0; i < n; i++)")
            .addStatement("list.add(r.element() ? $N(r) : null)", one)
            .endControlFlow()
            .addStatement("r.exit()")
            .addStatement("return list")
            .build();
    compositeListReaders.put(model.recordClass, m);
    return m;
  }

  List<FieldSpec> fields() {
    List<FieldSpec> out = new ArrayList<>(enumLabels.values());
    out.addAll(converters.values());
    return out;
  }

  List<MethodSpec> methods() {
    List<MethodSpec> out = new ArrayList<>(arrayReaders.values());
    out.addAll(arrayReaders2.values());
    out.addAll(compositeReaders.values());
    out.addAll(compositeListReaders.values());
    return out;
  }

  /** {@code RATING} for {@code Rating}, {@code PAGILA_RATING} for {@code Pagila.Rating}. */
  private static String constantName(ClassName c) {
    return ColumnNames.snakeCase(String.join("_", c.simpleNames())).toUpperCase(Locale.ROOT);
  }

  private String uniqueName(String base) {
    String name = base;
    for (int i = 2; isTaken(name); i++) {
      name = base + "_" + i;
    }
    return name;
  }

  private boolean isTaken(String name) {
    for (FieldSpec f : fields()) {
      if (f.name().equals(name)) {
        return true;
      }
    }
    return false;
  }

  static CodeBlock oidList(List<String> oids) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (String oid : oids) {
      b.add(",$W$T.$L", OIDS, oid);
    }
    return b.build();
  }
}
