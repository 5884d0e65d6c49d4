package dev.sluice;

/**
 * A savepoint of a {@link Transaction}, made by {@link Transaction#savepoint()}: {@link
 * Transaction#rollbackTo} undoes what ran after it (and clears a failed statement's error, so the
 * transaction can go on), {@link Transaction#release} forgets it. Valid only in the transaction
 * that made it, until it is released or a savepoint made before it is rolled back to or released.
 */
public final class Savepoint {
  private final Transaction owner;
  private final String name;

  Savepoint(Transaction owner, String name) {
    this.owner = owner;
    this.name = name;
  }

  Transaction owner() {
    return owner;
  }

  /**
   * Its SQL name, made by Sluice, never from user input.
   *
   * @return {@code sluice_sp_1}, {@code sluice_sp_2} and so on
   */
  public String name() {
    return name;
  }

  @Override
  public String toString() {
    return "Savepoint[" + name + "]";
  }
}
