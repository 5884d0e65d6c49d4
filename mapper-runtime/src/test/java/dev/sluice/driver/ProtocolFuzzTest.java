package dev.sluice.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs {@link ProtocolFuzzer}: 50,000 seeded mutations of valid backend messages through the
 * message reader, the row view and every binary codec. {@code -Dsluice.fuzz.seed=N} and {@code
 * -Dsluice.fuzz.cases=N} change the run; {@code -Dsluice.fuzz.case=I} replays one case of the seed.
 * The benchmarks module runs a million cases ({@code dev.sluice.bench.FuzzMain}).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ProtocolFuzzTest {
  @Test
  void typedErrorsOnlyForMutatedMessages() {
    long seed = Long.getLong("sluice.fuzz.seed", ProtocolFuzzer.DEFAULT_SEED);
    Integer one = Integer.getInteger("sluice.fuzz.case");
    if (one != null) {
      ProtocolFuzzer.Failure f = ProtocolFuzzer.replay(seed, one);
      assertThat(f).as("case %d of seed %d", one, seed).isNull();
      return;
    }
    ProtocolFuzzer fuzzer = new ProtocolFuzzer(seed);
    fuzzer.run(Integer.getInteger("sluice.fuzz.cases", 50_000), 20);
    fuzzer.report(System.out);
    assertThat(fuzzer.failures()).as("failures (replay with -Dsluice.fuzz.case=I)").isEmpty();
    // At least half the cases keep valid framing, so the decoders behind the length check run.
    assertThat(fuzzer.framedCases() * 2).isGreaterThanOrEqualTo(fuzzer.cases());
    assertThat(fuzzer.reach())
        .containsKeys("MessageReader.rowDescription", "RowView.getList(Object)");
  }
}
