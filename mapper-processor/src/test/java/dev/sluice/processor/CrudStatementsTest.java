package dev.sluice.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The text of the INSERT, UPDATE and DELETE a DAO runs, exactly. */
class CrudStatementsTest {
  private final CrudStatements film = new CrudStatements("", "film");

  @Test
  void insertNumbersItsColumnsInOrder() {
    assertThat(film.insert(List.of("title", "length"), List.of()))
        .isEqualTo("INSERT INTO film (title, length) VALUES ($1, $2)");
  }

  @Test
  void insertReturningTheKeyOrTheRow() {
    assertThat(film.insert(List.of("title"), List.of("film_id")))
        .isEqualTo("INSERT INTO film (title) VALUES ($1) RETURNING film_id");
    assertThat(film.insert(List.of("title"), List.of("film_id", "title")))
        .isEqualTo("INSERT INTO film (title) VALUES ($1) RETURNING film_id, title");
  }

  @Test
  void insertWithoutColumnsInsertsTheDefaults() {
    assertThat(film.insert(List.of(), List.of())).isEqualTo("INSERT INTO film DEFAULT VALUES");
    assertThat(film.insert(List.of(), List.of("film_id")))
        .isEqualTo("INSERT INTO film DEFAULT VALUES RETURNING film_id");
  }

  @Test
  void updateSetsThenFindsByIds() {
    assertThat(film.update(List.of("title", "length"), List.of("film_id"), null, List.of()))
        .isEqualTo("UPDATE film SET title = $1, length = $2 WHERE film_id = $3");
    assertThat(
            new CrudStatements("", "film_actor")
                .update(List.of("last_update"), List.of("actor_id", "film_id"), null, List.of()))
        .isEqualTo("UPDATE film_actor SET last_update = $1 WHERE actor_id = $2 AND film_id = $3");
  }

  @Test
  void updateOfAVersionIncrementsItAndComparesItLast() {
    assertThat(film.update(List.of("title"), List.of("film_id"), "version", List.of("film_id")))
        .isEqualTo(
            "UPDATE film SET title = $1, version = version + 1 WHERE film_id = $2 AND version = $3"
                + " RETURNING film_id");
  }

  @Test
  void updateWithNothingToSetSetsTheIdToItself() {
    assertThat(film.update(List.of(), List.of("film_id"), null, List.of()))
        .isEqualTo("UPDATE film SET film_id = film_id WHERE film_id = $1");
    assertThat(film.update(List.of(), List.of("film_id"), "version", List.of()))
        .isEqualTo("UPDATE film SET version = version + 1 WHERE film_id = $1 AND version = $2");
  }

  @Test
  void deleteFindsByIdsAndVersion() {
    assertThat(film.delete(List.of("film_id"), null))
        .isEqualTo("DELETE FROM film WHERE film_id = $1");
    assertThat(film.delete(List.of("actor_id", "film_id"), "version"))
        .isEqualTo("DELETE FROM film WHERE actor_id = $1 AND film_id = $2 AND version = $3");
  }

  @Test
  void namesAreQuotedWhereTheyMustBe() {
    CrudStatements order = new CrudStatements("Sales", "order");
    assertThat(order.table()).isEqualTo("\"Sales\".\"order\"");
    assertThat(order.insert(List.of("left", "Total", "note"), List.of("id")))
        .isEqualTo(
            "INSERT INTO \"Sales\".\"order\" (\"left\", \"Total\", note) VALUES ($1, $2, $3)"
                + " RETURNING id");
    assertThat(order.update(List.of("join"), List.of("id"), "user", List.of()))
        .isEqualTo(
            "UPDATE \"Sales\".\"order\" SET \"join\" = $1, \"user\" = \"user\" + 1"
                + " WHERE id = $2 AND \"user\" = $3");
    assertThat(new CrudStatements("public", "film").delete(List.of("a\"b"), null))
        .isEqualTo("DELETE FROM public.film WHERE \"a\"\"b\" = $1");
  }

  @Test
  void updateAndDeleteNeedAnId() {
    assertThatThrownBy(() -> film.update(List.of("title"), List.of(), null, List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an UPDATE of film finds its row by id, and there are no id columns");
    assertThatThrownBy(() -> film.delete(List.of(), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a DELETE of film finds its row by id, and there are no id columns");
  }
}
