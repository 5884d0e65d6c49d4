package dev.sluice.pagila;

import dev.sluice.annotations.Nullable;
import dev.sluice.annotations.Row;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Result shapes nested in a class: their decoders are named {@code Reports_…Decoder}. */
public final class Reports {
  private Reports() {}

  /** Arrays as Java arrays, and the film's title as Optional. */
  @Row
  public record FilmFeatures(
      int filmId,
      Optional<String> title,
      @Nullable String[] specialFeatures,
      @Nullable Short length) {}

  /** Values of several types, from literals. */
  @Row
  public record Values(
      int[] ints,
      long[] longs,
      double[] doubles,
      Integer[] boxed,
      List<Long> widened,
      UUID id,
      byte[] bytes,
      Optional<Rating> rating,
      Optional<Integer> missing) {}

  /** Arrays of a PostgreSQL enum, which arrive in text format. */
  @Row
  public record RatingLists(List<Rating> ratings, Rating[] asArray, @Nullable List<Rating> none) {}

  /** Arrays read as Strings: every array RowView.getList reads, binary or text. */
  @Row
  public record TextLists(
      List<String> jsons,
      List<String> jsonbs,
      List<String> xmls,
      List<String> composites,
      List<String> ranges,
      String[] chars,
      List<String> numbers) {}
}
