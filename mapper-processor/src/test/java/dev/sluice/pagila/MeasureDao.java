package dev.sluice.pagila;

import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Insert;
import java.util.Collection;
import java.util.List;

/** {@code @Insert(copy = true)}: records in through binary COPY, with each return type. */
@Dao
public interface MeasureDao {
  @Insert(copy = true)
  long copy(List<Measure> rows);

  @Insert(copy = true)
  int copyCounted(Iterable<Measure> rows);

  @Insert(copy = true)
  void copyAll(Collection<Measure> rows);

  /** The table's generated key is left to the server, as by {@code copyIn}. */
  @Insert(copy = true)
  long copyActors(List<Actor> actors);
}
