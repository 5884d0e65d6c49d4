package dev.sluice.processor;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/** "Did you mean" for a misspelt name: the candidates nearest by Levenshtein distance. */
final class Suggestions {
  private Suggestions() {}

  /**
   * {@code " (did you mean \"title\"?)"} naming up to three candidates at the least edit distance
   * from {@code name}, if it is at most a third of the name's length (at least 2); else "".
   */
  static String didYouMean(String name, Collection<String> candidates) {
    int limit = Math.max(2, name.length() / 3);
    int best = Integer.MAX_VALUE;
    List<String> nearest = new ArrayList<>();
    for (String c : candidates) {
      int d = distance(name.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT));
      if (d > limit) {
        continue;
      }
      if (d < best) {
        best = d;
        nearest.clear();
      }
      if (d == best && nearest.size() < 3) {
        nearest.add(c);
      }
    }
    if (nearest.isEmpty()) {
      return "";
    }
    return " (did you mean \"" + String.join("\", \"", nearest) + "\"?)";
  }

  /** The Levenshtein distance: insertions, deletions and substitutions of one character. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
