package dev.sluice.pagila;

import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Delete;
import dev.sluice.annotations.Insert;
import dev.sluice.annotations.Query;
import dev.sluice.annotations.Update;
import java.util.Optional;

/** The generated INSERT, UPDATE and DELETE of a table and columns named by key words. */
@Dao
public interface ClauseDao {
  @Query(
      "CREATE TABLE \"join\" (id bigserial PRIMARY KEY, \"left\" text NOT NULL,"
          + " \"order\" int NOT NULL)")
  void createTable();

  @Query("SELECT * FROM \"join\" WHERE id = :id")
  Optional<Clause> byId(long id);

  @Insert
  Clause insert(Clause clause);

  @Update
  int update(Clause clause);

  @Delete
  void delete(Clause clause);
}
