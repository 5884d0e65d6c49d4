package dev.sluice.bench;

/** The statements of the workloads, the same text for every client ($n or ? as each needs). */
final class Sql {
  private Sql() {}

  static final String W1 = "SELECT f, i, s, u, n FROM bench_wide";
  static final String W2 = "SELECT a, b, c FROM bench_narrow";
  static final String W3 = "SELECT id, name, val FROM bench_point WHERE id = $1";
  static final String W3_JDBC = "SELECT id, name, val FROM bench_point WHERE id = ?";
  static final String INSERT =
      "INSERT INTO bench_insert (f, i, s, u, n) VALUES ($1, $2, $3, $4, $5)";
  static final String INSERT_JDBC =
      "INSERT INTO bench_insert (f, i, s, u, n) VALUES (?, ?, ?, ?, ?)";
  static final String COPY_BINARY = "COPY bench_insert (f, i, s, u, n) FROM STDIN (FORMAT binary)";
  static final String COPY_TEXT = "COPY bench_insert (f, i, s, u, n) FROM STDIN";
  static final String TRUNCATE_INSERT = "TRUNCATE bench_insert";
  static final String W5 =
      "SELECT f.film_id, f.title, f.description, f.release_year, f.rental_rate, f.length, f.rating,"
          + " f.last_update, l.name AS language, c.name AS category"
          + " FROM film f"
          + " JOIN language l ON l.language_id = f.language_id"
          + " JOIN film_category fc ON fc.film_id = f.film_id"
          + " JOIN category c ON c.category_id = fc.category_id";

  /**
   * W5s: the same join as issue 25 states it, six columns (an enum cast to text, a bpchar, a
   * numeric): less text per row than W5, so the per-row and per-column costs weigh more.
   */
  static final String W5S =
      "SELECT f.film_id, f.title, f.rating::text AS rating, f.rental_rate, l.name AS language,"
          + " c.name AS category"
          + " FROM film f"
          + " JOIN language l ON l.language_id = f.language_id"
          + " JOIN film_category fc ON fc.film_id = f.film_id"
          + " JOIN category c ON c.category_id = fc.category_id";
}
