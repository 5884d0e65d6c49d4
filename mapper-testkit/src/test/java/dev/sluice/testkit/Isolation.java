package dev.sluice.testkit;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** What the two isolation test classes share: the database each was given. */
final class Isolation {
  private static final Map<Class<?>, String> NAMES = new ConcurrentHashMap<>();

  private Isolation() {}

  static void record(Class<?> testClass, String databaseName) {
    NAMES.put(testClass, databaseName);
  }

  static List<String> databaseNames() {
    return new ArrayList<>(NAMES.values());
  }

  static boolean tableExists(TestDatabase database, String table) throws SQLException {
    try (Connection connection = database.jdbc();
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery("SELECT to_regclass('public." + table + "') IS NOT NULL")) {
      rows.next();
      return rows.getBoolean(1);
    }
  }
}
