package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.List;
import org.junit.jupiter.api.Test;

@PgTest(pagila = true)
class SmokeTest {
  record FilmTitle(int id, String title) {}

  static final RowDecoder<FilmTitle> FILM_TITLE = cols -> {
    int id = cols.require("film_id", "id");
    int title = cols.require("title", "title");
    return row -> new FilmTitle(row.getInt(id), row.getString(title));
  };

  @Test
  void readsFilms(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      List<FilmTitle> films = db.query("SELECT film_id, title FROM film WHERE film_id <= $1 ORDER BY film_id", FILM_TITLE, 3);
      assertThat(films).extracting(FilmTitle::id).containsExactly(1, 2, 3);
      assertThat(films.get(0).title()).isEqualTo("ACADEMY DINOSAUR");
      assertThat(db.execute("UPDATE film SET rental_rate = rental_rate WHERE film_id <= $1", 10)).isEqualTo(10);
      List<FilmTitle> all = db.query("SELECT * FROM film", FILM_TITLE);
      assertThat(all).hasSize(1000);
    }
  }
}
