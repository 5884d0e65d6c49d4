package dev.sluice.pagila;

/** A domain type read through {@link EmailConverter}. */
public record Email(String local, String domain) {
  static Email parse(String address) {
    int at = address.indexOf('@');
    return new Email(address.substring(0, at), address.substring(at + 1));
  }

  @Override
  public String toString() {
    return local + "@" + domain;
  }
}
