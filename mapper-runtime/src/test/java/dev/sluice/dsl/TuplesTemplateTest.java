package dev.sluice.dsl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The committed tuples, row values, decoder and factory regions are what {@link TuplesTemplate}
 * makes (whitespace and the formatter's re-wrapping of comments aside).
 */
class TuplesTemplateTest {
  private static final String RUN = "run TuplesTemplate.main in mapper-runtime";

  @Test
  void theCommittedFilesMatchTheTemplate() throws IOException {
    Map<String, String> files = TuplesTemplate.files();
    assertThat(files)
        .hasSize(7 + 7 + 1)
        .containsKeys("Tuple8.java", "Row8.java", "TupleDecoder.java");
    for (Map.Entry<String, String> f : files.entrySet()) {
      Path committed = Path.of(TuplesTemplate.DIRECTORY, f.getKey());
      assertThat(committed).exists();
      assertThat(withoutWhitespace(Files.readString(committed, StandardCharsets.UTF_8)))
          .as("%s differs from TuplesTemplate: %s", f.getKey(), RUN)
          .isEqualTo(withoutWhitespace(f.getValue()));
    }
  }

  @Test
  void theMarkedRegionsMatchTheTemplate() throws IOException {
    assertThat(region(TuplesTemplate.FROM_STEP))
        .as("FromStep.java's generated region: %s", RUN)
        .isEqualTo(withoutWhitespace(TuplesTemplate.fromStepRegion()));
    assertThat(region(TuplesTemplate.WITH_STEP))
        .as("WithStep.java's generated region: %s", RUN)
        .isEqualTo(withoutWhitespace(TuplesTemplate.withStepRegion()));
    assertThat(region(TuplesTemplate.QUERIES))
        .as("Queries.java's generated region: %s", RUN)
        .isEqualTo(withoutWhitespace(TuplesTemplate.queriesRegion()));
    assertThat(region(TuplesTemplate.DSL))
        .as("Dsl.java's generated region: %s", RUN)
        .isEqualTo(withoutWhitespace(TuplesTemplate.dslRegion()));
    assertThat(region(TuplesTemplate.STATEMENTS))
        .as("Statements.java's generated region: %s", RUN)
        .isEqualTo(withoutWhitespace(TuplesTemplate.statementsRegion()));
    assertThat(region(TuplesTemplate.ROWS))
        .as("Rows.java's generated region: %s", RUN)
        .isEqualTo(withoutWhitespace(TuplesTemplate.rowsRegion()));
  }

  private static String region(String file) throws IOException {
    String text = Files.readString(Path.of(file), StandardCharsets.UTF_8);
    int begin = text.indexOf(TuplesTemplate.BEGIN.strip());
    int end = text.indexOf(TuplesTemplate.END.strip());
    assertThat(begin).as("%s has the region's first line", file).isNotNegative();
    assertThat(end).as("%s has the region's last line", file).isGreaterThan(begin);
    return withoutWhitespace(text.substring(begin + TuplesTemplate.BEGIN.strip().length(), end));
  }

  /** Without whitespace, and without the asterisks that begin comment lines (re-wrapped too). */
  private static String withoutWhitespace(String s) {
    return s.replaceAll("(?m)^\\s*\\*(?!/)", "").replaceAll("\\s+", "");
  }
}
