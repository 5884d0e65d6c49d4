package dev.sluice.driver;

import dev.sluice.RowDecoder;
import dev.sluice.RowView;
import java.util.List;
import java.util.function.Consumer;

/**
 * Where the rows of an extended query go. {@link #rows} is called once per buffer-full of rows,
 * never per row: it consumes every complete DataRow in the receive buffer in one tight loop
 * (invariant 3 of the read path).
 */
interface Sink {
  /** Called before the statement is sent, with its description (binds the decoder). */
  void start(Prepared p);

  /** Consumes every complete DataRow in the buffer (at least the one at its position). */
  void rows(RowView rows);

  /**
   * Before the statement is run again (its plan went stale): forgets the rows taken so far and
   * returns true, or returns false when rows already went where they cannot be taken back, so the
   * statement must not run again.
   */
  boolean restart();

  /** Decodes rows into a list. */
  final class ToList<T> implements Sink {
    private final RowDecoder<T> decoder;
    private final List<? super T> out;
    private final int sizeBefore;
    private RowDecoder.Bound<T> bound;

    ToList(RowDecoder<T> decoder, List<? super T> out) {
      this.decoder = decoder;
      this.out = out;
      this.sizeBefore = out.size();
    }

    @Override
    public void start(Prepared p) {
      bound = p.bound(decoder);
    }

    @Override
    public void rows(RowView rows) {
      bound.decodeAll(rows, out);
    }

    @Override
    public boolean restart() {
      while (out.size() > sizeBefore) {
        out.remove(out.size() - 1);
      }
      return true;
    }
  }

  /** Hands each decoded row to a consumer, building no list. */
  final class ToConsumer<T> implements Sink {
    private final RowDecoder<T> decoder;
    private final Consumer<? super T> consumer;
    private RowDecoder.Bound<T> bound;

    /** Whether a row has been handed to the consumer: then a retry would hand it over twice. */
    private boolean delivered;

    ToConsumer(RowDecoder<T> decoder, Consumer<? super T> consumer) {
      this.decoder = decoder;
      this.consumer = consumer;
    }

    @Override
    public void start(Prepared p) {
      bound = p.bound(decoder);
    }

    @Override
    public void rows(RowView rows) {
      RowDecoder.Bound<T> b = bound;
      Consumer<? super T> c = consumer;
      delivered = true;
      while (rows.next()) {
        c.accept(b.decode(rows));
      }
    }

    @Override
    public boolean restart() {
      return !delivered;
    }
  }

  /**
   * Hands each decoded row to a consumer through the decoder's {@code decodeAll}, so a generated
   * decoder takes its in-order path (one pass over each row, no framing) when the columns allow:
   * for COPY OUT of records, which never runs again, so nothing needs taking back. It is the {@code
   * List} {@code decodeAll} adds to, whose {@code add} is the consumer's {@code accept}; nothing
   * else of the List is used.
   */
  final class ToConsumerInOrder<T> extends java.util.AbstractList<T> implements Sink {
    private final RowDecoder<T> decoder;
    private final Consumer<? super T> consumer;
    private RowDecoder.Bound<T> bound;

    ToConsumerInOrder(RowDecoder<T> decoder, Consumer<? super T> consumer) {
      this.decoder = decoder;
      this.consumer = consumer;
    }

    @Override
    public void start(Prepared p) {
      bound = p.bound(decoder);
    }

    @Override
    public void rows(RowView rows) {
      bound.decodeAll(rows, this);
    }

    @Override
    public boolean add(T row) {
      consumer.accept(row);
      return true;
    }

    @Override
    public T get(int index) {
      throw new UnsupportedOperationException("rows are handed on, not kept");
    }

    @Override
    public int size() {
      return 0;
    }

    @Override
    public boolean restart() {
      return false;
    }
  }
}
