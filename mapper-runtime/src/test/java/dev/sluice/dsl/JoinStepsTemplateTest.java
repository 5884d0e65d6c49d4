package dev.sluice.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The committed join steps are what {@link JoinStepsTemplate} makes (whitespace aside). */
class JoinStepsTemplateTest {
  @Test
  void theCommittedJoinStepsMatchTheTemplate() throws IOException {
    Map<String, String> files = JoinStepsTemplate.files();
    assertThat(files).hasSize(6 + 7 + 7).containsKeys("From8Step.java", "Function8.java");
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path committed = Path.of(JoinStepsTemplate.DIRECTORY, f.getKey());
      assertThat(committed).exists();
      assertThat(withoutWhitespace(Files.readString(committed, StandardCharsets.UTF_8)))
          .as(
              "%s differs from JoinStepsTemplate: run JoinStepsTemplate.main in mapper-runtime",
              f.getKey())
          .isEqualTo(withoutWhitespace(f.getValue()));
    }
  }

  private static String withoutWhitespace(String s) {
    return s.replaceAll("\\s+", "");
  }
}
