package dev.sluice.bench;

import dev.sluice.Database;
import java.util.ArrayList;
import java.util.List;

/**
 * W7 the way it is written without one-to-many in one query: the films, then every film's actors
 * ordered by film, merged into the same records in Java (one pass over both sorted lists, no map).
 * Through Sluice, so the comparison is of the two query shapes, not of two drivers.
 */
final class StitchedClient extends BenchClient {
  private Database db;

  @Override
  void setUp(CellSpec spec) {
    db = Database.builder().url(spec.workloadUrl()).maxPoolSize(1).build();
  }

  @Override
  Object readFilmCasts() {
    List<FilmTitle> films = db.query(Sql.W7_FILMS, FilmTitle.class);
    List<CastRow> cast = db.query(Sql.W7_CAST, CastRow.class);
    List<FilmCast> out = new ArrayList<>(films.size());
    int k = 0;
    for (FilmTitle f : films) {
      List<CastMember> actors = new ArrayList<>();
      while (k < cast.size() && cast.get(k).filmId() < f.filmId()) {
        k++; // an actor of a film not listed (none in Pagila: film_actor references film)
      }
      while (k < cast.size() && cast.get(k).filmId() == f.filmId()) {
        CastRow r = cast.get(k++);
        actors.add(new CastMember(r.actorId(), r.firstName(), r.lastName(), r.lastUpdate()));
      }
      out.add(new FilmCast(f.filmId(), f.title(), actors));
    }
    return out;
  }

  @Override
  public void close() {
    if (db != null) {
      db.close();
    }
  }
}
