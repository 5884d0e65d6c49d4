package dev.sluice.processor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ColumnNamesTest {
  @Test
  void snakeCase() {
    assertThat(ColumnNames.snakeCase("filmId")).isEqualTo("film_id");
    assertThat(ColumnNames.snakeCase("title")).isEqualTo("title");
    assertThat(ColumnNames.snakeCase("httpURL")).isEqualTo("http_url");
    assertThat(ColumnNames.snakeCase("URLPath")).isEqualTo("url_path");
    assertThat(ColumnNames.snakeCase("address2")).isEqualTo("address2");
    assertThat(ColumnNames.snakeCase("line2Text")).isEqualTo("line2_text");
    assertThat(ColumnNames.snakeCase("already_snake")).isEqualTo("already_snake");
    assertThat(ColumnNames.snakeCase("ID")).isEqualTo("id");
  }

  @Test
  void snakeCaseIgnoresTheDefaultLocale() {
    java.util.Locale before = java.util.Locale.getDefault();
    try {
      java.util.Locale.setDefault(java.util.Locale.forLanguageTag("tr"));
      assertThat(ColumnNames.snakeCase("isbnId")).isEqualTo("isbn_id");
      assertThat(ColumnNames.snakeCase("ID")).isEqualTo("id");
    } finally {
      java.util.Locale.setDefault(before);
    }
  }

  @Test
  void tableConstants() {
    assertThat(TableWriter.constantName("film")).isEqualTo("FILM");
    assertThat(TableWriter.constantName("film_actor")).isEqualTo("FILM_ACTOR");
    assertThat(TableWriter.constantName("2fa codes")).isEqualTo("_2FA_CODES");
  }
}
