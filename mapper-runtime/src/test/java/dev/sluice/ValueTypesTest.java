package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.annotations.ColumnTypes;
import dev.sluice.annotations.ColumnTypes.ValueType;
import dev.sluice.driver.codec.Oids;
import dev.sluice.driver.codec.ParameterEncoder;
import dev.sluice.generated.CompositeReader;
import dev.sluice.generated.InOrderRow;
import dev.sluice.generated.TypeOids;
import dev.sluice.testkit.PgTest;
import dev.sluice.testkit.TestDatabase;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Keeps the runtime in step with the one table of value types ({@link ColumnTypes}): every row's
 * getter, single-value decoder, fast readers and declared parameter type exist and agree with it,
 * and a value of each type goes to the server and comes back equal. A row added to the table
 * without its runtime parts fails here, naming what is missing.
 */
@PgTest
class ValueTypesTest {

  /** One value of each row's type, bound and read back by {@link #eachTypeRoundTrips}. */
  private static final Map<String, Object> SAMPLES =
      Map.ofEntries(
          Map.entry("BOOLEAN", true),
          Map.entry("SHORT", (short) -7),
          Map.entry("INT", 123_456),
          Map.entry("LONG", 9_000_000_000L),
          Map.entry("FLOAT", 1.5f),
          Map.entry("DOUBLE", -2.25),
          Map.entry("STRING", "grüße"),
          Map.entry("BIG_DECIMAL", new BigDecimal("12345.678")),
          Map.entry("PG_NUMERIC", PgNumeric.NaN),
          Map.entry("BYTES", new byte[] {0, 1, (byte) 0xff}),
          Map.entry("UUID", UUID.fromString("0b6f1a4e-54a6-4a3c-9a8b-6c6d7d1e2f30")),
          Map.entry("LOCAL_DATE", LocalDate.of(2024, 2, 29)),
          Map.entry("LOCAL_TIME", LocalTime.of(23, 59, 58, 123_456_000)),
          Map.entry("OFFSET_TIME", OffsetTime.of(10, 0, 1, 0, ZoneOffset.ofHours(2))),
          Map.entry("LOCAL_DATE_TIME", LocalDateTime.of(1999, 12, 31, 23, 59, 59)),
          Map.entry("INSTANT", Instant.parse("2026-12-05T04:43:07.123456Z")),
          Map.entry(
              "OFFSET_DATE_TIME", OffsetDateTime.of(2020, 1, 2, 3, 4, 5, 6_000, ZoneOffset.UTC)),
          Map.entry("INTERVAL", new Interval(14, 3, 4_000_005L)),
          Map.entry("INET_ADDRESS", address("192.0.2.7")),
          Map.entry("INET_NETWORK", new InetNetwork(address("2001:db8::"), 32)),
          Map.entry("PG_LSN", PgLsn.parse("16/B374D848")),
          Map.entry("BIT_STRING", BitString.parse("10110")));

  private static InetAddress address(String literal) {
    try {
      return InetAddress.getByName(literal);
    } catch (java.net.UnknownHostException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void everyRowHasItsGetterAndSingleValueDecoder() throws Exception {
    List<String> problems = new ArrayList<>();
    for (ValueType row : ColumnTypes.all()) {
      Method getter = find(RowView.class, row.getter(), int.class);
      if (getter == null || !ColumnTypes.nameOf(getter.getReturnType()).equals(row.javaType())) {
        problems.add(
            row.name() + ": RowView." + row.getter() + "(int) returning " + row.javaType());
      }
      Field scalar = field(Scalars.class, row.name());
      if (scalar == null
          || !Modifier.isStatic(scalar.getModifiers())
          || !RowDecoder.class.isAssignableFrom(scalar.getType())) {
        problems.add(row.name() + ": Scalars." + row.name());
      }
      if (row.inOrderReader() != null) {
        for (Class<?> reader : List.of(InOrderRow.class, CompositeReader.class)) {
          Method m = find(reader, row.inOrderReader(), String.class);
          if (m == null || !ColumnTypes.nameOf(m.getReturnType()).equals(row.javaType())) {
            problems.add(row.name() + ": " + reader.getSimpleName() + "." + row.inOrderReader());
          }
        }
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void everyTypeTheTableNamesHasItsConstant() throws Exception {
    List<String> problems = new ArrayList<>();
    for (ValueType row : ColumnTypes.all()) {
      List<String> typnames = new ArrayList<>(row.accepted());
      if (row.inOrder() != null) {
        typnames.addAll(row.inOrder());
      }
      typnames.addAll(row.ranges());
      for (String typname : typnames) {
        // Generated decoders name TypeOids constants; the driver's Oids must hold the same.
        String constant = typname.toUpperCase(Locale.ROOT);
        Field generated = field(TypeOids.class, constant);
        Field driver = field(Oids.class, constant);
        if (generated == null || driver == null || generated.getInt(null) != driver.getInt(null)) {
          problems.add(row.name() + ": TypeOids." + constant + " = Oids." + constant);
        }
      }
      if (row.parameterType() != null) {
        Field declared = field(Oids.class, row.parameterType().toUpperCase(Locale.ROOT));
        if (declared == null || declared.getInt(null) != Oids.ofTypname(row.parameterType())) {
          problems.add(row.name() + ": Oids.ofTypname(" + row.parameterType() + ")");
        }
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void aValueDeclaresTheTypeItsRowNames() {
    for (ValueType row : ColumnTypes.all()) {
      Object sample = SAMPLES.get(row.name());
      assertThat(sample).as("a sample value for " + row.name()).isNotNull();
      int expected = row.parameterType() == null ? 0 : Oids.ofTypname(row.parameterType());
      assertThat(ParameterEncoder.declaredOid(sample)).as(row.name()).isEqualTo(expected);
    }
    // A Range is declared as the first range type of its bounds' row, as the schema checks
    // declare a Range<T> parameter (ParameterChecker.declaredType).
    for (ValueType row : ColumnTypes.all()) {
      if (!row.ranges().isEmpty()) {
        Object bound = SAMPLES.get(row.name());
        assertThat(ParameterEncoder.declaredOid(Range.closed(bound, bound)))
            .as(row.name() + " range")
            .isEqualTo(oid(row.ranges().get(0)));
      }
    }
    // Bound but not read: from the table's second list, and through a superclass's entry.
    assertThat(ParameterEncoder.declaredOid(BigInteger.TEN)).isEqualTo(Oids.NUMERIC);
    assertThat(ParameterEncoder.declaredOid(ZonedDateTime.now())).isEqualTo(Oids.TIMESTAMPTZ);
    assertThat(ParameterEncoder.declaredOid(Duration.ofSeconds(1))).isEqualTo(Oids.INTERVAL);
    assertThat(ParameterEncoder.declaredOid(Period.ofDays(1))).isEqualTo(Oids.INTERVAL);
    assertThat(ParameterEncoder.declaredOid(new BigDecimal("1") {})).isEqualTo(Oids.NUMERIC);
    assertThat(ParameterEncoder.declaredOid(new int[] {1})).isEqualTo(Oids.INT4_ARRAY);
    assertThat(ParameterEncoder.declaredOid(new boolean[] {true})).isEqualTo(Oids.BOOL_ARRAY);
    assertThat(ParameterEncoder.declaredOid(new char[] {'x'})).isZero();
    assertThat(ParameterEncoder.declaredOid(new Object())).isZero();
  }

  @Test
  void eachTypeRoundTrips(TestDatabase tdb) {
    try (Database db = Database.connect(tdb.url())) {
      for (ValueType row : ColumnTypes.all()) {
        Object sample = SAMPLES.get(row.name());
        // The column type a component of this type gets, so text-sent values arrive typed too.
        String sql = "SELECT $1::" + row.columnType();
        Object back = db.queryOne(sql, javaClass(row), sample).orElseThrow();
        if (sample instanceof byte[] bytes) {
          assertThat((byte[]) back).as(row.name()).containsExactly(bytes);
        } else {
          assertThat(back).as(row.name()).isEqualTo(sample);
        }
      }
    }
  }

  /** The class a row reads: its box for a primitive. */
  private static Class<?> javaClass(ValueType row) {
    if (row.javaType().equals("byte[]")) {
      return byte[].class;
    }
    try {
      return Class.forName(row.box() != null ? row.box() : row.javaType());
    } catch (ClassNotFoundException e) {
      throw new AssertionError(row.name() + ": no class " + row.javaType(), e);
    }
  }

  /** The OID of a built-in type by its typname, from the driver's constant of that name. */
  private static int oid(String typname) {
    Field f = field(Oids.class, typname.toUpperCase(Locale.ROOT));
    try {
      return f == null ? -1 : f.getInt(null);
    } catch (IllegalAccessException e) {
      throw new AssertionError(e);
    }
  }

  private static Method find(Class<?> type, String name, Class<?> parameter) {
    try {
      Method m = type.getMethod(name, parameter);
      return Modifier.isPublic(m.getModifiers()) ? m : null;
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private static Field field(Class<?> type, String name) {
    try {
      return type.getField(name);
    } catch (NoSuchFieldException e) {
      return null;
    }
  }
}
