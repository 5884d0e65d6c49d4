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

  private final Map<ClassName, FieldSpec> enumLabels = new LinkedHashMap<>();
  private final Map<ClassName, FieldSpec> converters = new LinkedHashMap<>();
  private final Map<ScalarType, MethodSpec> arrayReaders = new LinkedHashMap<>();

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

  List<FieldSpec> fields() {
    List<FieldSpec> out = new ArrayList<>(enumLabels.values());
    out.addAll(converters.values());
    return out;
  }

  List<MethodSpec> methods() {
    return new ArrayList<>(arrayReaders.values());
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
