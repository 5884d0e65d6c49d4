package dev.sluice.processor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A schema snapshot as text: a header of {@code name value} lines, then one entry per fact the
 * checks read, each a key line at the left margin and its answer in lines indented by two spaces,
 * entries separated by a blank line and sorted by key, so that two snapshots of one schema are the
 * same bytes and a change to the schema is a small diff. {@link FactsCodec} says what the keys and
 * answers hold.
 *
 * <p>A line is fields separated by one space. A field is written bare when it is made only of
 * letters, digits and {@code _ . , : / $ ( ) [ ] + * = < > @ # % -}, else in double quotes with
 * {@code \"}, {@code \\}, {@code \n}, {@code \r} and {@code \t} escaped; a bare {@code -} stands
 * for no value (null), so a field that is a dash is quoted. Lines starting with {@code #} are
 * comments.
 *
 * <p>{@link #write} replaces the file atomically (a temporary file beside it, then a rename), so a
 * build that is killed, or another build reading it, never sees half a snapshot.
 */
final class SnapshotFile {
  /**
   * The first line that is no comment; a later format gets a new number. Format 2 records columns
   * the plan cannot decide as {@code unknown} and statements with no plan as {@code unplanned},
   * where format 1 recorded their base column's NOT NULL, so a format-1 file cannot be read. Format
   * 3 may end a NULLABLE result column's line with its cause; a format-2 file is a format-3 file
   * without causes and is read as one, while a Sluice that knows only format 2 refuses a format-3
   * file by its first line rather than by a column line's field count.
   */
  static final String FORMAT = "sluice-schema-snapshot 3";

  /** The first line of format 2, still read. */
  private static final String FORMAT_2 = "sluice-schema-snapshot 2";

  /** The first line of the format before 2. */
  private static final String FORMAT_1 = "sluice-schema-snapshot 1";

  static final String SERVER_VERSION = "server-version";
  static final String SOURCE = "source";
  static final String MIGRATIONS = "migrations";
  static final String MIGRATIONS_DIGEST = "migrations-digest";
  static final String SEARCH_PATH = "search-path";

  /** Header fields in the order written: each a value, or null. */
  final Map<String, String> header = new LinkedHashMap<>();

  /** Key line to answer lines (without their indentation), sorted by key. */
  final TreeMap<String, List<String>> entries = new TreeMap<>();

  /** Why a snapshot file could not be read; the message names file and line. */
  static final class FormatException extends Exception {
    private static final long serialVersionUID = 1L;

    FormatException(String message) {
      super(message);
    }
  }

  static SnapshotFile read(Path file) throws IOException, FormatException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    SnapshotFile out = new SnapshotFile();
    int i = 0;
    while (i < lines.size() && (lines.get(i).startsWith("#") || lines.get(i).isEmpty())) {
      i++;
    }
    if (i < lines.size() && lines.get(i).equals(FORMAT_1)) {
      throw new FormatException(
          file
              + " is a snapshot of format 1, whose nullability answers this Sluice no longer"
              + " trusts (it took the base column's NOT NULL where the plan could not decide);"
              + " "
              + SnapshotFacts.refresh(file));
    }
    if (i == lines.size() || !(lines.get(i).equals(FORMAT) || lines.get(i).equals(FORMAT_2))) {
      throw new FormatException(
          file
              + " is no Sluice schema snapshot of this version (its first line should be \""
              + FORMAT
              + "\")");
    }
    for (i++; i < lines.size() && !lines.get(i).isEmpty(); i++) {
      List<String> fields = fields(lines.get(i), file, i);
      if (fields.size() != 2) {
        throw new FormatException(file + ":" + (i + 1) + ": a header line is a name and a value");
      }
      out.header.put(fields.get(0), fields.get(1));
    }
    List<String> body = null;
    for (; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("  ")) {
        if (body == null) {
          throw new FormatException(file + ":" + (i + 1) + ": an answer line before any key");
        }
        body.add(line.substring(2));
      } else {
        body = new ArrayList<>();
        if (out.entries.put(line, body) != null) {
          throw new FormatException(file + ":" + (i + 1) + ": a second entry for " + line);
        }
      }
    }
    return out;
  }

  /** The whole text, as {@link #write} writes it. */
  String text() {
    StringBuilder out =
        new StringBuilder(
            "# Sluice schema snapshot: what the compile-time schema checks read, written by javac"
                + " with\n# -Asluice.schema.snapshot and a schema source. Refresh it, do not edit"
                + " it (mapper-processor README).\n");
    out.append(FORMAT).append('\n');
    for (Map.Entry<String, String> h : header.entrySet()) {
      out.append(h.getKey()).append(' ').append(field(h.getValue())).append('\n');
    }
    for (Map.Entry<String, List<String>> e : entries.entrySet()) {
      out.append('\n').append(e.getKey()).append('\n');
      for (String line : e.getValue()) {
        out.append("  ").append(line).append('\n');
      }
    }
    return out.toString();
  }

  /** Writes the snapshot to {@code file} atomically, creating its directory if need be. */
  void write(Path file) throws IOException {
    Path target = file.toAbsolutePath();
    Files.createDirectories(target.getParent());
    Path temp = Files.createTempFile(target.getParent(), target.getFileName() + ".", ".tmp");
    try {
      Files.writeString(temp, text(), StandardCharsets.UTF_8);
      try {
        Files.move(
            temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** One line from its fields. */
  static String line(String... fields) {
    StringBuilder out = new StringBuilder();
    for (String f : fields) {
      if (out.length() > 0) {
        out.append(' ');
      }
      out.append(field(f));
    }
    return out.toString();
  }

  /** A field as written: bare, {@code -} for null, or quoted. */
  static String field(String value) {
    if (value == null) {
      return "-";
    }
    boolean bare = !value.isEmpty() && !value.equals("-");
    for (int i = 0; i < value.length() && bare; i++) {
      char c = value.charAt(i);
      bare =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || "_.,:/$()[]+*=<>@#%-".indexOf(c) >= 0;
    }
    if (bare) {
      return value;
    }
    StringBuilder out = new StringBuilder(value.length() + 2).append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"':
          out.append("\\\"");
          break;
        case '\\':
          out.append("\\\\");
          break;
        case '\n':
          out.append("\\n");
          break;
        case '\r':
          out.append("\\r");
          break;
        case '\t':
          out.append("\\t");
          break;
        default:
          out.append(c);
      }
    }
    return out.append('"').toString();
  }

  /** The fields of a line written by {@link #line}; a bare {@code -} is null. */
  static List<String> fields(String line) throws FormatException {
    return fields(line, null, -1);
  }

  private static List<String> fields(String line, Path file, int index) throws FormatException {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < line.length()) {
      if (line.charAt(i) == '"') {
        StringBuilder value = new StringBuilder();
        i++;
        while (true) {
          if (i >= line.length()) {
            throw new FormatException(where(file, index) + "an unterminated quoted field: " + line);
          }
          char c = line.charAt(i++);
          if (c == '"') {
            break;
          }
          if (c == '\\' && i < line.length()) {
            char e = line.charAt(i++);
            value.append(e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : e);
          } else {
            value.append(c);
          }
        }
        out.add(value.toString());
      } else {
        int end = line.indexOf(' ', i);
        String bare = line.substring(i, end < 0 ? line.length() : end);
        out.add(bare.equals("-") ? null : bare);
        i += bare.length();
      }
      if (i < line.length()) {
        if (line.charAt(i) != ' ') {
          throw new FormatException(
              where(file, index) + "fields are separated by a space: " + line);
        }
        i++;
      }
    }
    return out;
  }

  private static String where(Path file, int index) {
    return file == null ? "" : file + ":" + (index + 1) + ": ";
  }
}
