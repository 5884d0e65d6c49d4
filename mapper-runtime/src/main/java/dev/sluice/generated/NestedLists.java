package dev.sluice.generated;

import java.util.List;

/**
 * Types the nested Lists of an array of three or more dimensions for the component that reads it
 * ({@code List<List<List<Integer>>>}), so generated code needs no unchecked cast of its own.
 */
public final class NestedLists {
  private NestedLists() {}

  /**
   * {@code lists}, as read by {@code RowView.getNestedList(c, leafType, dimensions)}, typed as the
   * component that asked for those dimensions and that leaf type; null stays null.
   *
   * @param <T> the component's element type: a List nested one level less than the component
   * @param lists the nested lists, their depth and leaves already checked by the reader
   * @return the same lists
   */
  @SuppressWarnings("unchecked")
  public static <T> List<T> cast(List<Object> lists) {
    return (List<T>) (List<?>) lists;
  }
}
