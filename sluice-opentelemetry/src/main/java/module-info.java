/**
 * Sluice's statements as OpenTelemetry spans and metrics: one {@link dev.sluice.SluiceListener} to
 * add to {@code Database.builder()}.
 */
module dev.sluice.opentelemetry {
  requires transitive dev.sluice.runtime;
  requires transitive io.opentelemetry.api;
  requires io.opentelemetry.context;

  exports dev.sluice.opentelemetry;
}
