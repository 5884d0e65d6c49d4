package dev.sluice.bench;

import dev.sluice.driver.ProtocolFuzzer;

/**
 * Runs the protocol fuzzer of mapper-runtime's tests ({@link ProtocolFuzzer}) for as many cases as
 * asked, one million by default, and prints its report: the share of cases with valid framing, per
 * decoder and getter how often it was reached, accepted and rejected, and every failure with the
 * seed and case index that replay it ({@code -Dsluice.fuzz.seed=N -Dsluice.fuzz.case=I} on
 * ProtocolFuzzTest). Exits with 1 if any case broke the oracle.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.sluice.bench.FuzzMain --cases 1000000
 * --seed N}
 */
public final class FuzzMain {
  private FuzzMain() {}

  public static void main(String[] args) {
    int cases = 1_000_000;
    long seed = ProtocolFuzzer.DEFAULT_SEED;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--cases":
          cases = Integer.parseInt(args[++i]);
          break;
        case "--seed":
          seed = Long.parseLong(args[++i]);
          break;
        default:
          System.err.println("usage: FuzzMain [--cases N] [--seed N]; unknown: " + args[i]);
          System.exit(2);
      }
    }
    long started = System.nanoTime();
    ProtocolFuzzer fuzzer = new ProtocolFuzzer(seed);
    fuzzer.run(cases, 50);
    long took = System.nanoTime() - started;
    fuzzer.report(System.out);
    System.out.printf(
        "%d cases in %.1f s (%.0f cases/s)%n",
        fuzzer.cases(), took / 1e9, fuzzer.cases() / (took / 1e9));
    System.exit(fuzzer.failures().isEmpty() ? 0 : 1);
  }
}
