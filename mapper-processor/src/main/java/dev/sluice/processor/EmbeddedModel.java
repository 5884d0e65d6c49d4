package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.RecordComponentElement;

/** A component that is a record flattened into the enclosing row's columns. */
final class EmbeddedModel extends ComponentModel {
  final ClassName recordClass;
  final List<ComponentModel> components;

  EmbeddedModel(
      RecordComponentElement element,
      String path,
      ClassName recordClass,
      List<ComponentModel> components) {
    super(element, path);
    this.recordClass = recordClass;
    this.components = components;
  }

  @Override
  List<ColumnModel> columns() {
    List<ColumnModel> out = new ArrayList<>();
    for (ComponentModel c : components) {
      out.addAll(c.columns());
    }
    return out;
  }
}
