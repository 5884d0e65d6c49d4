package dev.sluice.pagila;

import static dev.sluice.pagila.FilmTable.FILM;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.Database;
import dev.sluice.PgException;
import dev.sluice.dsl.Column;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Nested records, arrays, Optional and literal values; the generated table metadata. */
@PgTest(pagila = true)
class ShapesTest {
  @Test
  void aNestedRecordsDecoderIsFoundByName(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      List<Reports.FilmFeatures> films =
          db.query(
              "SELECT film_id, title, special_features, length FROM film"
                  + " WHERE film_id <= 3 ORDER BY film_id",
              Reports.FilmFeatures.class);
      assertThat(films).hasSize(3);
      assertThat(films.get(0).filmId()).isEqualTo(1);
      assertThat(films.get(0).title()).contains("ACADEMY DINOSAUR");
      assertThat(films.get(0).specialFeatures())
          .containsExactly("Deleted Scenes", "Behind the Scenes");
      assertThat(films.get(0).length()).isEqualTo((short) 86);
    }
  }

  @Test
  void enumArraysDecodeIntoListsAndArraysOfTheJavaEnum(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      Reports.RatingLists r =
          db.queryOne(
                  "SELECT ARRAY['PG-13', 'G', NULL]::mpaa_rating[] AS ratings,"
                      + " '{NC-17}'::mpaa_rating[] AS as_array, NULL::mpaa_rating[] AS none",
                  Reports.RatingLists.class)
              .orElseThrow();
      assertThat(r.ratings()).containsExactly(Rating.PG_13, Rating.G, null);
      assertThat(r.asArray()).containsExactly(Rating.NC_17);
      assertThat(r.none()).isNull();
    }
  }

  /** Enum labels in text arrays, which the processor's checks accept for enum lists. */
  @Test
  void enumListsReadTextArraysOfLabels(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      Reports.RatingLists r =
          db.queryOne(
                  "SELECT ARRAY['PG-13', 'G', NULL]::text[] AS ratings,"
                      + " '{NC-17}'::varchar[] AS as_array, NULL::text[] AS none",
                  Reports.RatingLists.class)
              .orElseThrow();
      assertThat(r.ratings()).containsExactly(Rating.PG_13, Rating.G, null);
      assertThat(r.asArray()).containsExactly(Rating.NC_17);
      assertThat(r.none()).isNull();
      assertThatThrownBy(
              () ->
                  db.queryOne(
                      "SELECT ARRAY['PG-14']::text[] AS ratings, '{}'::text[] AS as_array,"
                          + " NULL::text[] AS none",
                      Reports.RatingLists.class))
          .isInstanceOfSatisfying(
              PgException.class, e -> assertThat(e.sqlState()).isEqualTo("22P02"))
          .hasMessageContaining("PG-14");
    }
  }

  @Test
  void arraysOptionalsAndOtherTypesFromLiterals(TestDatabase tdb) {
    UUID id = UUID.fromString("5b8c7a2e-61f5-4a0b-9d8e-0f3c2b1a9e7d");
    try (Database db = Database.connect(tdb.url())) {
      List<Reports.Values> values =
          db.query(
              "SELECT ARRAY[1, 2, 3] AS ints, ARRAY[4000000000]::int8[] AS longs,"
                  + " ARRAY[1.5, 2.5]::float8[] AS doubles, ARRAY[7, NULL]::int4[] AS boxed,"
                  + " ARRAY[1, 2]::int2[] AS widened, $1::uuid AS id, '\\x0102ff'::bytea AS bytes,"
                  + " 'PG-13'::mpaa_rating AS rating, NULL::int4 AS missing",
              Reports.Values.class,
              id);
      Reports.Values v = values.get(0);
      assertThat(v.ints()).containsExactly(1, 2, 3);
      assertThat(v.longs()).containsExactly(4_000_000_000L);
      assertThat(v.doubles()).containsExactly(1.5, 2.5);
      assertThat(v.boxed()).containsExactly(7, null);
      assertThat(v.widened()).containsExactly(1L, 2L);
      assertThat(v.id()).isEqualTo(id);
      assertThat(v.bytes()).containsExactly(1, 2, 0xff);
      assertThat(v.rating()).contains(Rating.PG_13);
      assertThat(v.missing()).isEqualTo(Optional.empty());
    }
  }

  /**
   * A generated decoder takes every array RowView.getList reads as Strings (json[], jsonb[], xml[],
   * composite[], range[], "char"[], numeric[]), element for element as getList gives them; bytea[]
   * is refused at bind, as getList refuses it.
   */
  @Test
  void generatedDecodersReadEveryArrayGetListReadsAsStrings(TestDatabase tdb) {
    String sql =
        "SELECT ARRAY['{\"a\": 1}'::json, NULL] AS jsons, ARRAY['[1, 2]'::jsonb] AS jsonbs,"
            + " ARRAY['<a>x</a>'::xml] AS xmls,"
            + " ARRAY[ROW(1, 'x y')::film_pair, NULL] AS composites,"
            + " ARRAY[int4range(1, 5), 'empty'] AS ranges, ARRAY['a', '\\351']::\"char\"[] AS chars,"
            + " ARRAY[0.0000001, 12.50] AS numbers";
    try (Database db = Database.connect(tdb.url())) {
      db.executeScript(
          "DROP TYPE IF EXISTS film_pair; CREATE TYPE film_pair AS (id int, title text)");
      Reports.TextLists generated = db.queryOne(sql, Reports.TextLists.class).orElseThrow();
      List<List<String>> byGetList =
          db.query(
                  sql,
                  columns ->
                      row -> {
                        List<List<String>> all = new java.util.ArrayList<>();
                        for (int c = 0; c < 7; c++) {
                          all.add(row.getList(c, String.class));
                        }
                        return all;
                      })
              .get(0);
      assertThat(generated.jsons()).containsExactly("{\"a\": 1}", null).isEqualTo(byGetList.get(0));
      assertThat(generated.jsonbs()).containsExactly("[1, 2]").isEqualTo(byGetList.get(1));
      assertThat(generated.xmls()).containsExactly("<a>x</a>").isEqualTo(byGetList.get(2));
      assertThat(generated.composites())
          .containsExactly("(1,\"x y\")", null)
          .isEqualTo(byGetList.get(3));
      assertThat(generated.ranges()).containsExactly("[1,5)", "empty").isEqualTo(byGetList.get(4));
      assertThat(generated.chars()).containsExactly("a", "\\351");
      assertThat(List.of(generated.chars())).isEqualTo(byGetList.get(5));
      assertThat(generated.numbers())
          .containsExactly("0.0000001", "12.50")
          .isEqualTo(byGetList.get(6));
      assertThatThrownBy(
              () ->
                  db.query(
                      "SELECT ARRAY['\\x00'::bytea] AS jsons, NULL AS jsonbs, NULL AS xmls,"
                          + " NULL AS composites, NULL AS ranges, NULL AS chars, NULL AS numbers",
                      Reports.TextLists.class))
          .isInstanceOfSatisfying(
              PgException.class,
              e -> {
                assertThat(e.sqlState()).isEqualTo("42804");
                assertThat(e.getMessage())
                    .contains(
                        "column \"jsons\" is bytea[] but component jsons of Reports.TextLists needs an"
                            + " array (of any type but bytea)");
              });
    }
  }

  @Test
  void aNullElementInAPrimitiveArrayFails(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      assertThatThrownBy(
              () ->
                  db.query(
                      "SELECT ARRAY[1, NULL] AS ints, ARRAY[1]::int8[] AS longs,"
                          + " ARRAY[1]::float8[] AS doubles, ARRAY[1] AS boxed,"
                          + " ARRAY[1]::int8[] AS widened, gen_random_uuid() AS id,"
                          + " ''::bytea AS bytes, NULL::mpaa_rating AS rating, 1 AS missing",
                      Reports.Values.class))
          .isInstanceOf(PgException.class)
          .hasMessageContaining("column \"ints\" holds a NULL element, which int[] cannot hold");
    }
  }

  @Test
  void filmTableDescribesTheColumns() {
    assertThat(FILM.name()).isEqualTo("film");
    assertThat(FILM.alias()).isEqualTo("film");
    assertThat(FILM.schema()).isEmpty();
    assertThat(FILM.recordType()).isEqualTo(Film.class);
    assertThat(FILM.columns()).hasSize(14);
    assertThat(FILM.columns().get(0)).isSameAs(FILM.filmId);
    assertThat(FILM.columns()).extracting(Column::name).contains("release_year", "fulltext");

    Column<Film, Integer> id = FILM.filmId;
    assertThat(id.name()).isEqualTo("film_id");
    assertThat(id.javaType()).isEqualTo(int.class);
    assertThat(id.sqlType()).isEqualTo("integer");
    assertThat(id.isId()).isTrue();
    assertThat(id.isGenerated()).isTrue();
    assertThat(id.isNullable()).isFalse();

    Column<Film, List<String>> features = FILM.specialFeatures;
    assertThat(features.sqlType()).isEqualTo("text[]");
    assertThat(features.javaType()).isEqualTo(List.class);
    assertThat(features.isNullable()).isTrue();

    Column<Film, Rating> rating = FILM.rating;
    assertThat(rating.sqlType()).isNull();
    assertThat(rating.javaType()).isEqualTo(Rating.class);
  }

  @Test
  void anAliasIsTheSameTableUnderAnotherName() {
    FilmTable f = FILM.as("f");
    assertThat(f.alias()).isEqualTo("f");
    assertThat(f.isAliased()).isTrue();
    assertThat(f.name()).isEqualTo("film");
    assertThat(f.title.table()).isSameAs(f);
    assertThat(f.title).hasToString("f.title");
    assertThat(FILM.title).hasToString("film.title");
    assertThat(ActorTable.ACTOR.schema()).isEqualTo("public");
    assertThat(ActorTable.ACTOR).hasToString("public.actor");
  }

  @Test
  void embeddedAndOptionalColumnsOfTheCustomerTable() {
    CustomerTable c = CustomerTable.CUSTOMER;
    assertThat(c.nameFirstName.name()).isEqualTo("first_name");
    assertThat(c.activeFlag.name()).isEqualTo("active");
    assertThat(c.activeFlag.isNullable()).isTrue();
    assertThat(c.activeFlag.javaType()).isEqualTo(Integer.class);
    assertThat(c.email.isNullable()).isTrue();
    assertThat(c.email.javaType()).isEqualTo(Email.class);
  }
}
