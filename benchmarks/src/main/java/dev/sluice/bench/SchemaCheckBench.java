package dev.sluice.bench;

import dev.sluice.embedded.EmbeddedServer;
import dev.sluice.processor.SluiceProcessor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * What the compile-time schema checks cost a build: one program of 10 {@code @Table} records and a
 * DAO of 100 {@code @Query} methods over 10 tables, compiled with javac (javax.tools, in this JVM,
 * a new processor each time) three ways: without checks, in migrations mode (the embedded server
 * started, described against and stopped, all inside the compilation: with the data directory
 * cache, which the warm-up run fills, and with it off, initdb and the migrations every time) and
 * from a snapshot (no server). Runs rotate the three, after one warm-up run of each; the medians
 * and their difference from the run without checks are printed.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.sluice.bench.SchemaCheckBench [--runs N]}
 */
public final class SchemaCheckBench {
  private static final int TABLES = 10;
  private static final int QUERIES_PER_TABLE = 10;

  private SchemaCheckBench() {}

  public static void main(String[] args) throws IOException {
    int runs = 5;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--runs")) {
        runs = Integer.parseInt(args[++i]);
      } else {
        System.err.println("usage: SchemaCheckBench [--runs N]; unknown: " + args[i]);
        System.exit(2);
      }
    }
    Path work = Files.createTempDirectory("sluice-schema-bench-");
    try {
      Path migrations = work.resolve("migrations");
      writeMigrations(migrations);
      Path snapshot = work.resolve("schema.snapshot");
      List<JavaFileObject> sources = sources();

      // A server already running and migrated, for what the checks cost without any start.
      EmbeddedServer running = EmbeddedServer.start();
      try (Connection c = running.jdbc("postgres", "schema-bench");
          Statement s = c.createStatement();
          Stream<Path> files = Files.list(migrations)) {
        for (Path f : (Iterable<Path>) files.sorted(SchemaCheckBench::byVersion)::iterator) {
          s.execute(Files.readString(f));
        }
      } catch (SQLException e) {
        throw new IllegalStateException("could not migrate the benchmark's server", e);
      }
      Map<String, List<String>> modes = new LinkedHashMap<>();
      modes.put("no checks", List.of());
      modes.put(
          "live (server running)",
          List.of(
              "-Asluice.schema.url=postgresql://postgres@localhost:"
                  + running.port()
                  + "/postgres"));
      modes.put(
          "migrations, cache off",
          List.of("-Asluice.schema.migrations=" + migrations, "-Asluice.schema.cache=none"));
      Path cache = work.resolve("cache");
      modes.put(
          "migrations",
          List.of("-Asluice.schema.migrations=" + migrations, "-Asluice.schema.cache=" + cache));
      modes.put("snapshot", List.of("-Asluice.schema.snapshot=" + snapshot));
      // The snapshot the third mode reads, written once (not timed).
      compile(
          work,
          sources,
          List.of(
              "-Asluice.schema.migrations=" + migrations,
              "-Asluice.schema.cache=none",
              "-Asluice.schema.snapshot=" + snapshot));

      Map<String, List<Double>> seconds = new LinkedHashMap<>();
      for (String mode : modes.keySet()) {
        seconds.put(mode, new ArrayList<>());
        compile(work, sources, modes.get(mode));
      }
      for (int run = 0; run < runs; run++) {
        for (String mode : modes.keySet()) {
          seconds.get(mode).add(compile(work, sources, modes.get(mode)));
        }
      }
      System.out.printf(
          Locale.ROOT,
          "%d @Query methods and %d @Table records, javac in-process, %d runs after a warm-up%n",
          TABLES * QUERIES_PER_TABLE,
          TABLES,
          runs);
      double base = median(seconds.get("no checks"));
      for (Map.Entry<String, List<Double>> e : seconds.entrySet()) {
        double m = median(e.getValue());
        System.out.printf(
            Locale.ROOT,
            "%-22s median %6.2f s  checks add %+6.2f s   runs %s%n",
            e.getKey(),
            m,
            m - base,
            format(e.getValue()));
      }
      running.close();
    } finally {
      deleteRecursively(work);
    }
  }

  /** V2 before V10. */
  private static int byVersion(Path a, Path b) {
    return Integer.compare(version(a), version(b));
  }

  private static int version(Path file) {
    String name = file.getFileName().toString();
    return Integer.parseInt(name.substring(1, name.indexOf("__")));
  }

  /** Compiles the program once with the options; seconds taken. Fails on any error. */
  private static double compile(Path work, List<JavaFileObject> sources, List<String> options)
      throws IOException {
    Path out = Files.createTempDirectory(work, "out-");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<String> all = new ArrayList<>(options);
    all.addAll(
        List.of(
            "-classpath",
            System.getProperty("java.class.path"),
            "-d",
            out.toString(),
            "-s",
            out.toString()));
    long started = System.nanoTime();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task =
          javac.getTask(null, files, diagnostics, all, null, sources);
      task.setProcessors(List.of(new SluiceProcessor()));
      boolean ok = task.call();
      double took = (System.nanoTime() - started) / 1e9;
      for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
        if (d.getKind() == Diagnostic.Kind.ERROR || d.getKind() == Diagnostic.Kind.WARNING) {
          throw new IllegalStateException(options + ": " + d);
        }
      }
      if (!ok) {
        throw new IllegalStateException(options + ": javac failed");
      }
      return took;
    } finally {
      deleteRecursively(out);
    }
  }

  private static void writeMigrations(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(
        dir.resolve("V1__types.sql"), "CREATE TYPE mood AS ENUM ('happy', 'sad', 'so-so');\n");
    for (int t = 0; t < TABLES; t++) {
      Files.writeString(
          dir.resolve("V" + (t + 2) + "__t" + t + ".sql"),
          "CREATE TABLE t"
              + t
              + " (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL, note text,"
              + " amount numeric(10,2) NOT NULL, created timestamptz NOT NULL DEFAULT now(),"
              + " qty int, flag boolean NOT NULL DEFAULT false, kind mood);\n"
              + "CREATE INDEX t"
              + t
              + "_name ON t"
              + t
              + " (name);\n");
    }
  }

  private static List<JavaFileObject> sources() {
    List<JavaFileObject> out = new ArrayList<>();
    String imports =
        "package bench;\nimport dev.sluice.annotations.*;\nimport java.math.*;\n"
            + "import java.time.*;\nimport java.util.*;\n";
    out.add(
        source(
            "Mood",
            imports
                + "public enum Mood { @Label(\"happy\") HAPPY, @Label(\"sad\") SAD,"
                + " @Label(\"so-so\") SO_SO }\n"));
    out.add(source("Pair", imports + "@Row public record Pair(String name, String other) {}\n"));
    out.add(source("Total", imports + "@Row public record Total(int id, BigDecimal total) {}\n"));
    StringBuilder dao = new StringBuilder(imports).append("@Dao public interface Shop {\n");
    for (int t = 0; t < TABLES; t++) {
      String r = "T" + t;
      String table = "t" + t;
      String next = "t" + ((t + 1) % TABLES);
      out.add(
          source(
              r,
              imports
                  + "@Table(\""
                  + table
                  + "\") public record "
                  + r
                  + "(@Id @Generated int id, String name, @Nullable String note,"
                  + " BigDecimal amount, Instant created, @Nullable Integer qty, boolean flag,"
                  + " @Nullable Mood kind) {}\n"));
      String[] queries = {
        "\"SELECT * FROM "
            + table
            + " WHERE id = :id\") Optional<"
            + r
            + "> byId"
            + t
            + "(int id);",
        "\"SELECT name FROM "
            + table
            + " WHERE name LIKE :p\") List<String> names"
            + t
            + "(String p);",
        "\"SELECT count(*) FROM " + table + "\") long count" + t + "();",
        "\"SELECT * FROM "
            + table
            + " WHERE amount > :a ORDER BY id LIMIT :n\") List<"
            + r
            + "> above"
            + t
            + "(BigDecimal a, int n);",
        "\"UPDATE "
            + table
            + " SET note = :n WHERE id = :id\") int note"
            + t
            + "(int id, String n);",
        "\"DELETE FROM " + table + " WHERE id = :id\") int delete" + t + "(int id);",
        "\"SELECT a.name, b.name AS other FROM "
            + table
            + " a JOIN "
            + next
            + " b ON b.id = a.id\") List<Pair> pairs"
            + t
            + "();",
        "\"SELECT id, sum(amount) AS total FROM "
            + table
            + " GROUP BY id\") List<Total> totals"
            + t
            + "();",
        "\"SELECT * FROM "
            + table
            + " WHERE created >= :since AND kind = :k\") List<"
            + r
            + "> since"
            + t
            + "(Instant since, Mood k);",
        "\"SELECT qty FROM " + table + " WHERE flag = :f\") List<Integer> qty" + t + "(boolean f);",
      };
      for (String q : queries) {
        dao.append("  @Query(").append(q).append('\n');
      }
    }
    out.add(source("Shop", dao.append("}\n").toString()));
    return out;
  }

  private static JavaFileObject source(String name, String text) {
    return new SimpleJavaFileObject(
        URI.create("string:///bench/" + name + ".java"), JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return text;
      }
    };
  }

  private static double median(List<Double> values) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static String format(List<Double> values) {
    String[] out = new String[values.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = String.format(Locale.ROOT, "%.2f", values.get(i));
    }
    return Arrays.toString(out);
  }

  private static void deleteRecursively(Path directory) {
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
