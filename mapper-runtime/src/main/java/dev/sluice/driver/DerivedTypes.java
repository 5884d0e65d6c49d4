package dev.sluice.driver;

import dev.sluice.Columns;
import dev.sluice.driver.codec.Counterparts;
import java.io.IOException;

/**
 * Reads the columns of a statement just described with the created types that travel in a built-in
 * type's binary form as that type ({@link Counterparts}, part of the session's one {@link
 * dev.sluice.driver.codec.TypeRegistry}), looking up the types the connection has not seen yet; and
 * a portal's columns as that description was made into.
 */
final class DerivedTypes {
  private DerivedTypes() {}

  /**
   * {@code columns} with every type that has a built-in counterpart as that type (binary), after
   * looking up the types not seen before on this connection (one simple query, if any). For a
   * session the caller holds alone, between exchanges. In a failed transaction, where no query
   * runs, the types not known stay as described.
   */
  static Columns resolve(Session session, Columns columns) throws IOException {
    Counterparts counterparts = session.types.counterparts();
    int[] unknown = counterparts.unknown(columns);
    if (unknown != null && session.transactionStatus() != Protocol.TX_FAILED) {
      counterparts.learn(unknown, SimpleQuery.value(session, Counterparts.lookup(unknown)));
    }
    return counterparts.resolved(columns);
  }

  /**
   * The RowDescription {@code r} just read for a portal, with its created types as the statement's
   * description was made into: what the registry knows now, and no lookup (a reply is being read).
   * For comparing with the statement's description ({@link ExtendedQuery#sameColumns}).
   */
  static Columns portal(Session session, MessageReader r) throws ProtocolException {
    return session.types.counterparts().resolved(r.rowDescription());
  }
}
