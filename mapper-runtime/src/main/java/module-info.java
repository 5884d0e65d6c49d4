/**
 * Sluice's runtime: the database API ({@link dev.sluice}), the query DSL ({@link dev.sluice.dsl})
 * and the support generated code calls ({@link dev.sluice.generated}, not for hand-written code).
 * The driver ({@code dev.sluice.driver}: the wire protocol, codecs, TLS, the pool) is not exported.
 *
 * <p>Generated decoders and DAO implementations live in the application's packages and are loaded
 * by name with reflection: an application that is itself a named module exports (or opens) those
 * packages to {@code dev.sluice.runtime}.
 */
module dev.sluice.runtime {
  requires transitive dev.sluice.annotations;
  requires java.naming; // LdapName: the subject names of server certificates (verify-full)
  requires jdk.jfr; // the statement and pool events
  requires jdk.net; // TCP keepalive options (keepalives_idle, …)

  exports dev.sluice;
  exports dev.sluice.dsl;
  exports dev.sluice.generated;
}
