package dev.sluice.examples;

import dev.sluice.annotations.Label;

/**
 * The PostgreSQL enum {@code membership}; its labels are lower case, so each constant names one.
 */
public enum Membership {
  @Label("basic")
  BASIC,
  @Label("silver")
  SILVER,
  @Label("gold")
  GOLD
}
