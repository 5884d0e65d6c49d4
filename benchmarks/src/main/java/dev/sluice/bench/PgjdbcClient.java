package dev.sluice.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyOut;

/**
 * pgjdbc as applications use it: a PreparedStatement per call (pgjdbc keeps the server-side
 * statement in its per-connection cache), columns read by index into records. Three modes:
 *
 * <ul>
 *   <li>TEXT: driver defaults, and a fresh connection per iteration, since pgjdbc switches a
 *       statement to server-prepared binary results after five executions (prepareThreshold=5);
 *   <li>BINARY: prepareThreshold=-1, binary results from the first execution; behind HikariCP (4
 *       connections) for W3c; with reWriteBatchedInserts=true for W4b; CopyManager for W4c;
 *   <li>STREAM: BINARY plus fetchSize 10000 with autocommit off (pgjdbc ignores the fetch size
 *       under autocommit), so rows arrive in portions of 10,000 instead of all buffered.
 * </ul>
 */
final class PgjdbcClient extends BenchClient {
  enum Mode {
    TEXT,
    BINARY,
    STREAM
  }

  private final Mode mode;
  private String jdbcUrl;

  /** The one connection (null for W3c, which uses {@link #pool}). */
  private Connection connection;

  private HikariDataSource pool;

  PgjdbcClient(Mode mode) {
    this.mode = mode;
  }

  @Override
  void setUp(CellSpec spec) throws SQLException {
    StringBuilder url = new StringBuilder(Urls.jdbc(spec.workloadUrl()));
    if (mode != Mode.TEXT) {
      url.append("&prepareThreshold=-1");
    }
    if (spec.workload() == Workload.W4B) {
      url.append("&reWriteBatchedInserts=true");
    }
    jdbcUrl = url.toString();
    if (spec.workload().isConcurrent()) {
      HikariConfig config = new HikariConfig();
      config.setJdbcUrl(jdbcUrl);
      config.setMaximumPoolSize(4);
      config.setMinimumIdle(4);
      config.setPoolName("bench");
      pool = new HikariDataSource(config);
    } else if (mode != Mode.TEXT) {
      connection = DriverManager.getConnection(jdbcUrl);
      if (mode == Mode.STREAM) {
        connection.setAutoCommit(false);
      }
    }
  }

  @Override
  void beforeIteration() throws SQLException {
    if (mode == Mode.TEXT) {
      if (connection != null) {
        connection.close();
      }
      connection = DriverManager.getConnection(jdbcUrl);
    }
  }

  @Override
  Object readWide() throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(Sql.W1)) {
      streamIfAsked(ps);
      List<Wide> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(
              new Wide(
                  rs.getDouble(1),
                  rs.getInt(2),
                  rs.getString(3),
                  rs.getObject(4, UUID.class),
                  rs.getString(5)));
        }
      }
      endRead();
      return out;
    }
  }

  @Override
  Object readNarrow() throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(Sql.W2)) {
      streamIfAsked(ps);
      List<Narrow> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new Narrow(rs.getLong(1), rs.getLong(2), rs.getLong(3)));
        }
      }
      endRead();
      return out;
    }
  }

  private void streamIfAsked(PreparedStatement ps) throws SQLException {
    if (mode == Mode.STREAM) {
      ps.setFetchSize(10_000);
    }
  }

  /** Ends the read transaction that streaming needs. */
  private void endRead() throws SQLException {
    if (mode == Mode.STREAM) {
      connection.commit();
    }
  }

  @Override
  Object lookup(int id) throws SQLException {
    if (pool == null) {
      return lookup(connection, id);
    }
    try (Connection c = pool.getConnection()) {
      return lookup(c, id);
    }
  }

  private static Point lookup(Connection c, int id) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(Sql.W3_JDBC)) {
      ps.setInt(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? new Point(rs.getInt(1), rs.getString(2), rs.getLong(3)) : null;
      }
    }
  }

  @Override
  long insertBatch(List<Wide> rows) throws SQLException {
    connection.setAutoCommit(false);
    try (PreparedStatement ps = connection.prepareStatement(Sql.INSERT_JDBC)) {
      for (Wide r : rows) {
        ps.setDouble(1, r.f());
        ps.setInt(2, r.i());
        ps.setString(3, r.s());
        ps.setObject(4, r.u());
        if (r.n() == null) {
          ps.setNull(5, Types.VARCHAR);
        } else {
          ps.setString(5, r.n());
        }
        ps.addBatch();
      }
      ps.executeBatch();
      connection.commit();
    } finally {
      connection.setAutoCommit(true);
    }
    // With reWriteBatchedInserts the per-statement counts are SUCCESS_NO_INFO; trust the commit.
    return rows.size();
  }

  /** pgjdbc's CopyManager with the text format, the format it is used with in practice. */
  @Override
  long insertCopy(List<Wide> rows) throws SQLException {
    CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(Sql.COPY_TEXT);
    try {
      StringBuilder sb = new StringBuilder(80 * 1024);
      for (Wide r : rows) {
        sb.append(r.f()).append('\t').append(r.i()).append('\t');
        appendText(sb, r.s());
        sb.append('\t').append(r.u()).append('\t');
        appendText(sb, r.n());
        sb.append('\n');
        if (sb.length() >= 64 * 1024) {
          byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
          copy.writeToCopy(bytes, 0, bytes.length);
          sb.setLength(0);
        }
      }
      byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
      copy.writeToCopy(bytes, 0, bytes.length);
      return copy.endCopy();
    } finally {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
    }
  }

  /**
   * W6: {@code COPY (W1) TO STDOUT} in text through CopyManager, each row (one CopyData) parsed
   * into a Wide: split at tabs, {@code \N} read as NULL, backslash escapes undone.
   */
  @Override
  Object copyOutWide() throws SQLException {
    CopyOut copy =
        connection
            .unwrap(PGConnection.class)
            .getCopyAPI()
            .copyOut("COPY (" + Sql.W1 + ") TO STDOUT");
    List<Wide> out = new ArrayList<>();
    try {
      byte[] row;
      while ((row = copy.readFromCopy()) != null) {
        out.add(parseWide(new String(row, 0, row.length - 1, StandardCharsets.UTF_8)));
      }
    } finally {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
    }
    return out;
  }

  /** One text COPY row of W1's columns (its newline already cut off). */
  private static Wide parseWide(String line) {
    int t1 = line.indexOf('\t');
    int t2 = line.indexOf('\t', t1 + 1);
    int t3 = line.indexOf('\t', t2 + 1);
    int t4 = line.indexOf('\t', t3 + 1);
    return new Wide(
        Double.parseDouble(line.substring(0, t1)),
        Integer.parseInt(line.substring(t1 + 1, t2)),
        textValue(line.substring(t2 + 1, t3)),
        UUID.fromString(line.substring(t3 + 1, t4)),
        textValue(line.substring(t4 + 1)));
  }

  /** A text COPY field: {@code \N} is NULL; backslash escapes undone. */
  private static String textValue(String field) {
    if (field.equals("\\N")) {
      return null;
    }
    if (field.indexOf('\\') < 0) {
      return field;
    }
    StringBuilder sb = new StringBuilder(field.length());
    for (int k = 0; k < field.length(); k++) {
      char c = field.charAt(k);
      if (c != '\\' || k + 1 == field.length()) {
        sb.append(c);
        continue;
      }
      char e = field.charAt(++k);
      sb.append(e == 't' ? '\t' : e == 'n' ? '\n' : e == 'r' ? '\r' : e);
    }
    return sb.toString();
  }

  /** A value in COPY's text format: \N for NULL; backslash, tab, newline and CR escaped. */
  private static void appendText(StringBuilder sb, String s) {
    if (s == null) {
      sb.append("\\N");
      return;
    }
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      switch (c) {
        case '\\':
          sb.append("\\\\");
          break;
        case '\t':
          sb.append("\\t");
          break;
        case '\n':
          sb.append("\\n");
          break;
        case '\r':
          sb.append("\\r");
          break;
        default:
          sb.append(c);
      }
    }
  }

  @Override
  Object readFilms() throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(Sql.W5);
        ResultSet rs = ps.executeQuery()) {
      List<FilmRow> out = new ArrayList<>();
      while (rs.next()) {
        int year = rs.getInt(4);
        Integer releaseYear = rs.wasNull() ? null : year;
        short len = rs.getShort(6);
        Short length = rs.wasNull() ? null : len;
        BigDecimal rate = rs.getBigDecimal(5);
        OffsetDateTime updated = rs.getObject(8, OffsetDateTime.class);
        out.add(
            new FilmRow(
                rs.getInt(1),
                rs.getString(2),
                rs.getString(3),
                releaseYear,
                rate,
                length,
                rs.getString(7),
                updated == null ? null : updated.toInstant(),
                rs.getString(9),
                rs.getString(10)));
      }
      return out;
    }
  }

  @Override
  Object readFilmSummaries() throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(Sql.W5S);
        ResultSet rs = ps.executeQuery()) {
      List<FilmSummary> out = new ArrayList<>();
      while (rs.next()) {
        out.add(
            new FilmSummary(
                rs.getInt(1),
                rs.getString(2),
                rs.getString(3),
                rs.getBigDecimal(4),
                rs.getString(5),
                rs.getString(6)));
      }
      return out;
    }
  }

  @Override
  public void close() throws SQLException {
    if (pool != null) {
      pool.close();
    }
    if (connection != null) {
      connection.close();
    }
  }
}
