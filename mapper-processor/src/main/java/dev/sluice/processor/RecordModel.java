package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;

/** A {@code @Row} or {@code @Table} record, validated, with everything the writers need. */
final class RecordModel {
  final TypeElement element;
  final ClassName recordClass;

  /** The table's name, or null for a {@code @Row} record. */
  final String table;

  /** The table's schema ("" for the search_path); null for a {@code @Row} record. */
  final String schema;

  final List<ComponentModel> components;

  RecordModel(
      TypeElement element,
      ClassName recordClass,
      String table,
      String schema,
      List<ComponentModel> components) {
    this.element = element;
    this.recordClass = recordClass;
    this.table = table;
    this.schema = schema;
    this.components = components;
  }

  boolean isTable() {
    return table != null;
  }

  /** Every column, embedded records flattened in place. */
  List<ColumnModel> columns() {
    List<ColumnModel> out = new ArrayList<>();
    for (ComponentModel c : components) {
      out.addAll(c.columns());
    }
    return out;
  }

  /** The simple name of the record as messages give it: {@code Film}, {@code Pagila.Film}. */
  String displayName() {
    return String.join(".", recordClass.simpleNames());
  }

  /** The generated class named {@code <Outer_Inner><suffix>} in the record's package. */
  ClassName generatedName(String suffix) {
    return ClassName.get(
        recordClass.packageName(), String.join("_", recordClass.simpleNames()) + suffix);
  }
}
