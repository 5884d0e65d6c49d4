package dev.sluice.processor;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * Reports errors on the most precise element there is (a component, an annotation, an annotation
 * value), each message starting with a stable tag in brackets that tools and tests can rely on.
 * Counts the errors so a caller can tell whether a record came through clean.
 *
 * <p>While a type is modelled its errors are held back ({@link #hold}), and printed only once the
 * attempt is final: an attempt cut short by a type not generated yet is dropped, and its errors are
 * reported by the retry in the next round, once.
 */
final class Diagnostics {
  /** {@code @Row} or {@code @Table} on something that is not a record. */
  static final String NOT_A_RECORD = "sluice.not-a-record";

  /** A private, local or generic record, or one nested in a private type. */
  static final String INACCESSIBLE_RECORD = "sluice.inaccessible-record";

  /** A component type no getter reads and no converter or @Embedded handles. */
  static final String UNSUPPORTED_TYPE = "sluice.unsupported-type";

  /** An enum, embedded record or converter the generated code could not name. */
  static final String INACCESSIBLE_TYPE = "sluice.inaccessible-type";

  /** Two components mapping to one column. */
  static final String DUPLICATE_COLUMN = "sluice.duplicate-column";

  /**
   * {@code @Id} or {@code @Generated} on a record that is no {@code @Table}, or a DAO's
   * {@code @Insert}, {@code @Update} or {@code @Delete} of something that is no {@code @Table}.
   */
  static final String NOT_A_TABLE = "sluice.not-a-table";

  /**
   * {@code @Generated} on a primitive with no value that can stand for "not generated yet":
   * boolean, char, float, double.
   */
  static final String GENERATED_PRIMITIVE = "sluice.generated-primitive";

  /** {@code @Nullable} on a primitive component, which cannot hold null. */
  static final String NULLABLE_PRIMITIVE = "sluice.nullable-primitive";

  /** A converter that is not a usable {@code dev.sluice.Converter} for its component. */
  static final String BAD_CONVERTER = "sluice.bad-converter";

  /** {@code @Embedded} on a non-record, nullable, or recursive component. */
  static final String BAD_EMBEDDED = "sluice.bad-embedded";

  /** {@code @Dao} on something other than an interface, or on a private or generic one. */
  static final String BAD_DAO = "sluice.bad-dao";

  /**
   * A DAO method without a statement annotation, with several, generic, or an {@code @Insert},
   * {@code @Update} or {@code @Delete} without exactly one parameter.
   */
  static final String BAD_DAO_METHOD = "sluice.bad-dao-method";

  /**
   * SQL the lexer cannot read: an unterminated string or comment, a positional parameter, empty.
   */
  static final String BAD_QUERY = "sluice.bad-query";

  /** A {@code :name} naming no method parameter, or {@code :a.b} naming no record component. */
  static final String UNKNOWN_PARAMETER = "sluice.unknown-parameter";

  /** A method parameter its SQL never uses. */
  static final String UNUSED_PARAMETER = "sluice.unused-parameter";

  /** A DAO method's return type that its statement cannot produce. */
  static final String UNSUPPORTED_RETURN = "sluice.unsupported-return";

  /** {@code @Update} or {@code @Delete} of a record without {@code @Id}. */
  static final String NO_ID = "sluice.no-id";

  /** {@code @Version} on a component that is not a non-null integral, or on two. */
  static final String BAD_VERSION = "sluice.bad-version";

  /** Two inherited methods with one signature but different statements. */
  static final String METHOD_CLASH = "sluice.method-clash";

  /** A type that never became resolvable, not even after the last round. */
  static final String UNRESOLVED_TYPE = "sluice.unresolved-type";

  /** No schema source was given: schema checks were skipped (a note, never a warning). */
  static final String SCHEMA_SKIPPED = "sluice.schema.skipped";

  /** The schema source could not be reached, read or migrated. */
  static final String SCHEMA_UNAVAILABLE = "sluice.schema.unavailable";

  /** A note: how the schema source was opened, and how long that and the checks took. */
  static final String SCHEMA_PROGRESS = "sluice.schema.progress";

  /** A migration file that fails, or holds a Flyway placeholder. */
  static final String SCHEMA_BAD_MIGRATION = "sluice.schema.bad-migration";

  /** A {@code @Table} naming no table or view. */
  static final String SCHEMA_UNKNOWN_TABLE = "sluice.schema.unknown-table";

  /** A component naming no column of its table, or of its query's result. */
  static final String SCHEMA_UNKNOWN_COLUMN = "sluice.schema.unknown-column";

  /** A component or result type that does not hold the column's type without loss. */
  static final String SCHEMA_TYPE_MISMATCH = "sluice.schema.type-mismatch";

  /** A nullable column into a primitive or non-{@code @Nullable} component. */
  static final String SCHEMA_NULLABLE_COLUMN = "sluice.schema.nullable-column";

  /**
   * A warning: a result column into a component that rejects NULL, from a statement EXPLAIN could
   * not plan, so nothing proved the column non-null.
   */
  static final String SCHEMA_UNPLANNED = "sluice.schema.unplanned";

  /** A generated-always column mapped without {@code @Generated}. */
  static final String SCHEMA_GENERATED_COLUMN = "sluice.schema.generated-column";

  /** A NOT NULL column without default that an {@code @Insert} leaves out. */
  static final String SCHEMA_MISSING_COLUMN = "sluice.schema.missing-column";

  /** A Java enum whose constants and a PostgreSQL enum's labels differ. */
  static final String SCHEMA_ENUM_MISMATCH = "sluice.schema.enum-mismatch";

  /** SQL PostgreSQL rejects (syntax or semantics), with its message and position. */
  static final String SCHEMA_BAD_SQL = "sluice.schema.bad-sql";

  /** A {@code :name} whose Java type does not fit the parameter type PostgreSQL infers. */
  static final String SCHEMA_PARAMETER_TYPE = "sluice.schema.parameter-type";

  /** A row-count return type on a statement with a result, or a row type on one without. */
  static final String SCHEMA_RESULT_KIND = "sluice.schema.result-kind";

  /** A question the schema snapshot has no entry for (a query newer than the snapshot). */
  static final String SCHEMA_SNAPSHOT_MISSING = "sluice.schema.snapshot-missing";

  /** A snapshot entry, or its migrations' digest, that no longer matches the schema source. */
  static final String SCHEMA_SNAPSHOT_STALE = "sluice.schema.snapshot-stale";

  /**
   * A warning: snapshot entries that no check of a verifying compilation asked for (a query or
   * table removed since, or a compilation of part of the module).
   */
  static final String SCHEMA_SNAPSHOT_UNUSED = "sluice.schema.snapshot-unused";

  /** A bug in the processor, reported instead of crashing the compiler. */
  static final String INTERNAL_ERROR = "sluice.internal-error";

  private final Messager messager;
  private int errorCount;

  /** Errors held back by {@link #hold} until {@link #release}; null when none are held back. */
  private List<Report> held;

  Diagnostics(Messager messager) {
    this.messager = messager;
  }

  void error(String tag, String message, Element element) {
    report(new Report(format(tag, message), positioned(element), null, null));
  }

  /** A warning on the element (it does not count as an error, but fails {@code -Werror}). */
  void warning(String tag, String message, Element element) {
    Report r = new Report(format(tag, message), positioned(element), null, null);
    r.kind = Diagnostic.Kind.WARNING;
    if (held != null) {
      held.add(r);
    } else {
      print(r);
    }
  }

  /** A warning on no element: for the whole compilation (it fails {@code -Werror}). */
  void warning(String tag, String message) {
    messager.printMessage(Diagnostic.Kind.WARNING, format(tag, message));
  }

  /** A note on no element: for the whole compilation, never failing it. */
  void note(String tag, String message) {
    messager.printMessage(Diagnostic.Kind.NOTE, format(tag, message));
  }

  /** An error on no element: for the whole compilation (the schema source is unreachable). */
  void error(String tag, String message) {
    errorCount++;
    messager.printMessage(Diagnostic.Kind.ERROR, format(tag, message));
  }

  void error(String tag, String message, Element element, AnnotationMirror annotation) {
    report(new Report(format(tag, message), positioned(element), annotation, null));
  }

  void error(
      String tag,
      String message,
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value) {
    report(
        new Report(
            format(tag, message),
            positioned(element),
            annotation,
            annotation == null ? null : value));
  }

  /**
   * Errors reported so far, held back ones included; compare before and after building a record.
   */
  int errorCount() {
    return errorCount;
  }

  /**
   * Holds back the errors reported from now on, for one attempt at a type: {@link #release} prints
   * them, {@link #discard} drops them when the type is retried in a later round. The retry finds
   * them again, so without holding back each would be printed once per attempt.
   */
  void hold() {
    held = new ArrayList<>();
  }

  /** Prints the errors held back since {@link #hold}, and stops holding back; else nothing. */
  void release() {
    if (held == null) {
      return;
    }
    List<Report> out = held;
    held = null;
    for (Report r : out) {
      print(r);
    }
  }

  /** Drops the errors held back since {@link #hold}, uncounted, and stops holding back. */
  void discard() {
    if (held != null) {
      for (Report r : held) {
        if (r.kind == Diagnostic.Kind.ERROR) {
          errorCount--;
        }
      }
      held = null;
    }
  }

  private void report(Report r) {
    errorCount++;
    if (held != null) {
      held.add(r);
    } else {
      print(r);
    }
  }

  private void print(Report r) {
    if (r.annotation == null) {
      messager.printMessage(r.kind, r.message, r.element);
    } else if (r.value == null) {
      messager.printMessage(r.kind, r.message, r.element, r.annotation);
    } else {
      messager.printMessage(r.kind, r.message, r.element, r.annotation, r.value);
    }
  }

  /**
   * The element javac can place a message on. JDK 17's javac finds no source position for a record
   * component (its messages would have no file or line), so a component's message goes on the
   * record's private field of the same name, which javac declares at the component and which
   * carries the component's annotations (those that may target fields).
   */
  private static Element positioned(Element element) {
    if (element.getKind() != ElementKind.RECORD_COMPONENT) {
      return element;
    }
    for (VariableElement field :
        ElementFilter.fieldsIn(element.getEnclosingElement().getEnclosedElements())) {
      if (field.getSimpleName().equals(element.getSimpleName())) {
        return field;
      }
    }
    return element;
  }

  private static String format(String tag, String message) {
    return "[" + tag + "] " + message;
  }

  /** An error and where it goes; annotation and value may be null. */
  private static final class Report {
    final String message;
    final Element element;
    final AnnotationMirror annotation;
    final AnnotationValue value;

    /** ERROR unless made a warning right after construction. */
    Diagnostic.Kind kind = Diagnostic.Kind.ERROR;

    Report(String message, Element element, AnnotationMirror annotation, AnnotationValue value) {
      this.message = message;
      this.element = element;
      this.annotation = annotation;
      this.value = value;
    }
  }
}
