/**
 * Sluice's annotations: {@code @Row}, {@code @Table}, {@code @Dao} and their friends, read by the
 * annotation processor at compile time and by the runtime ({@code @Label}) when it reads enums.
 */
module dev.sluice.annotations {
  exports dev.sluice.annotations;
}
