package dev.sluice.processor;

import java.util.Locale;

/** Column names derived from component names. */
final class ColumnNames {
  private ColumnNames() {}

  /**
   * The snake_case of a Java name, in Locale.ROOT: {@code filmId} → {@code film_id}, {@code
   * httpURL} → {@code http_url}, {@code URLPath} → {@code url_path}, {@code address2} → {@code
   * address2}, {@code line2Text} → {@code line2_text}. A word starts at an upper-case letter that
   * follows a lower-case letter or digit, or that ends a run of capitals before a lower-case
   * letter.
   */
  static String snakeCase(String name) {
    StringBuilder sb = new StringBuilder(name.length() + 4);
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (i > 0 && Character.isUpperCase(c)) {
        char before = name.charAt(i - 1);
        boolean afterWord = Character.isLowerCase(before) || Character.isDigit(before);
        boolean endsAcronym =
            Character.isUpperCase(before)
                && i + 1 < name.length()
                && Character.isLowerCase(name.charAt(i + 1));
        if ((afterWord || endsAcronym) && before != '_') {
          sb.append('_');
        }
      }
      sb.append(c);
    }
    return sb.toString().toLowerCase(Locale.ROOT);
  }

  /** lowerCamel of a path of names: {@code billing.street} → {@code billingStreet}. */
  static String camelPath(String first, String next) {
    if (next.isEmpty()) {
      return first;
    }
    return first + Character.toUpperCase(next.charAt(0)) + next.substring(1);
  }
}
