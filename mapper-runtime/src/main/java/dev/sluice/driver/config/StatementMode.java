package dev.sluice.driver.config;

/**
 * How a connection prepares its statements (the {@code statement_mode} keyword).
 *
 * <p>{@link #NAMED}, the default, keeps named statements on the server ("s1", "s2", … from a text's
 * second use) and binds them again and again: one round trip per execution, no parse or plan on the
 * server after the first. It needs every statement of a connection to reach the same server
 * session, which a transaction-pooling proxy (PgBouncer with {@code pool_mode = transaction} and no
 * prepared-statement support) does not give.
 *
 * <p>{@link #UNNAMED} is for such proxies: nothing session-scoped is relied on between round trips.
 * Every execution sends Parse of the unnamed statement, Bind, Describe of the portal, Execute and
 * Sync in one batch, so the pooler cannot hand the statement's parts to different server sessions.
 * Results stay binary: the first use of a text (per parameter types) is described once (Parse +
 * Describe + Sync, its own round trip, the statement then dropped), and the description — parameter
 * types and result columns, hence the formats Bind asks for — is cached on the client, keyed by the
 * text, in a cache as large as {@code statement_cache_size}. The portal's Describe tells each
 * execution's actual columns: if DDL changed them since, the rows are decoded by the new
 * description when the formats already asked for fit it, and the cache is updated; otherwise the
 * call fails with 0A000 (the statement ran; its rows were dropped) and the next call describes the
 * text again. The server parses and plans every execution (a custom plan each time), which is the
 * cost of this mode.
 *
 * <p>{@link #TRACKED} is {@link #NAMED} for a transaction-pooling proxy that tracks protocol-level
 * prepared statements (PgBouncer 1.21+ with {@code max_prepared_statements > 0}): the proxy
 * prepares a statement again on whichever server session it lends, from that session's catalog. A
 * server refuses to run a statement whose result columns changed since it was prepared (0A000
 * "cached plan must not change result type"), but a statement prepared afresh after DDL has no such
 * memory: its rows would come in the new types, under the description the client holds. So every
 * execution also describes its portal in the batch of its Bind, and a portal whose columns are not
 * the described ones fails the call with 0A000 (the statement ran; its rows were dropped) and
 * evicts the statement. Costs a RowDescription per execution, compared byte for byte.
 */
public enum StatementMode {
  /** Named statements prepared once per connection and cached on the server (the default). */
  NAMED,
  /** Only the unnamed statement, parsed with every execution: for transaction-pooling proxies. */
  UNNAMED,
  /** Named statements whose result columns are checked at each execution: for PgBouncer 1.21+. */
  TRACKED;

  static StatementMode parse(String s) {
    return Keywords.parseEnum(
        StatementMode.class, "statement_mode", s, "named, unnamed or tracked");
  }

  /** Whether each execution of a named statement describes its portal and checks the columns. */
  public boolean checksResultColumns() {
    return this == TRACKED;
  }
}
