package dev.sluice.bench;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Every cell's results of one run, by workload and client: one per round. A cell's figures are over
 * all its rounds: the measured iterations of every round together, and the median of the rounds'
 * latency percentiles; a round that failed fails the cell.
 */
final class Results {
  private final Map<Workload, Map<Client, List<CellResult>>> cells = new EnumMap<>(Workload.class);

  void add(CellResult r) {
    cells
        .computeIfAbsent(r.workload(), w -> new EnumMap<>(Client.class))
        .computeIfAbsent(r.client(), c -> new ArrayList<>())
        .add(r);
  }

  /** The cell's result if it ran and succeeded, else null. */
  CellResult ok(Workload w, Client c) {
    Map<Client, List<CellResult>> m = cells.get(w);
    List<CellResult> rounds = m == null ? null : m.get(c);
    CellResult r = rounds == null ? null : merge(rounds);
    return r != null && r.ok() ? r : null;
  }

  List<Workload> workloads() {
    return new ArrayList<>(cells.keySet());
  }

  List<CellResult> of(Workload w) {
    Map<Client, List<CellResult>> m = cells.get(w);
    List<CellResult> out = new ArrayList<>();
    if (m != null) {
      for (List<CellResult> rounds : m.values()) {
        out.add(merge(rounds));
      }
    }
    return out;
  }

  /** One result for a cell's rounds. */
  static CellResult merge(List<CellResult> rounds) {
    CellResult first = rounds.get(0);
    if (rounds.size() == 1) {
      return first;
    }
    List<Sample> samples = new ArrayList<>();
    long[] p50 = new long[rounds.size()];
    long[] p99 = new long[rounds.size()];
    for (int i = 0; i < rounds.size(); i++) {
      CellResult r = rounds.get(i);
      if (!r.ok()) {
        return r;
      }
      samples.addAll(r.samples());
      p50[i] = r.p50Nanos();
      p99[i] = r.p99Nanos();
    }
    return new CellResult(
        first.client(),
        first.workload(),
        List.copyOf(samples),
        Math.round(Stats.median(p50)),
        Math.round(Stats.median(p99)),
        null);
  }
}
