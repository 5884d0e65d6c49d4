package dev.sluice.pagila;

import dev.sluice.Converter;

public final class EmailConverter implements Converter<String, Email> {
  @Override
  public Email fromColumn(String value) {
    return Email.parse(value);
  }

  @Override
  public String toColumn(Email value) {
    return value.toString();
  }
}
