package dev.sluice.driver.config;

import dev.sluice.PgException;
import dev.sluice.driver.Causes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * libpq's connection service files ({@code pg_service.conf}): INI sections named after services,
 * each line a {@code keyword=value} pair. The per-user file is read first; a service found there is
 * not looked for in the system-wide file. As in libpq, whitespace is trimmed at both ends of a line
 * but not around '=', '#' starts a comment line, only the first section of the name counts, and a
 * missing file is skipped.
 */
final class ServiceFile {
  private ServiceFile() {}

  /** One setting of a service, with where it was written for error messages. */
  record Entry(String keyword, String value, Path file, int line) {
    String where() {
      return "line " + line + " of service file \"" + file + "\"";
    }
  }

  /** The settings of {@code service}, from the first of the files that defines it. */
  static List<Entry> find(String service, Path userFile, Path systemFile) {
    for (Path file : new Path[] {userFile, systemFile}) {
      List<Entry> entries = read(service, file);
      if (entries != null) {
        return entries;
      }
    }
    throw new PgException(
        "08001",
        "definition of service \""
            + service
            + "\" not found (looked in \""
            + userFile
            + "\" and \""
            + systemFile
            + "\")");
  }

  /** The service's entries in {@code file}, or null when the file or the section is missing. */
  private static List<Entry> read(String service, Path file) {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new PgException(
          "08001", "could not read service file \"" + file + "\": " + Causes.describe(e), null, e);
    }
    List<Entry> entries = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("[")) {
        if (entries != null) {
          break; // the end of the service's section
        }
        if (line.equals("[" + service + "]")) {
          entries = new ArrayList<>();
        }
        continue;
      }
      if (entries == null) {
        continue;
      }
      int eq = line.indexOf('=');
      if (eq < 0) {
        throw new PgException(
            "08001",
            "syntax error in service file \"" + file + "\", line " + (i + 1) + ": no \"=\"");
      }
      String keyword = line.substring(0, eq);
      if (keyword.equals("service") || keyword.equals("servicefile")) {
        throw new PgException(
            "08001",
            "nested "
                + keyword
                + " specifications are not supported in service file \""
                + file
                + "\", line "
                + (i + 1));
      }
      entries.add(new Entry(keyword, line.substring(eq + 1), file, i + 1));
    }
    return entries;
  }
}
