package dev.sluice.processor;

import java.util.List;
import javax.lang.model.element.RecordComponentElement;

/** One component of a record: a column, or an embedded record of columns. */
abstract class ComponentModel {
  /** The component, where diagnostics about it go. */
  final RecordComponentElement element;

  /** The path from the root record, for messages and names: {@code billing.street}. */
  final String path;

  ComponentModel(RecordComponentElement element, String path) {
    this.element = element;
    this.path = path;
  }

  /** The columns this component reads, in order (one, or an embedded record's). */
  abstract List<ColumnModel> columns();
}
