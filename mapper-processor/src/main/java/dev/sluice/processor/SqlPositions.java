package dev.sluice.processor;

import dev.sluice.processor.SqlParameterLexer.Occurrence;
import dev.sluice.processor.SqlParameterLexer.ParsedSql;
import java.util.List;

/**
 * The SQL the schema checks describe, and the way back from its offsets to the SQL as written.
 *
 * <p>Each occurrence of a {@code :name} becomes a placeholder of its own, {@code ?} for pgjdbc
 * (which numbers them {@code $1, $2, …} and cannot describe {@code $n} it did not write), and where
 * the runtime declares a type for the value ({@code int4} for an int) {@code (?::int4)}: a cast of
 * an untyped parameter gives it that type, as a declared type does. A {@code ?} operator of the
 * user's (jsonb {@code ?}) would be read by pgjdbc as a placeholder: write {@code jsonb_exists}.
 * Everything else is copied unchanged (as the lexer copies it), so an error position maps back
 * exactly, and a position inside a replaced parameter maps to its colon.
 */
final class SqlPositions {
  /** The SQL PostgreSQL receives: {@code $k} for the k-th occurrence of any name. */
  final String sql;

  /** The same for pgjdbc, which numbers its {@code ?} placeholders so. */
  final String jdbcSql;

  /** Per occurrence: its offset in {@link #sql}, and the length written there. */
  private final int[] describedStart;

  private final int[] describedLength;
  private final List<Occurrence> occurrences;

  private SqlPositions(
      String sql,
      String jdbcSql,
      int[] describedStart,
      int[] describedLength,
      List<Occurrence> occurrences) {
    this.sql = sql;
    this.jdbcSql = jdbcSql;
    this.describedStart = describedStart;
    this.describedLength = describedLength;
    this.occurrences = occurrences;
  }

  /**
   * The SQL for {@code source}, lexed as {@code parsed}; {@code declared.get(i)} is the type
   * declared for {@code $(i+1)}, or null for none.
   */
  static SqlPositions describe(String source, ParsedSql parsed, List<String> declared) {
    StringBuilder out = new StringBuilder(source.length() + 16);
    StringBuilder jdbc = new StringBuilder(source.length() + 16);
    List<Occurrence> occurrences = parsed.occurrences;
    int[] starts = new int[occurrences.size()];
    int[] lengths = new int[occurrences.size()];
    int copied = 0;
    for (int i = 0; i < occurrences.size(); i++) {
      Occurrence o = occurrences.get(i);
      out.append(source, copied, o.offset);
      jdbc.append(source, copied, o.offset);
      starts[i] = out.length();
      String type = declared.get(parsed.position(o.name) - 1);
      if (type == null) {
        out.append('$').append(i + 1);
        jdbc.append('?');
      } else {
        out.append("($").append(i + 1).append("::").append(type).append(')');
        jdbc.append("(?::").append(type).append(')');
      }
      lengths[i] = out.length() - starts[i];
      copied = o.offset + 1 + o.name.length();
    }
    out.append(source, copied, source.length());
    jdbc.append(source, copied, source.length());
    return new SqlPositions(out.toString(), jdbc.toString(), starts, lengths, occurrences);
  }

  /** The index of the first occurrence of {@code name}: its {@code $k} is k = index + 1. */
  int firstOccurrence(String name) {
    for (int i = 0; i < occurrences.size(); i++) {
      if (occurrences.get(i).name.equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /** The offset in the written SQL of offset {@code sent} (0-based) in {@link #sql}. */
  int sourceOffset(int sent) {
    int shift = 0;
    for (int i = 0; i < occurrences.size(); i++) {
      if (sent < describedStart[i]) {
        break;
      }
      Occurrence o = occurrences.get(i);
      if (sent < describedStart[i] + describedLength[i]) {
        return o.offset;
      }
      shift = o.offset + 1 + o.name.length() - (describedStart[i] + describedLength[i]);
    }
    return sent + shift;
  }

  /** Up to 30 characters of {@code sql} from {@code offset}, to the end of its line. */
  static String fragment(String sql, int offset) {
    int start = Math.max(0, Math.min(offset, sql.length()));
    int end = Math.min(sql.length(), start + 30);
    int newline = sql.indexOf('\n', start);
    if (newline >= 0 && newline < end) {
      end = newline;
    }
    return sql.substring(start, end).replace("\"", "\\\"");
  }
}
