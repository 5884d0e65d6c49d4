package dev.sluice.annotations;

import java.util.Set;

/**
 * Table and column names as SQL text: as they are when PostgreSQL reads them unchanged (a
 * lower-case word that is not a reserved key word), else double-quoted with quotes doubled.
 *
 * <p>Not an annotation: it lives here because this is the one module both the annotation processor
 * (the INSERT, UPDATE and DELETE it writes for a {@code @Dao}) and the runtime's query DSL depend
 * on, so both quote by the same rule and the same key words.
 */
public final class Identifiers {
  private Identifiers() {}

  /**
   * {@code name} as SQL text, quoted when it has to be.
   *
   * @param name a table or column name, exactly as PostgreSQL spells it
   * @return {@code name} unchanged when {@link #isPlain} holds, else double-quoted with its quotes
   *     doubled
   * @throws IllegalArgumentException if it contains a NUL character, which no name can hold
   */
  public static String quote(String name) {
    if (isPlain(name)) {
      return name;
    }
    StringBuilder sb = new StringBuilder(name.length() + 2);
    append(sb, name);
    return sb.toString();
  }

  /**
   * Appends {@code name} as SQL text, quoted when it has to be.
   *
   * @param sb the SQL being written
   * @param name a table or column name, exactly as PostgreSQL spells it
   * @throws IllegalArgumentException if it contains a NUL character, which no name can hold
   */
  public static void append(StringBuilder sb, String name) {
    if (isPlain(name)) {
      sb.append(name);
      return;
    }
    sb.append('"');
    for (int i = 0; i < name.length(); i++) {
      char ch = name.charAt(i);
      if (ch == '"') {
        sb.append('"');
      } else if (ch == 0) {
        throw new IllegalArgumentException("identifier contains a NUL character: " + name);
      }
      sb.append(ch);
    }
    sb.append('"');
  }

  /**
   * Whether PostgreSQL reads {@code name} unquoted as itself: lower case, no key word.
   *
   * @param name a table or column name, exactly as PostgreSQL spells it
   * @return true if {@code name} may appear in SQL without quotes
   */
  public static boolean isPlain(String name) {
    if (name.isEmpty()) {
      return false;
    }
    char first = name.charAt(0);
    if (!(first >= 'a' && first <= 'z' || first == '_')) {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      char ch = name.charAt(i);
      if (!(ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '_' || ch == '$')) {
        return false;
      }
    }
    // Lower case already (checked above), so the key words' spelling.
    return !KEYWORDS.contains(name);
  }

  /**
   * PostgreSQL's reserved key words and those that cannot name a column or table unquoted (Appendix
   * C of the manual, "reserved" and "reserved (can be function or type)").
   */
  private static final Set<String> KEYWORDS =
      Set.of(
          "all",
          "analyse",
          "analyze",
          "and",
          "any",
          "array",
          "as",
          "asc",
          "asymmetric",
          "authorization",
          "binary",
          "both",
          "case",
          "cast",
          "check",
          "collate",
          "collation",
          "column",
          "concurrently",
          "constraint",
          "create",
          "cross",
          "current_catalog",
          "current_date",
          "current_role",
          "current_schema",
          "current_time",
          "current_timestamp",
          "current_user",
          "default",
          "deferrable",
          "desc",
          "distinct",
          "do",
          "else",
          "end",
          "except",
          "false",
          "fetch",
          "for",
          "foreign",
          "freeze",
          "from",
          "full",
          "grant",
          "group",
          "having",
          "ilike",
          "in",
          "initially",
          "inner",
          "intersect",
          "into",
          "is",
          "isnull",
          "join",
          "lateral",
          "leading",
          "left",
          "like",
          "limit",
          "localtime",
          "localtimestamp",
          "natural",
          "not",
          "notnull",
          "null",
          "offset",
          "on",
          "only",
          "or",
          "order",
          "outer",
          "overlaps",
          "placing",
          "primary",
          "references",
          "returning",
          "right",
          "select",
          "session_user",
          "similar",
          "some",
          "symmetric",
          "system_user",
          "table",
          "tablesample",
          "then",
          "to",
          "trailing",
          "true",
          "union",
          "unique",
          "user",
          "using",
          "variadic",
          "verbose",
          "when",
          "where",
          "window",
          "with");
}
