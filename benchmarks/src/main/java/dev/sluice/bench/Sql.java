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

  /**
   * W7: each film with its actors in one query, as an array of the actor table's row type (a film
   * without actors aggregates NULL, which the decoder reads as an empty list).
   */
  static final String W7 =
      "SELECT f.film_id, f.title,"
          + " array_agg(a ORDER BY a.actor_id) FILTER (WHERE a.actor_id IS NOT NULL) AS actors"
          + " FROM film f"
          + " LEFT JOIN film_actor fa ON fa.film_id = f.film_id"
          + " LEFT JOIN actor a ON a.actor_id = fa.actor_id"
          + " GROUP BY f.film_id ORDER BY f.film_id";

  /** W7 stitched, first query: the films. */
  static final String W7_FILMS = "SELECT film_id, title FROM film ORDER BY film_id";

  /** W7 stitched, second query: every film's actors, in the films' order. */
  static final String W7_CAST =
      "SELECT fa.film_id, a.actor_id, a.first_name, a.last_name, a.last_update"
          + " FROM film_actor fa JOIN actor a ON a.actor_id = fa.actor_id"
          + " ORDER BY fa.film_id, a.actor_id";

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
