package dev.sluice.driver;

import dev.sluice.Columns;
import dev.sluice.PgException;
import dev.sluice.driver.codec.CompositeCodec;
import dev.sluice.driver.codec.CompositeType;
import dev.sluice.driver.codec.TypeRegistry;
import dev.sluice.driver.config.StatementMode;
import java.io.IOException;

/**
 * Prepares statements (Parse + Describe('S') + Sync, one round trip; both descriptions cached in
 * the session's {@link StatementCache}), and runs work with a cached statement, re-preparing it
 * once when DDL made it stale. A query or stream whose text has not run before gets the unnamed
 * statement instead, described for that one use and not cached, so one-shot statements leave
 * nothing on the server; its execution parses it again in the batch of its Bind, so that the Bind
 * never binds an unnamed statement a transaction-pooling proxy's other server session holds. Its
 * second use names and caches it (see {@link StatementCache#nameOnThisUse}). Batches always name
 * theirs: they bind them many times.
 *
 * <p>In {@link StatementMode#UNNAMED} nothing is named: a text's first use is described (Parse +
 * Describe + Sync of the unnamed statement) and only the description cached; every Bind then goes
 * with a Parse of its own in the same batch ({@link MessageWriter#parseUnnamed}).
 */
final class Preparer {
  private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());

  private Preparer() {}

  /** Work done with a prepared statement. */
  interface StatementWork<R> {
    R run(Prepared statement) throws IOException;
  }

  /**
   * Runs {@code work} with the cached statement for {@code sql}, preparing it on first use. If DDL
   * made the cached statement stale, it is evicted, and — only outside a transaction — prepared
   * again and the work retried once (after {@code sink}, if any, forgets the rows it took; never
   * when it already handed rows on, which would deliver them twice).
   */
  static <R> R withStatement(
      Session session, String sql, Object[] params, StatementWork<R> work, Sink sink)
      throws IOException {
    return withStatement(session, sql, params, work, sink, true);
  }

  /** {@link #withStatement}; unless {@code named}, a text's first use runs unnamed. */
  static <R> R withStatement(
      Session session, String sql, Object[] params, StatementWork<R> work, Sink sink, boolean named)
      throws IOException {
    Prepared p = named ? prepare(session, sql, params) : statementFor(session, sql, params);
    session.mayLeave(p.residue);
    try {
      p = withTypes(session, p, sql, params);
      return work.run(p);
    } catch (PgException e) {
      if (!mayRetry(session, p, e, sink)) {
        throw e;
      }
      return work.run(withTypes(session, prepare(session, sql, params), sql, params));
    }
  }

  /**
   * {@link #withStatement} of one Bind/Execute ({@link ExtendedQuery#run}), the per-query path of
   * every query and execute: the same retry, without an object made for the work.
   */
  static long execute(Session session, String sql, Object[] params, Sink sink) throws IOException {
    Prepared p = statementFor(session, sql, params);
    session.mayLeave(p.residue);
    try {
      p = withTypes(session, p, sql, params);
      return ExtendedQuery.run(session, p, params, sink);
    } catch (PgException e) {
      if (!mayRetry(session, p, e, sink)) {
        throw e;
      }
      return ExtendedQuery.run(
          session, withTypes(session, prepare(session, sql, params), sql, params), params, sink);
    }
  }

  /**
   * {@code p}, after looking up the composite types its record parameters are bound as (a record,
   * or a List of them, for an {@code addr} or {@code addr[]} parameter) if the session's registry
   * does not hold them yet: each lookup is a catalog query run here, inside the call, after the
   * statement's Describe and before its Bind is written.
   *
   * <p>A type may have changed since it was looked up, or since a cached statement was prepared
   * (dropped and created again with a new OID, or altered): if a parameter's type is no composite,
   * or a cached type has another number of attributes than the record has components, the registry
   * is emptied, a cached statement evicted and prepared again, and the types looked up once more.
   * What still does not fit is left for the Bind to refuse, naming the parameter.
   */
  static Prepared withTypes(Session session, Prepared p, String sql, Object[] params)
      throws IOException {
    TypeRegistry types = session.types;
    if (!CompositeCodec.anyComposite(params)) {
      return p;
    }
    if (!resolve(session, types, p, params)) {
      types.invalidate();
      if (session.statements.find(sql, params) == p) {
        session.statements.evict(p);
        p = prepare(session, sql, params);
      }
      resolve(session, types, p, params);
    }
    return p;
  }

  /**
   * Looks up the composite types {@code p}'s record parameters are bound as (see {@link
   * #withTypes}), for a statement a pipeline described and will bind: the session must be between
   * exchanges. What does not fit is left for the Bind to refuse.
   */
  static void lookUpTypes(Session session, Prepared p, Object[] params) throws IOException {
    if (CompositeCodec.anyComposite(params)) {
      resolve(session, session.types, p, params);
    }
  }

  /**
   * Looks up the composites {@code p}'s record parameters are bound as; false if one is none, or if
   * a record's component count differs from its cached type's attribute count.
   */
  private static boolean resolve(Session session, TypeRegistry types, Prepared p, Object[] params)
      throws IOException {
    TypeRegistry.Catalog inCall =
        (sql, values, rows, out) -> execute(session, sql, values, new Sink.ToList<>(rows, out));
    int[] oids = p.paramOids;
    boolean fits = true;
    for (int i = 0; i < params.length && i < oids.length; i++) {
      Object v = params[i];
      if (CompositeCodec.isCompositeRecord(v)) {
        CompositeType cached = types.cached(oids[i]);
        if (cached != null) {
          fits &= CompositeCodec.fieldsOf((Record) v).length == cached.fields().size();
        } else {
          fits &= types.compositeByOid(oids[i], inCall) != null;
        }
      } else if (CompositeCodec.isComposite(v)) {
        fits &= types.compositeByArrayOid(oids[i], inCall) != null;
      }
    }
    return fits;
  }

  /**
   * After {@code e} from work with {@code p}: whether to prepare again and retry. A stale plan is
   * evicted either way; it is retried only outside a transaction, and only if {@code sink} took
   * back the rows it took.
   */
  private static boolean mayRetry(Session session, Prepared p, PgException e, Sink sink) {
    if (!isStalePlan(e)) {
      return false;
    }
    if (TypeRegistry.isStaleType(e)) {
      session.types.invalidate();
    }
    session.statements.evict(p);
    if (session.transactionStatus() != Protocol.TX_IDLE || !session.isIdle()) {
      return false;
    }
    if (sink != null && !sink.restart()) {
      return false;
    }
    LOG.log(System.Logger.Level.DEBUG, "re-preparing after {0}: {1}", e.sqlState(), p.sql);
    return true;
  }

  /**
   * 0A000 raised by RevalidateCachedQuery ("cached plan must not change result type"), 26000, or an
   * error that says a user type changed since it was looked up ({@link TypeRegistry#isStaleType}: a
   * parameter type the statement was prepared with was dropped, or a composite's attributes are not
   * what the registry holds).
   */
  static boolean isStalePlan(PgException e) {
    return ("0A000".equals(e.sqlState()) && "RevalidateCachedQuery".equals(e.routine()))
        || "26000".equals(e.sqlState())
        || TypeRegistry.isStaleType(e);
  }

  /**
   * The cached statement for {@code sql}; else, on the text's first use, the unnamed statement
   * described for this one use; else a named statement prepared and cached now.
   */
  static Prepared statementFor(Session session, String sql, Object[] params) throws IOException {
    Prepared p = session.statements.find(sql, params);
    if (p != null) {
      return p;
    }
    if (!session.unnamedStatements && session.statements.nameOnThisUse(sql)) {
      return describe(session, session.statements.nextName(), sql, params);
    }
    return describe(session, "", sql, params);
  }

  /** The cached statement for {@code sql}, preparing it (Parse + Describe + Sync) on first use. */
  static Prepared prepare(Session session, String sql, Object[] params) throws IOException {
    Prepared p = session.statements.find(sql, params);
    if (p != null) {
      return p;
    }
    if (session.unnamedStatements) {
      return describe(session, "", sql, params);
    }
    return describe(session, session.statements.nextName(), sql, params);
  }

  /**
   * Parse + Describe + Sync of {@code sql} as statement {@code name}; a named one is cached, the
   * unnamed one ("") lives until the next Parse of the unnamed statement or simple Query (in {@link
   * StatementMode#UNNAMED} its description is cached: every use parses it again).
   */
  private static Prepared describe(Session session, String name, String sql, Object[] params)
      throws IOException {
    session.writeCloses();
    session.writer.parse(name, sql, params);
    session.writer.describeStatement(name);
    session.writer.sync();
    Describe x = new Describe(session);
    session.submit(x);
    session.receive(x);
    if (x.error != null) {
      if (!name.isEmpty()) {
        // Parse may have succeeded before a later message failed; closing a name that does not
        // exist is no error, so close it to be sure.
        session.statements.closeLater(name);
      }
      throw x.error;
    }
    if (x.paramOids == null) {
      throw session.protocolViolation("no ParameterDescription for Describe");
    }
    Columns columns = DerivedTypes.resolve(session, x.columns);
    Prepared p = new Prepared(name, sql, x.paramOids, columns);
    if (!name.isEmpty() || session.unnamedStatements) {
      session.statements.put(p);
    }
    return p;
  }

  /** The replies to Parse + Describe('S'): ParseComplete, ParameterDescription, RowDescription. */
  static final class Describe extends Exchange {
    int[] paramOids;
    Columns columns;

    Describe(Session session) {
      super(session);
    }

    @Override
    String name() {
      return "Parse/Describe";
    }

    @Override
    boolean message(byte type) throws IOException {
      switch (type) {
        case Protocol.PARSE_COMPLETE:
        case Protocol.NO_DATA:
          session.reader.skip();
          return false;
        case Protocol.PARAMETER_DESCRIPTION:
          paramOids = session.reader.parameterDescription();
          return false;
        case Protocol.ROW_DESCRIPTION:
          columns = session.reader.rowDescription();
          return false;
        default:
          throw session.unexpected(type, name());
      }
    }
  }
}
