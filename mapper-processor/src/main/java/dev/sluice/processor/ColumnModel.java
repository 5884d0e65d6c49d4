package dev.sluice.processor;

import com.palantir.javapoet.TypeName;
import java.util.List;
import javax.lang.model.element.RecordComponentElement;

/** A component read from one column. */
final class ColumnModel extends ComponentModel {
  /** The column's name as PostgreSQL spells it (prefix of embedding records included). */
  final String column;

  /** The name of the generated position field and of table column fields: {@code billingStreet}. */
  final String fieldName;

  /** The component's type, as written. */
  final TypeName type;

  final ValueReader reader;

  /** Whether NULL reads as null (else it fails). Optional components are not nullable here. */
  final boolean nullable;

  final boolean id;
  final boolean generated;

  ColumnModel(
      RecordComponentElement element,
      String path,
      String column,
      String fieldName,
      TypeName type,
      ValueReader reader,
      boolean nullable,
      boolean id,
      boolean generated) {
    super(element, path);
    this.column = column;
    this.fieldName = fieldName;
    this.type = type;
    this.reader = reader;
    this.nullable = nullable;
    this.id = id;
    this.generated = generated;
  }

  /** Whether a NULL in the column must fail: neither nullable nor read as Optional. */
  boolean rejectsNull() {
    return !nullable && !reader.readsNull();
  }

  @Override
  List<ColumnModel> columns() {
    return List.of(this);
  }
}
