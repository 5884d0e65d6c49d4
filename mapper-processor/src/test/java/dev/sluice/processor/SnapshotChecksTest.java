package dev.sluice.processor;

import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/**
 * The whole {@link SchemaChecksTest} corpus from a snapshot: every program is compiled once in live
 * mode writing a snapshot, then again with nothing but that snapshot (no URL, no migrations: no
 * server can be reached), and the second compilation must report exactly what the first did, kind,
 * line and message, before the inherited test asserts its own expectations on it.
 */
class SnapshotChecksTest extends SchemaChecksTest {
  @Override
  Compilation compile(String... lines) {
    return throughSnapshot(db.url(), lines);
  }

  /**
   * Compiles {@code lines} live against {@code url} while recording a snapshot, then from the
   * snapshot alone; asserts both report the same diagnostics and returns the offline compilation.
   */
  static Compilation throughSnapshot(String url, String... lines) {
    Path file;
    try {
      file = Files.createTempFile("sluice-snapshot-", ".txt");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      Compilation live =
          javac()
              .withProcessors(new SluiceProcessor())
              .withOptions(
                  "-Asluice.schema.url=" + url,
                  "-Asluice.schema.snapshot=" + file,
                  "-Xlint:all,-processing",
                  "-Werror")
              .compile(source(lines));
      SluiceProcessor offlineProcessor = new SluiceProcessor();
      MigrationsModeTest.RoundProbe probe = new MigrationsModeTest.RoundProbe(offlineProcessor);
      Compilation offline =
          javac()
              .withProcessors(probe, offlineProcessor)
              .withOptions("-Asluice.schema.snapshot=" + file, "-Xlint:all,-processing", "-Werror")
              .compile(source(lines));
      // Not one round had a schema source: nothing was connected to or started.
      assertThat(probe.rounds).isNotEmpty().containsOnlyNulls();
      assertThat(shown(offline)).isEqualTo(shown(live));
      return offline;
    } finally {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** Each diagnostic as kind, line and message. */
  private static List<String> shown(Compilation c) {
    List<String> out = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : ProgressNotes.others(c)) {
      out.add(d.getKind() + " " + d.getLineNumber() + " " + d.getMessage(Locale.ROOT));
    }
    return out;
  }
}
