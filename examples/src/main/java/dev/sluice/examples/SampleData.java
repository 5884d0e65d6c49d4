package dev.sluice.examples;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The store's sample data, made up from a seed: the same seed gives the same rows, on every JVM
 * ({@link Random}'s algorithm is part of its specification), so the report's figures are exact.
 * Rentals fall in 2025 and are ordered by date, so the ids the database gives them follow it; films
 * are unevenly popular, so some lead their genre by far.
 */
public record SampleData(
    List<Store> stores, List<Film> films, List<Customer> customers, List<Rental> rentals) {

  /** The seed of the figures the README and the test show. */
  public static final long SEED = 26;

  public static final int FILMS = 500;
  public static final int CUSTOMERS = 5_000;
  public static final int RENTALS = 60_000;

  /** The first day rentals may start; the year ends at {@link #LAST_DAY}. */
  public static final LocalDate FIRST_DAY = LocalDate.of(2025, 1, 1);

  /** The day the data describes: a rental whose return falls after it is still out. */
  public static final LocalDate LAST_DAY = LocalDate.of(2025, 12, 31);

  private static final String[] GENRES = {
    "Action", "Animation", "Comedy", "Documentary", "Drama", "Horror", "Romance", "Sci-Fi"
  };
  private static final String[] ADJECTIVES = {
    "Silent", "Crimson", "Golden", "Broken", "Hidden", "Electric", "Lonely", "Frozen", "Wild",
    "Secret", "Last", "Midnight", "Paper", "Iron", "Velvet", "Distant", "Burning", "Hollow",
    "Quiet", "Restless"
  };
  private static final String[] NOUNS = {
    "Harbor", "Garden", "Empire", "River", "Engine", "Mirror", "Summer", "Station", "Kingdom",
    "Orchard", "Signal", "Island", "Canyon", "Lantern", "Circus", "Frontier", "Voyage", "Tower",
    "Meadow", "Machine", "Winter", "Carnival", "Compass", "Harvest", "Labyrinth"
  };
  private static final String[] FIRST_NAMES = {
    "Ada", "Ben", "Chloe", "Dan", "Eva", "Femi", "Grace", "Hugo", "Ines", "Jon", "Kira", "Liam",
    "Maya", "Noah", "Olga", "Pablo", "Quinn", "Rosa", "Sam", "Tara", "Umar", "Vera", "Wen", "Yara"
  };
  private static final String[] LAST_NAMES = {
    "Adler", "Brandt", "Costa", "Dubois", "Evans", "Fischer", "Garcia", "Hansen", "Ivanova",
    "Jensen", "Kowalski", "Larsen", "Moreau", "Novak", "Okafor", "Petrov", "Quist", "Rossi",
    "Silva", "Tanaka", "Urban", "Varga", "Weber", "Young"
  };
  private static final BigDecimal[] DAILY_RATES = {
    new BigDecimal("0.99"), new BigDecimal("1.49"), new BigDecimal("1.99"), new BigDecimal("2.99")
  };

  /** Generates {@link #FILMS} films, {@link #CUSTOMERS} customers and {@link #RENTALS} rentals. */
  public static SampleData generate(long seed) {
    Random random = new Random(seed);
    List<Store> stores =
        List.of(
            new Store(1, "Harbor Street", new Address("12 Harbor Street", "Lisbon", "1100-001")),
            new Store(2, "Old Town", new Address("3 Market Square", "Krakow", "31-001")),
            new Store(3, "Riverside", new Address("88 Quay Road", "Lyon", "69002")),
            new Store(4, "Northgate", new Address("5 North Gate", "Aarhus", "8000")));

    List<Film> films = new ArrayList<>(FILMS);
    for (int i = 0; i < FILMS; i++) {
      // 20 adjectives x 25 nouns: every title differs.
      String title = ADJECTIVES[i % ADJECTIVES.length] + " " + NOUNS[i / ADJECTIVES.length];
      films.add(
          new Film(
              i + 1,
              title,
              GENRES[random.nextInt(GENRES.length)],
              1970 + random.nextInt(56),
              DAILY_RATES[random.nextInt(DAILY_RATES.length)]));
    }

    List<Customer> customers = new ArrayList<>(CUSTOMERS);
    for (int i = 0; i < CUSTOMERS; i++) {
      int id = i + 1;
      String first = FIRST_NAMES[random.nextInt(FIRST_NAMES.length)];
      String last = LAST_NAMES[random.nextInt(LAST_NAMES.length)];
      int roll = random.nextInt(10);
      Membership membership =
          roll < 6 ? Membership.BASIC : roll < 9 ? Membership.SILVER : Membership.GOLD;
      customers.add(
          new Customer(
              id,
              1 + random.nextInt(stores.size()),
              first,
              last,
              (first + "." + last + "." + id + "@example.com").toLowerCase(Locale.ROOT),
              membership,
              LocalDate.of(2020, 1, 1).plusDays(random.nextInt(5 * 365))));
    }

    int days = (int) (LAST_DAY.toEpochDay() - FIRST_DAY.toEpochDay()) + 1;
    List<Rental> rentals = new ArrayList<>(RENTALS);
    for (int i = 0; i < RENTALS; i++) {
      Customer customer = customers.get(random.nextInt(CUSTOMERS));
      // Squaring skews the choice towards the first films: a few are rented far more often.
      double skew = random.nextDouble();
      Film film = films.get((int) (skew * skew * FILMS));
      LocalDate rentedOn = FIRST_DAY.plusDays(random.nextInt(days));
      int daysOut = 1 + random.nextInt(7);
      LocalDate returnedOn = rentedOn.plusDays(daysOut);
      boolean stillOut = returnedOn.isAfter(LAST_DAY);
      BigDecimal amount = film.dailyRate().multiply(BigDecimal.valueOf(stillOut ? 1 : daysOut));
      rentals.add(
          Rental.of(
              customer.customerId(),
              film.filmId(),
              customer.storeId(),
              rentedOn,
              stillOut ? null : returnedOn,
              amount));
    }
    rentals.sort(Comparator.comparing(Rental::rentedOn)); // stable: same days keep their order
    return new SampleData(stores, films, customers, rentals);
  }

  /** Every row, for the progress output. */
  public int rowCount() {
    return stores.size() + films.size() + customers.size() + rentals.size();
  }
}
