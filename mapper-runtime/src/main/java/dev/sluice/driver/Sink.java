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

  /** Forgets rows taken so far (before a retry). */
  void reset();

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
    public void reset() {
      while (out.size() > sizeBefore) {
        out.remove(out.size() - 1);
      }
    }
  }

  /** Hands each decoded row to a consumer, building no list. */
  final class ToConsumer<T> implements Sink {
    private final RowDecoder<T> decoder;
    private final Consumer<? super T> consumer;
    private RowDecoder.Bound<T> bound;

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
      while (rows.next()) {
        c.accept(b.decode(rows));
      }
    }

    @Override
    public void reset() {}
  }
}
