package dev.sluice.pagila;

import dev.sluice.annotations.Dao;
import dev.sluice.annotations.Delete;
import dev.sluice.annotations.Insert;
import dev.sluice.annotations.Query;
import dev.sluice.annotations.Update;
import java.util.Optional;

/** Optimistic locking with @Version. */
@Dao
public interface NoteDao {
  @Query("CREATE TABLE note (id bigserial PRIMARY KEY, body text NOT NULL, version int NOT NULL)")
  void createTable();

  @Query("SELECT * FROM note WHERE id = :id")
  Optional<Note> byId(long id);

  @Insert
  Note insert(Note note);

  @Update
  Note update(Note note);

  @Update
  int updateCount(Note note);

  @Delete
  void delete(Note note);
}
