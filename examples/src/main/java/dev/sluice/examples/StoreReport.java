package dev.sluice.examples;

import static dev.sluice.dsl.Aggregates.count;
import static dev.sluice.dsl.Aggregates.sum;
import static dev.sluice.dsl.Conditions.noCondition;
import static dev.sluice.dsl.Windows.partitionBy;
import static dev.sluice.dsl.Windows.rowNumber;
import static dev.sluice.examples.CustomerTable.CUSTOMER;
import static dev.sluice.examples.FilmStatsTable.FILM_STATS;
import static dev.sluice.examples.FilmTable.FILM;
import static dev.sluice.examples.RentalTable.RENTAL;
import static dev.sluice.examples.StoreTable.STORE;

import dev.sluice.Database;
import dev.sluice.annotations.Nullable;
import dev.sluice.dsl.Condition;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The store's year in tables: queries written with the DSL (a join with aggregates, a window
 * function, a dynamic filter), a DAO query, and a stream over every rental. Returns what it
 * printed, as {@link Figures}, for the test that pins them.
 */
public final class StoreReport {
  private StoreReport() {}

  /** Everything the report shows. */
  public record Figures(
      List<StoreRevenue> stores,
      List<MembershipSpend> memberships,
      List<GenreLeader> genreLeaders,
      List<Long> searchCounts,
      RentalTotals rentals) {}

  /** What one pass over every rental found: counts, money, days out. */
  public record RentalTotals(
      long rentals,
      long stillOut,
      BigDecimal revenue,
      double averageDaysOut,
      String busiestMonth) {}

  /**
   * Recomputes every film's totals and writes them to film_stats with one upsert: new films are
   * inserted, known ones updated. Returns the rows written.
   */
  public static long refreshFilmStats(Database db) {
    List<FilmStats> totals =
        db.select(
                FilmStats.class,
                RENTAL.filmId,
                count().as("rentals"),
                sum(RENTAL.amount).as("revenue"))
            .from(RENTAL)
            .groupBy(RENTAL.filmId)
            .orderBy(RENTAL.filmId.asc())
            .fetch();
    return db.insertInto(FILM_STATS)
        .values(totals)
        .onConflict(FILM_STATS.filmId)
        .doUpdateSet(FILM_STATS.rentals, FILM_STATS.revenue)
        .execute();
  }

  public static Figures print(Database db, PrintStream out) {
    // A join and aggregates, into a @Row record.
    List<StoreRevenue> stores =
        db.from(RENTAL)
            .join(STORE)
            .on((r, s) -> r.storeId.eq(s.storeId))
            .select(
                StoreRevenue.class,
                STORE.name,
                STORE.addressCity.as("city"),
                count().as("rentals"),
                sum(RENTAL.amount).as("revenue"))
            .groupBy(STORE.storeId, STORE.name, STORE.addressCity)
            .orderBy(STORE.storeId.asc())
            .fetch();
    out.println("\nRevenue by store");
    TextTable byStore = new TextTable("store", "city", ">rentals", ">revenue");
    for (StoreRevenue s : stores) {
      byStore.row(s.name(), s.city(), number(s.rentals()), money(s.revenue()));
    }
    byStore.print(out);

    // Hand-written SQL in the DAO, checked at compile time; grouped by the PostgreSQL enum.
    List<MembershipSpend> memberships = db.dao(StoreDao.class).spendByMembership();
    out.println("\nSpend by membership");
    TextTable byMembership =
        new TextTable("membership", ">customers", ">rentals", ">revenue", ">per customer");
    for (MembershipSpend m : memberships) {
      byMembership.row(
          m.membership(),
          number(m.customers()),
          number(m.rentals()),
          money(m.revenue()),
          money(m.revenue().divide(BigDecimal.valueOf(m.customers()), 2, RoundingMode.HALF_UP)));
    }
    byMembership.print(out);

    // A window function: each film's place in its genre, by rentals (ties: the older id first).
    List<GenreLeader> ranked =
        db.from(FILM_STATS)
            .join(FILM)
            .on((st, f) -> st.filmId.eq(f.filmId))
            .select(
                GenreLeader.class,
                FILM.genre,
                FILM.title,
                FILM_STATS.rentals,
                rowNumber()
                    .over(
                        partitionBy(FILM.genre)
                            .orderBy(FILM_STATS.rentals.desc(), FILM.filmId.asc()))
                    .as("place"))
            .orderBy(FILM.genre.asc(), FILM_STATS.rentals.desc(), FILM.filmId.asc())
            .fetch();
    List<GenreLeader> leaders = new ArrayList<>();
    out.println("\nMost rented film of each genre");
    TextTable byGenre = new TextTable("genre", "title", ">rentals");
    for (GenreLeader g : ranked) {
      if (g.place() == 1) {
        leaders.add(g);
        byGenre.row(g.genre(), g.title(), number(g.rentals()));
      }
    }
    byGenre.print(out);

    // A dynamic filter: each criterion is added only when given.
    out.println("\nCustomers found by a search form");
    TextTable searches = new TextTable("membership", "city", "joined since", ">customers");
    List<Long> searchCounts = new ArrayList<>();
    List<CustomerSearch> forms =
        List.of(
            new CustomerSearch(null, null, null),
            new CustomerSearch(Membership.GOLD, null, null),
            new CustomerSearch(Membership.GOLD, "Lyon", null),
            new CustomerSearch(Membership.GOLD, "Lyon", LocalDate.of(2024, 1, 1)));
    for (CustomerSearch form : forms) {
      long n = form.countIn(db);
      searchCounts.add(n);
      searches.row(
          orAny(form.membership()), orAny(form.city()), orAny(form.joinedSince()), number(n));
    }
    searches.print(out);

    RentalTotals totals = streamRentals(db);
    out.printf(
        Locale.ROOT,
        "%nStreamed %s rentals: %s revenue, %s still out, %.2f days out on average;"
            + " busiest month %s%n",
        number(totals.rentals()),
        money(totals.revenue()),
        number(totals.stillOut()),
        totals.averageDaysOut(),
        totals.busiestMonth());
    return new Figures(stores, memberships, leaders, List.copyOf(searchCounts), totals);
  }

  /** A search form: each criterion may be left empty (null), and is then no filter at all. */
  record CustomerSearch(
      @Nullable Membership membership, @Nullable String city, @Nullable LocalDate joinedSince) {

    /** The WHERE of the criteria given: noCondition() and each one ANDed to it. */
    Condition condition() {
      Condition where = noCondition();
      if (membership != null) {
        where = where.and(CUSTOMER.membership.eq(membership));
      }
      if (city != null) {
        where = where.and(STORE.addressCity.eq(city));
      }
      if (joinedSince != null) {
        where = where.and(CUSTOMER.joinedOn.ge(joinedSince));
      }
      return where;
    }

    long countIn(Database db) {
      return db.select(count())
          .from(CUSTOMER)
          .join(STORE)
          .on(CUSTOMER.storeId.eq(STORE.storeId))
          .where(condition())
          .fetchOne()
          .orElseThrow();
    }
  }

  /**
   * Reads every rental as a lazily decoded stream, the way an export would: memory stays bounded
   * whatever the table's size. The stream holds a connection until closed: try-with-resources.
   */
  static RentalTotals streamRentals(Database db) {
    long rentals = 0;
    long stillOut = 0;
    long daysOut = 0;
    BigDecimal revenue = BigDecimal.ZERO;
    int[] perMonth = new int[13];
    try (Stream<Rental> all = db.stream("SELECT * FROM rental ORDER BY rental_id", Rental.class)) {
      for (Rental r : (Iterable<Rental>) all::iterator) {
        rentals++;
        revenue = revenue.add(r.amount());
        perMonth[r.rentedOn().getMonthValue()]++;
        if (r.returnedOn() == null) {
          stillOut++;
        } else {
          daysOut += ChronoUnit.DAYS.between(r.rentedOn(), r.returnedOn());
        }
      }
    }
    int busiest = 1;
    for (int month = 2; month <= 12; month++) {
      if (perMonth[month] > perMonth[busiest]) {
        busiest = month;
      }
    }
    double average = rentals == stillOut ? 0 : (double) daysOut / (rentals - stillOut);
    String month =
        SampleData.FIRST_DAY
                .withMonth(busiest)
                .getMonth()
                .getDisplayName(TextStyle.FULL, Locale.ENGLISH)
            + " ("
            + number(perMonth[busiest])
            + ")";
    return new RentalTotals(rentals, stillOut, revenue, average, month);
  }

  static String number(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  static String money(BigDecimal amount) {
    return String.format(Locale.ROOT, "%,.2f", amount);
  }

  private static String orAny(Object criterion) {
    return criterion == null ? "(any)" : criterion.toString();
  }
}
