package dev.sluice.bench;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Every cell's result of one run, by workload and client, in run order. */
final class Results {
  private final Map<Workload, Map<Client, CellResult>> cells = new EnumMap<>(Workload.class);

  void add(CellResult r) {
    cells.computeIfAbsent(r.workload(), w -> new EnumMap<>(Client.class)).put(r.client(), r);
  }

  /** The cell's result if it ran and succeeded, else null. */
  CellResult ok(Workload w, Client c) {
    Map<Client, CellResult> m = cells.get(w);
    CellResult r = m == null ? null : m.get(c);
    return r != null && r.ok() ? r : null;
  }

  List<Workload> workloads() {
    return new ArrayList<>(cells.keySet());
  }

  List<CellResult> of(Workload w) {
    Map<Client, CellResult> m = cells.get(w);
    return m == null ? List.of() : new ArrayList<>(m.values());
  }
}
