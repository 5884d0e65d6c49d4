package dev.sluice.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a cell in a fresh JVM (same java, same class path, the stated flags) and reads back what it
 * printed. Lines without the cell prefix (a library's chatter) are echoed to the log, indented.
 */
final class CellLauncher {
  /** The reference flags of every cell: a 2 GiB heap and G1, named even where it is the default. */
  static final List<String> BASE_FLAGS = List.of("-Xmx2g", "-XX:+UseG1GC");

  private final List<String> flags;
  private final Path jfrDirectory;
  private final PrintStream log;

  CellLauncher(List<String> extraFlags, Path jfrDirectory, PrintStream log) {
    List<String> f = new ArrayList<>(BASE_FLAGS);
    f.addAll(extraFlags);
    this.flags = List.copyOf(f);
    this.jfrDirectory = jfrDirectory;
    this.log = log;
  }

  List<String> flags() {
    return flags;
  }

  CellResult run(CellSpec spec) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(flags);
    if (jfrDirectory != null) {
      Files.createDirectories(jfrDirectory);
      Path file = jfrDirectory.resolve(spec.workload().id() + "-" + spec.client().id() + ".jfr");
      cmd.add("-XX:StartFlightRecording=settings=profile,filename=" + file);
      // JFR announces each recording at startup; keep the cell's output to its figures.
      cmd.add("-Xlog:jfr+startup=warning");
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(CellMain.class.getName());
    cmd.addAll(spec.toArgs());
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    List<Sample> samples = new ArrayList<>();
    long p50 = -1;
    long p99 = -1;
    String error = null;
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (!line.startsWith(CellMain.PREFIX)) {
          log.println("    | " + line);
          continue;
        }
        String[] f = line.substring(CellMain.PREFIX.length()).split(" ");
        switch (f[0]) {
          case "iter":
            if (f[1].equals("1")) {
              samples.add(Sample.parse(f, 2));
            }
            break;
          case "latency":
            p50 = Long.parseLong(f[1]);
            p99 = Long.parseLong(f[2]);
            break;
          case "error":
            error = line.substring(CellMain.PREFIX.length() + "error ".length());
            break;
          default:
            log.println("    | " + line);
        }
      }
    }
    int status = p.waitFor();
    if (error == null && status != 0) {
      error = "the cell's JVM exited with status " + status;
    }
    if (error == null && samples.size() != spec.iterations()) {
      error = "the cell reported " + samples.size() + " of " + spec.iterations() + " iterations";
    }
    if (error != null) {
      return CellResult.failed(spec.client(), spec.workload(), error);
    }
    return new CellResult(spec.client(), spec.workload(), List.copyOf(samples), p50, p99, null);
  }
}
