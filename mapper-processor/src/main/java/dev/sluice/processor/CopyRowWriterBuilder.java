package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;

/**
 * The row writer of a generated table ({@code FilmTable.CopyWriter}): a {@code
 * dev.sluice.generated.CopyRowWriter} whose {@code write} hands each value of a record's columns
 * that are not {@code @Generated} to the COPY's row, in column order, by the method of its Java
 * type: a primitive component unboxed ({@code putInt}), a string as text ({@code putText}), any
 * other value ({@code putObject}). {@code copyIn(FILM, films)} uses it instead of {@code
 * values(record)}'s array of boxed values.
 */
final class CopyRowWriterBuilder {
  static final ClassName COPY_ROW_WRITER = ClassName.get("dev.sluice.generated", "CopyRowWriter");
  static final ClassName COPY_ROW = ClassName.get("dev.sluice.generated", "CopyRow");
  private static final TypeName STRING = ClassName.get(String.class);

  /** The simple name of the nested class, and of the table's constant holding its one instance. */
  static final String CLASS_NAME = "CopyWriter";

  static final String CONSTANT = "COPY_WRITER";

  private final ClassName record;
  private final MethodSpec.Builder write;
  private int columns;

  CopyRowWriterBuilder(ClassName record) {
    this.record = record;
    this.write =
        MethodSpec.methodBuilder("write")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .addParameter(record, "record")
            .addParameter(COPY_ROW, "row");
  }

  /**
   * Adds the next column written: {@code value} reads it from {@code record} (Optional unwrapped,
   * converted through its converter), {@code valueType} is the type it reads as, {@code converted}
   * whether a converter made it (its column value is then an Object).
   */
  void add(CodeBlock value, TypeName valueType, boolean converted) {
    String put = converted ? "putObject" : putMethod(valueType);
    write.addStatement("row.$N($L, $L)", put, columns, value);
    columns++;
  }

  private static String putMethod(TypeName type) {
    if (type.equals(TypeName.BOOLEAN)) {
      return "putBoolean";
    }
    if (type.equals(TypeName.SHORT)) {
      return "putShort";
    }
    if (type.equals(TypeName.INT)) {
      return "putInt";
    }
    if (type.equals(TypeName.LONG)) {
      return "putLong";
    }
    if (type.equals(TypeName.FLOAT)) {
      return "putFloat";
    }
    if (type.equals(TypeName.DOUBLE)) {
      return "putDouble";
    }
    if (type.equals(STRING)) {
      return "putText";
    }
    return "putObject";
  }

  /** The nested class; null when every column is generated (a COPY has nothing to write). */
  TypeSpec build() {
    if (columns == 0) {
      return null;
    }
    return TypeSpec.classBuilder(CLASS_NAME)
        .addJavadoc(
            "Writes a {@link $T} as one row of a binary COPY, primitives unboxed.\n", record)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .superclass(ParameterizedTypeName.get(COPY_ROW_WRITER, record))
        .addMethod(MethodSpec.constructorBuilder().addStatement("super($L)", columns).build())
        .addMethod(write.build())
        .build();
  }
}
