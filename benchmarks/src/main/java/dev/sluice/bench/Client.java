package dev.sluice.bench;

import static dev.sluice.bench.Workload.W1;
import static dev.sluice.bench.Workload.W2;
import static dev.sluice.bench.Workload.W3;
import static dev.sluice.bench.Workload.W3C;
import static dev.sluice.bench.Workload.W3CL;
import static dev.sluice.bench.Workload.W4B;
import static dev.sluice.bench.Workload.W4C;
import static dev.sluice.bench.Workload.W5;
import static dev.sluice.bench.Workload.W5S;
import static dev.sluice.bench.Workload.W6;
import static dev.sluice.bench.Workload.W7;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The clients compared, with the workloads each runs. The implementations are created only in the
 * forked cell JVM, so a cell loads one client's classes.
 */
enum Client {
  SLUICE("sluice", "Sluice: Database, generated RowDecoders", EnumSet.allOf(Workload.class)),
  SLUICE_RECORDS(
      "sluice-records",
      "Sluice: db.copyIn(BENCH_INSERT, records), binary COPY from the generated table metadata",
      EnumSet.of(W4C)),
  SLUICE_DSL(
      "sluice-dsl",
      "Sluice's DSL: db.selectFrom(BENCH_POINT).where(BENCH_POINT.id.eq(id)).fetchOne()",
      EnumSet.of(W3, W3C, W3CL)),
  SLUICE_PAIRED(
      "sluice-paired",
      "Sluice's DSL and the same SQL string in one JVM, alternating blocks of "
          + CellMain.PAIR_BLOCK
          + " W3 lookups (the DSL cost target's paired measure)",
      EnumSet.of(W3)),
  SLUICE_PIPELINED(
      "sluice-pipelined",
      "Sluice: Database.pipelining("
          + CellMain.PIPELINING
          + ") over the same 4 connections,"
          + " shared by the 16 callers",
      EnumSet.of(W3C, W3CL)),
  PIPELINED_PAIRED(
      "pipelined-paired",
      "Sluice's pipelined pool and pgjdbc + HikariCP in one JVM, taking turns on the 16 callers in"
          + " blocks of a tenth of the W3c lookups (the pipelined client-CPU target's paired"
          + " measure; p50/p99 are Sluice's)",
      EnumSet.of(W3C)),
  SLUICE_UNNAMED(
      "sluice-unnamed",
      "Sluice with statement_mode=unnamed (for transaction-pooling proxies): Parse + Bind +"
          + " Describe + Execute + Sync of the unnamed statement per lookup",
      EnumSet.of(W3, W3C)),
  SLUICE_TRACKED(
      "sluice-tracked",
      "Sluice with statement_mode=tracked (for PgBouncer 1.21+ with prepared statements): named"
          + " statements, and a Describe of each portal whose columns are checked",
      EnumSet.of(W3, W3C)),
  SLUICE_STITCHED(
      "sluice-stitched",
      "Sluice: W7 as two queries (the films; film_actor × actor ordered by film) stitched into"
          + " the same records in Java",
      EnumSet.of(W7)),
  PGJDBC_TEXT(
      "pgjdbc-text",
      "pgjdbc defaults (text results): a fresh connection per iteration",
      EnumSet.of(W1, W2)),
  PGJDBC_BINARY(
      "pgjdbc-binary",
      "pgjdbc prepareThreshold=-1 (binary results); HikariCP (4) for W3c;"
          + " reWriteBatchedInserts for W4b; CopyManager (text COPY) for W4c, and for W6 its"
          + " text output parsed into records",
      EnumSet.of(W1, W2, W3, W3C, W3CL, W4B, W4C, W5, W5S, W6)),
  PGJDBC_STREAM(
      "pgjdbc-stream",
      "pgjdbc prepareThreshold=-1, fetchSize 10000, autocommit off",
      EnumSet.of(W1, W2)),
  VERTX(
      "vertx",
      "vertx-pg-client 5 pool (1, or 4 for W3c), prepared-statement cache on; reads"
          + " with a Collector",
      EnumSet.of(W1, W2, W3, W3C, W3CL, W4B, W5)),
  VERTX_PIPELINED(
      "vertx-pipelined",
      "vertx-pg-client 5 pooled client with pipelining (PgBuilder.client(), 4 connections,"
          + " pipelining limit "
          + CellMain.PIPELINING
          + ")",
      EnumSet.of(W3C, W3CL)),
  JDBI(
      "jdbi",
      "JDBI 3 ConstructorMapper over pgjdbc prepareThreshold=-1",
      EnumSet.of(W1, W2, W3, W5)),
  JOOQ(
      "jooq",
      "jOOQ plain-SQL ResultQuery.fetchInto(record) over pgjdbc prepareThreshold=-1; W7 with"
          + " MULTISET (jOOQ's JSONB emulation) mapped by Records.mapping",
      EnumSet.of(W1, W2, W3, W5, W7)),
  DRAIN(
      "drain",
      "raw binary drain: our minimal wire client, frames replies only (the floor)",
      EnumSet.of(W1, W2, W3, W5, W5S, W7)),
  IDEAL(
      "ideal",
      "ideal decoder: the drain decoding each DataRow in place into records by hand",
      EnumSet.of(W1, W2, W3, W5, W5S, W7));

  private final String id;
  private final String description;
  private final Set<Workload> workloads;

  Client(String id, String description, Set<Workload> workloads) {
    this.id = id;
    this.description = description;
    this.workloads = workloads;
  }

  String id() {
    return id;
  }

  String description() {
    return description;
  }

  boolean runs(Workload w) {
    return workloads.contains(w);
  }

  /** Creates the implementation; called in the cell's JVM. */
  BenchClient create() {
    switch (this) {
      case SLUICE:
        return new SluiceClient(false);
      case SLUICE_RECORDS:
        return new SluiceClient(false);
      case SLUICE_DSL:
        return new SluiceClient(true);
      case SLUICE_PAIRED:
        return new SluiceClient(false);
      case SLUICE_PIPELINED:
        return new SluiceClient(false, CellMain.PIPELINING);
      case PIPELINED_PAIRED:
        return new PipelinedPair();
      case SLUICE_UNNAMED:
        return new SluiceClient(false, 0, "unnamed");
      case SLUICE_TRACKED:
        return new SluiceClient(false, 0, "tracked");
      case SLUICE_STITCHED:
        return new StitchedClient();
      case PGJDBC_TEXT:
        return new PgjdbcClient(PgjdbcClient.Mode.TEXT);
      case PGJDBC_BINARY:
        return new PgjdbcClient(PgjdbcClient.Mode.BINARY);
      case PGJDBC_STREAM:
        return new PgjdbcClient(PgjdbcClient.Mode.STREAM);
      case VERTX:
        return new VertxClient(false);
      case VERTX_PIPELINED:
        return new VertxClient(true);
      case JDBI:
        return new JdbiClient();
      case JOOQ:
        return new JooqClient();
      case DRAIN:
        return new RawClient(false);
      case IDEAL:
        return new RawClient(true);
      default:
        throw new AssertionError(this);
    }
  }

  static Client byId(String id) {
    for (Client c : values()) {
      if (c.id.equalsIgnoreCase(id)) {
        return c;
      }
    }
    throw new IllegalArgumentException("unknown client \"" + id + "\"; expected one of " + ids());
  }

  static List<Client> parseList(String csv) {
    List<Client> out = new ArrayList<>();
    for (String part : csv.split(",")) {
      if (!part.isBlank()) {
        Client c = byId(part.trim());
        if (!out.contains(c)) {
          out.add(c);
        }
      }
    }
    out.sort(null);
    return out;
  }

  static String ids() {
    StringBuilder sb = new StringBuilder();
    for (Client c : values()) {
      sb.append(sb.length() == 0 ? "" : ", ").append(c.id);
    }
    return sb.toString();
  }
}
