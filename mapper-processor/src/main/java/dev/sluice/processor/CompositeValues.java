package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.List;

/**
 * The {@link ValueReader}s of composite columns ({@link CompositeModel}): a {@code @Row} record
 * from a composite, a {@code List} of them from an array of composites. The column turns binary
 * when the decoder binds ({@code Columns.requireComposite}); the nested readers, one static method
 * per record in the decoder ({@link DecoderContext#compositeReader}), read it through {@code
 * CompositeReader}, straight from the receive buffer.
 */
final class CompositeValues {
  static final ClassName COMPOSITE_READER =
      ClassName.get("dev.sluice.generated", "CompositeReader");

  private CompositeValues() {}

  /** A record read from one composite column. */
  static final class One extends ValueReader {
    final CompositeModel model;

    One(CompositeModel model) {
      this.model = model;
    }

    @Override
    CodeBlock read(String row, String position, DecoderContext context) {
      return CodeBlock.of("$N($L.composite($L))", context.compositeReader(model), row, position);
    }

    @Override
    CodeBlock bindCheck(String columns, String position, String component) {
      return CodeBlock.of("$L.requireComposite($L, $S)", columns, position, component);
    }

    /** Any type: composite OIDs are per database; the fields' own OIDs are checked per value. */
    @Override
    List<String> oids() {
      return List.of();
    }

    @Override
    String sqlType() {
      return null;
    }
  }

  /**
   * A list of records read from an array of composites ({@code addr[]}, {@code array_agg(child)}).
   * A NULL array reads as an empty list unless the component is {@code @Nullable}: an aggregate
   * over no rows (a LEFT JOIN without children, a FILTER that kept none) is NULL, and "no children"
   * is what a list says by being empty.
   */
  static final class ListOf extends ValueReader {
    final CompositeModel model;

    /** Whether a NULL array reads as an empty list (the component is not @Nullable). */
    final boolean emptyForNull;

    ListOf(CompositeModel model, boolean emptyForNull) {
      this.model = model;
      this.emptyForNull = emptyForNull;
    }

    @Override
    CodeBlock read(String row, String position, DecoderContext context) {
      CodeBlock read =
          CodeBlock.of("$N($L.composite($L))", context.compositeListReader(model), row, position);
      if (!emptyForNull) {
        return read;
      }
      return CodeBlock.of("$L.isNull($L) ? $T.list(0) : $L", row, position, COMPOSITE_READER, read);
    }

    @Override
    boolean readsNull() {
      return emptyForNull;
    }

    @Override
    CodeBlock bindCheck(String columns, String position, String component) {
      return CodeBlock.of("$L.requireComposite($L, $S)", columns, position, component);
    }

    @Override
    List<String> oids() {
      return List.of();
    }

    @Override
    String sqlType() {
      return null;
    }
  }

  /**
   * The expression reading field {@code f} of a composite from the {@code CompositeReader} named
   * {@code r} (positioned at the field), NULL included: null for a nullable component, an empty
   * list for a list of composites, else the reader's 22004 naming the component.
   */
  static CodeBlock readField(CompositeModel owner, CompositeModel.Field f, DecoderContext context) {
    String component = "component " + f.name + " of " + owner.displayName();
    CodeBlock read = readValue(f.reader, component, context);
    if (f.reader instanceof ListOf && ((ListOf) f.reader).emptyForNull) {
      return CodeBlock.of("r.nullField() ? $T.list(0) : $L", COMPOSITE_READER, read);
    }
    if (f.nullable) {
      return CodeBlock.of("r.nullField() ? null : $L", read);
    }
    return read;
  }

  private static CodeBlock readValue(ValueReader reader, String component, DecoderContext context) {
    if (reader instanceof One) {
      return CodeBlock.of(
          "$N(r.field($S))", context.compositeReader(((One) reader).model), component);
    }
    if (reader instanceof ListOf) {
      return CodeBlock.of(
          "$N(r.field($S))", context.compositeListReader(((ListOf) reader).model), component);
    }
    if (reader instanceof ValueReader.EnumOf) {
      return CodeBlock.of(
          "r.readEnum($N, $S)",
          context.enumLabels(((ValueReader.EnumOf) reader).enumClass),
          component);
    }
    if (reader instanceof ValueReader.ListOf) {
      return CodeBlock.of(
          "r.readList($T.class, $S)", ((ValueReader.ListOf) reader).element.boxed(), component);
    }
    ScalarType type = ((ValueReader.Scalar) reader).type;
    if (type.inOrderReader() != null) {
      return CodeBlock.of("r.$L($S)", type.inOrderReader(), component);
    }
    return CodeBlock.of("r.read($T.class, $S)", type.boxed(), component);
  }

  /** Whether a composite field can be read with {@code reader} (see {@link #readValue}). */
  static boolean readable(ValueReader reader) {
    return reader instanceof One
        || reader instanceof ListOf
        || reader instanceof ValueReader.EnumOf
        || reader instanceof ValueReader.ListOf
        || reader instanceof ValueReader.Scalar;
  }
}
