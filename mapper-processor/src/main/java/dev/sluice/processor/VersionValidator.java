package dev.sluice.processor;

import com.palantir.javapoet.TypeName;
import javax.lang.model.element.AnnotationMirror;

/**
 * Checks the {@code @Version} component of a {@code @Table} record that a DAO inserts, updates or
 * deletes: at most one, a non-null {@code int}, {@code long} or {@code short}, which the UPDATE
 * increments and compares. Checked where a DAO writes the record, since nothing else reads it.
 */
final class VersionValidator {
  private final Diagnostics diagnostics;

  VersionValidator(Diagnostics diagnostics) {
    this.diagnostics = diagnostics;
  }

  /**
   * The record's {@code @Version} column, or null if it has none. Reports each bad one on its
   * component; a caller must compare the error count to tell that there were some.
   */
  ColumnModel version(RecordModel model) {
    ColumnModel found = null;
    for (ColumnModel c : model.columns()) {
      AnnotationMirror v = Annotations.find(c.element, Annotations.VERSION);
      if (v == null) {
        continue;
      }
      TypeName t = c.type.isBoxedPrimitive() ? c.type.unbox() : c.type;
      if (!(t.equals(TypeName.INT) || t.equals(TypeName.LONG) || t.equals(TypeName.SHORT))
          || c.nullable) {
        diagnostics.error(
            Diagnostics.BAD_VERSION,
            "@Version component "
                + c.path
                + " is a "
                + (c.nullable ? "nullable " : "")
                + c.type
                + "; a version is a non-null int, long or short",
            c.element,
            v);
      } else if (found != null) {
        diagnostics.error(
            Diagnostics.BAD_VERSION,
            "@Version component "
                + c.path
                + " is the second of "
                + model.displayName()
                + " (after "
                + found.path
                + "); keep one",
            c.element,
            v);
      } else {
        found = c;
      }
    }
    return found;
  }
}
