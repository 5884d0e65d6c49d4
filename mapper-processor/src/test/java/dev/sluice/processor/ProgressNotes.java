package dev.sluice.processor;

import com.google.testing.compile.Compilation;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/**
 * The processor's progress notes ({@code [sluice.schema.progress]}: how the schema source was
 * opened, how long the checks took) are in every compilation with a schema source, and carry times
 * that differ from run to run; tests that want "no diagnostic" mean none but those.
 */
final class ProgressNotes {
  static final String TAG = "[" + Diagnostics.SCHEMA_PROGRESS + "] ";

  private ProgressNotes() {}

  /** The compilation's diagnostics but the progress notes. */
  static List<Diagnostic<? extends JavaFileObject>> others(Compilation c) {
    return c.diagnostics().stream().filter(d -> !isProgress(d)).toList();
  }

  /** The progress notes' messages, in order. */
  static List<String> messages(Compilation c) {
    return c.diagnostics().stream()
        .filter(ProgressNotes::isProgress)
        .map(d -> d.getMessage(Locale.ROOT))
        .toList();
  }

  private static boolean isProgress(Diagnostic<? extends JavaFileObject> d) {
    return d.getKind() == Diagnostic.Kind.NOTE
        && d.getLineNumber() == Diagnostic.NOPOS
        && d.getMessage(Locale.ROOT).startsWith(TAG);
  }
}
