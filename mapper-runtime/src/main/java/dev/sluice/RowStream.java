package dev.sluice;

import dev.sluice.driver.Cursor;
import dev.sluice.driver.PgConnection;
import java.lang.ref.Cleaner;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The rows of {@link Queries#stream} as a {@link Stream} over a {@link Cursor}, holding one
 * connection. The connection goes back as soon as the result has been read to its end — closing the
 * stream afterwards only closes it — or when the stream is closed early.
 *
 * <p>A stream neither read to the end nor closed would hold its connection forever and starve the
 * pool. So the spliterator is watched by a {@link Cleaner}: once it is unreachable (the stream and
 * every iterator over it gone) with the connection still held, a warning names where the stream was
 * opened, and the connection, whose reply is half read, is closed and given back to be discarded.
 * The cleaning state never refers to the spliterator, or the spliterator would never become
 * unreachable.
 */
final class RowStream {
  private static final System.Logger LOG = System.getLogger(Queries.class.getName());
  private static final Cleaner CLEANER = Cleaner.create();

  private RowStream() {}

  static <T> Stream<T> of(ConnectionQueries owner, PgConnection c, Cursor<T> cursor, String sql) {
    Lease lease = new Lease(owner, c, sql);
    Spliterator<T> rows = new Rows<>(cursor, lease);
    Cleaner.Cleanable cleanable = CLEANER.register(rows, lease);
    return StreamSupport.stream(rows, false)
        .onClose(
            () -> {
              try {
                cursor.close();
              } finally {
                lease.release();
                cleanable.clean(); // a no-op now: the lease is released
              }
            });
  }

  /** Reads the cursor; gives the connection back the moment the result ends. */
  private static final class Rows<T> extends Spliterators.AbstractSpliterator<T> {
    private final Cursor<T> cursor;
    private final Lease lease;

    Rows(Cursor<T> cursor, Lease lease) {
      super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
      this.cursor = cursor;
      this.lease = lease;
    }

    @Override
    public boolean tryAdvance(Consumer<? super T> action) {
      if (lease.isReleased()) {
        return false;
      }
      boolean more;
      try {
        more = cursor.hasNext();
      } catch (RuntimeException | Error e) {
        if (cursor.isDone()) {
          lease.release();
        }
        throw e;
      }
      if (!more) {
        lease.release();
        return false;
      }
      action.accept(cursor.next());
      return true;
    }
  }

  /** The connection a stream holds, and where the stream was opened; the Cleaner's action. */
  private static final class Lease implements Runnable {
    private final ConnectionQueries owner;
    private final PgConnection connection;
    private final String sql;

    /** Where the stream was opened, for the leak warning. */
    private final Throwable openedAt;

    private final AtomicBoolean released = new AtomicBoolean();

    Lease(ConnectionQueries owner, PgConnection connection, String sql) {
      this.owner = owner;
      this.connection = connection;
      this.sql = sql;
      this.openedAt = new Throwable("the stream was opened here");
    }

    boolean isReleased() {
      return released.get();
    }

    void release() {
      if (released.compareAndSet(false, true)) {
        owner.release(connection);
      }
    }

    /** Run by the Cleaner when the stream became unreachable. */
    @Override
    public void run() {
      if (released.get()) {
        return;
      }
      LOG.log(
          System.Logger.Level.WARNING,
          "a stream of rows was neither read to its end nor closed, and held its connection;"
              + " closing that connection. Close streams with try-with-resources. Statement: "
              + sql,
          openedAt);
      connection.markBroken(); // its reply is half read: never hand it on
      release();
    }
  }
}
