package dev.sluice.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library modules never write to the console: the processor runs inside users' javac, the
 * runtime inside their applications, and both report through diagnostics, exceptions and
 * System.Logger. A debug print left in the checks once reached every compile that named a scalar
 * subquery's cause.
 */
class NoConsoleOutputTest {
  private static final List<String> MODULES =
      List.of(
          "mapper-annotations",
          "mapper-runtime",
          "mapper-processor",
          "mapper-testkit",
          "sluice-embedded",
          "sluice-opentelemetry");

  private static final Pattern PRINT =
      Pattern.compile("System\\s*\\.\\s*(out|err)\\s*\\.\\s*(print|println|printf|write)\\s*\\(");

  @Test
  void noLibrarySourcePrintsToStandardOutOrErr() throws IOException {
    Path root = Path.of("..").toAbsolutePath().normalize();
    List<String> found = new ArrayList<>();
    int files = 0;
    for (String module : MODULES) {
      Path sources = root.resolve(module).resolve("src/main/java");
      assertThat(sources).as("module %s's sources", module).isDirectory();
      try (Stream<Path> walk = Files.walk(sources)) {
        for (Path f : (Iterable<Path>) walk.filter(p -> p.toString().endsWith(".java"))::iterator) {
          files++;
          List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
          for (int i = 0; i < lines.size(); i++) {
            if (PRINT.matcher(lines.get(i)).find()) {
              found.add(root.relativize(f) + ":" + (i + 1) + ": " + lines.get(i).strip());
            }
          }
        }
      }
    }
    assertThat(files).as("library sources scanned").isGreaterThan(300);
    assertThat(found).as("console output in library code").isEmpty();
  }
}
