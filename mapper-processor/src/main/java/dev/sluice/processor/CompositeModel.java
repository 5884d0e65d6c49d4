package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.util.List;
import javax.lang.model.element.RecordComponentElement;

/**
 * A {@code @Row} (or {@code @Table}) record read from a composite value, as a component of another
 * record that is not {@code @Embedded}: its components are the composite type's attributes, read by
 * position (as {@code record_recv} writes them), so their order is the attributes' order.
 *
 * <p>Which components are composites is decided by their type alone: a record annotated
 * {@code @Row} or {@code @Table} is read from one composite column, unless the component is
 * {@code @Embedded} (then its components are columns of their own); {@code List} of such a record
 * reads an array of composites ({@code addr[]}, {@code array_agg(child)}).
 */
final class CompositeModel {
  final ClassName recordClass;

  /** The fields, in the record's (and the composite's) order. */
  final List<Field> fields;

  CompositeModel(ClassName recordClass, List<Field> fields) {
    this.recordClass = recordClass;
    this.fields = fields;
  }

  /** {@code Addr}, or {@code Film.Addr} for a nested record. */
  String displayName() {
    return String.join(".", recordClass.simpleNames());
  }

  /** One component, read from one field of the composite. */
  static final class Field {
    final RecordComponentElement element;

    /** The component's name, and the attribute the schema checks expect for it (snake_case). */
    final String name;

    final String attribute;
    final TypeName type;
    final ValueReader reader;

    /** Whether a NULL field reads as null; else it fails, but a list of composites reads empty. */
    final boolean nullable;

    Field(
        RecordComponentElement element,
        String name,
        String attribute,
        TypeName type,
        ValueReader reader,
        boolean nullable) {
      this.element = element;
      this.name = name;
      this.attribute = attribute;
      this.type = type;
      this.reader = reader;
      this.nullable = nullable;
    }
  }
}
