package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/** A {@code @Dao} interface, validated: what {@link DaoWriter} needs to implement it. */
final class DaoModel {
  final TypeElement element;
  final ClassName daoClass;
  final ClassName implClass;
  final List<Method> methods;

  DaoModel(TypeElement element, ClassName daoClass, ClassName implClass, List<Method> methods) {
    this.element = element;
    this.daoClass = daoClass;
    this.implClass = implClass;
    this.methods = methods;
  }

  /** How a method's statement runs and what it returns. */
  enum Result {
    /** {@code execute}, nothing returned. */
    VOID,
    /** {@code execute}, the row count as int. */
    COUNT_INT,
    /** {@code execute}, the row count as long. */
    COUNT_LONG,
    /** {@code query}: every row. */
    LIST,
    /** {@code queryOne}: at most one row. */
    OPTIONAL,
    /** {@code stream}: rows as read; the caller must close the stream. */
    STREAM,
    /** {@code query}, then exactly one row, possibly a NULL value. */
    ONE,
    /** {@code query}, then exactly one row whose value is not NULL (a primitive result). */
    ONE_NOT_NULL
  }

  /** What decodes a method's rows: a built-in scalar, an enum, or a record's generated decoder. */
  static final class Decoder {
    /** The constant of {@code dev.sluice.Scalars}, or null. */
    final String scalar;

    /** The enum read by label, or null. */
    final ClassName enumClass;

    /** The record's generated decoder class, or null. */
    final ClassName decoderClass;

    /** The decoded type: the element of List, Optional or Stream; boxed for primitives. */
    final TypeName type;

    private Decoder(String scalar, ClassName enumClass, ClassName decoderClass, TypeName type) {
      this.scalar = scalar;
      this.enumClass = enumClass;
      this.decoderClass = decoderClass;
      this.type = type;
    }

    static Decoder scalar(ScalarType s) {
      return new Decoder(s.name, null, null, s.boxed());
    }

    static Decoder enumOf(ClassName e) {
      return new Decoder(null, e, null, e);
    }

    static Decoder record(ClassName record, ClassName decoder) {
      return new Decoder(null, null, decoder, record);
    }

    /** A key for sharing one static field between methods. */
    String key() {
      return scalar != null
          ? "scalar " + scalar
          : enumClass != null ? "enum " + enumClass : "record " + decoderClass;
    }
  }

  /**
   * The value bound to one {@code $n}: a method parameter ({@code root}), perhaps followed by
   * record accessors, unwrapped from Optional and passed through a converter.
   */
  static final class Value {
    final String root;
    final List<String> accessors;
    final boolean optional;

    /** The converter whose {@code toColumn} the value goes through, or null. */
    final ClassName converter;

    Value(String root, List<String> accessors, boolean optional, ClassName converter) {
      this.root = root;
      this.accessors = accessors;
      this.optional = optional;
      this.converter = converter;
    }
  }

  /** One abstract method and the statement implementing it. */
  static final class Method {
    final ExecutableElement element;

    /** "FilmDao.byId", for messages. */
    final String display;

    final TypeName returnType;
    final List<Parameter> parameters;

    /** The SQL with {@code $n} parameters. */
    final String sql;

    /** The values of $1, $2, …; relative to {@link #batchElement} in a batch. */
    final List<Value> values;

    final Result result;

    /** The decoder of rows, or null when the statement is only executed. */
    final Decoder decoder;

    /** For a batch: the parameter iterated over and its element type; else null. */
    final String batchParameter;

    final TypeName batchElement;

    /** For a versioned update or delete: the table, id and version values (for the message). */
    final String versionedTable;

    final List<Value> versionedIds;
    final Value version;

    /**
     * For {@code @Insert(copy = true)}: the generated table class and its constant, which {@code
     * copyIn} takes; else null.
     */
    final ClassName copyTable;

    final String copyConstant;

    Method(
        ExecutableElement element,
        String display,
        TypeName returnType,
        List<Parameter> parameters,
        String sql,
        List<Value> values,
        Result result,
        Decoder decoder,
        String batchParameter,
        TypeName batchElement,
        String versionedTable,
        List<Value> versionedIds,
        Value version) {
      this(
          element,
          display,
          returnType,
          parameters,
          sql,
          values,
          result,
          decoder,
          batchParameter,
          batchElement,
          versionedTable,
          versionedIds,
          version,
          null,
          null);
    }

    private Method(
        ExecutableElement element,
        String display,
        TypeName returnType,
        List<Parameter> parameters,
        String sql,
        List<Value> values,
        Result result,
        Decoder decoder,
        String batchParameter,
        TypeName batchElement,
        String versionedTable,
        List<Value> versionedIds,
        Value version,
        ClassName copyTable,
        String copyConstant) {
      this.element = element;
      this.display = display;
      this.returnType = returnType;
      this.parameters = parameters;
      this.sql = sql;
      this.values = values;
      this.result = result;
      this.decoder = decoder;
      this.batchParameter = batchParameter;
      this.batchElement = batchElement;
      this.versionedTable = versionedTable;
      this.versionedIds = versionedIds;
      this.version = version;
      this.copyTable = copyTable;
      this.copyConstant = copyConstant;
    }

    /**
     * An {@code @Insert(copy = true)}: {@code copyIn(table.constant, parameter)}, counted as {@code
     * result} says. {@code sql} is the COPY's text, for messages only.
     */
    static Method copy(
        ExecutableElement element,
        String display,
        TypeName returnType,
        List<Parameter> parameters,
        String sql,
        Result result,
        String batchParameter,
        TypeName batchElement,
        ClassName copyTable,
        String copyConstant) {
      return new Method(
          element,
          display,
          returnType,
          parameters,
          sql,
          List.of(),
          result,
          null,
          batchParameter,
          batchElement,
          null,
          null,
          null,
          copyTable,
          copyConstant);
    }

    /** A method that runs one statement once: no batch, no {@code @Version} check. */
    Method(
        ExecutableElement element,
        String display,
        TypeName returnType,
        List<Parameter> parameters,
        String sql,
        List<Value> values,
        Result result,
        Decoder decoder) {
      this(
          element,
          display,
          returnType,
          parameters,
          sql,
          values,
          result,
          decoder,
          null,
          null,
          null,
          null,
          null);
    }

    boolean isCopy() {
      return copyTable != null;
    }

    boolean isBatch() {
      return batchParameter != null;
    }
  }

  /** A parameter of the implementing method, as the interface declares it. */
  static final class Parameter {
    final String name;
    final TypeName type;

    Parameter(String name, TypeName type) {
      this.name = name;
      this.type = type;
    }
  }
}
