package dev.sluice.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An interface whose implementation the annotation processor generates: {@code FilmDaoImpl} for
 * {@code FilmDao} (nested interfaces are named from their nesting path: {@code Outer_FilmDaoImpl}),
 * public, in the interface's package. Get one with {@code db.dao(FilmDao.class)}, or {@code
 * tx.dao(FilmDao.class)} for one whose statements run in a transaction.
 *
 * <pre>{@code
 * @Dao
 * public interface FilmDao {
 *   @Query("SELECT * FROM film WHERE film_id = :id") Optional<Film> byId(int id);
 *   @Query("UPDATE film SET rental_rate = :rate WHERE film_id = :id") int setRate(int id, BigDecimal rate);
 *   @Insert Film insert(Film film);
 *   @Insert void insertAll(List<Film> films);
 *   default Film byIdOrFail(int id) { return byId(id).orElseThrow(); }
 * }
 * }</pre>
 *
 * <p>Every abstract method (declared or inherited) needs exactly one of {@link Query}, {@link
 * Insert}, {@link Update} or {@link Delete}; default methods are kept as written and may call the
 * others. The interface must not be generic nor private. An implementation holds no state but the
 * {@code Queries} it runs on, so it is as thread-safe as that: a {@code Database}'s is, a {@code
 * Transaction}'s is for one thread.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Dao {}
