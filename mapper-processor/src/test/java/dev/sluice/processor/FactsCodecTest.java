package dev.sluice.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.processor.SchemaFacts.Description;
import dev.sluice.processor.SchemaFacts.ResultColumn;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A statement's column lines in a snapshot: the cause a NULLABLE column may carry. */
class FactsCodecTest {
  @Test
  void aColumnLineWithoutACauseReadsAsBeforeCausesWereRecorded() throws Exception {
    Description d =
        FactsCodec.decodeDescription(List.of("rows", "column city text public city city nullable"));
    ResultColumn c = d.columns.get(0);
    assertThat(c.nullness).isEqualTo(ColumnNullness.NULLABLE);
    assertThat(c.cause).isNull();
    assertThat(FactsCodec.encode(d))
        .containsExactly("rows", "column city text public city city nullable");
  }

  @Test
  void aCauseIsWrittenAfterTheNullnessAndReadBack() throws Exception {
    ResultColumn column =
        new ResultColumn(
            "city",
            "text",
            "public",
            "city",
            "city",
            ColumnNullness.NULLABLE,
            "the nullable side of the outer join with city c");
    List<String> lines = FactsCodec.encode(new Description(List.of(), List.of(column), null));
    assertThat(lines)
        .containsExactly(
            "rows",
            "column city text public city city nullable"
                + " \"the nullable side of the outer join with city c\"");
    ResultColumn read = FactsCodec.decodeDescription(lines).columns.get(0);
    assertThat(read.cause).isEqualTo("the nullable side of the outer join with city c");
    assertThat(read.nullness).isEqualTo(ColumnNullness.NULLABLE);
  }
}
