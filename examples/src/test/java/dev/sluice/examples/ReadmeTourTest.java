package dev.sluice.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's five-minute tour is cut from this application, so it compiles and runs: each of its
 * code blocks follows a marker {@code <!-- tour: path -->} naming the file it comes from, and its
 * lines appear in that file in order, consecutively, up to a line {@code // …}, which stands for
 * lines left out. Indentation is not compared (a snippet may be shown dedented).
 */
class ReadmeTourTest {
  private static final Pattern BLOCK =
      Pattern.compile("<!-- tour: (\\S+) -->\\n```\\w*\\n(.*?)\\n```", Pattern.DOTALL);

  @Test
  void everyTourSnippetIsCutFromTheFileItNames() throws IOException {
    Path root = Path.of("..").toAbsolutePath().normalize();
    String readme = Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8);
    Matcher m = BLOCK.matcher(readme);
    List<String> checked = new ArrayList<>();
    while (m.find()) {
      Path source = root.resolve(m.group(1));
      assertThat(source).as("the file a tour marker names").isRegularFile();
      List<String> file = trimmed(Files.readString(source, StandardCharsets.UTF_8));
      int from = 0;
      for (List<String> chunk : chunks(m.group(2))) {
        int at = indexOf(file, chunk, from);
        assertThat(at)
            .as("README tour lines %s, in %s after line %d", chunk, m.group(1), from)
            .isNotNegative();
        from = at + chunk.size();
      }
      checked.add(m.group(1));
    }
    // The tour has a migration, a record, a DAO, start-up, a DSL query and two transactions.
    assertThat(checked).hasSize(7);
  }

  /** The snippet's lines, trimmed, split at each {@code // …} line. */
  private static List<List<String>> chunks(String snippet) {
    List<List<String>> out = new ArrayList<>();
    List<String> current = new ArrayList<>();
    for (String line : trimmed(snippet)) {
      if (line.equals("// …")) {
        out.add(current);
        current = new ArrayList<>();
      } else {
        current.add(line);
      }
    }
    out.add(current);
    return out;
  }

  private static List<String> trimmed(String text) {
    List<String> out = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      out.add(line.trim());
    }
    return out;
  }

  /** Where {@code chunk} starts in {@code file} at or after {@code from}, or -1. */
  private static int indexOf(List<String> file, List<String> chunk, int from) {
    for (int i = from; i + chunk.size() <= file.size(); i++) {
      if (file.subList(i, i + chunk.size()).equals(chunk)) {
        return i;
      }
    }
    return -1;
  }
}
