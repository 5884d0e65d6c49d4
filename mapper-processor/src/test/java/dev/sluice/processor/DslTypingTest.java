package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * What the DSL's types reject at compile time, against the generated Pagila tables on the test
 * classpath: a value of the wrong type for a column, a column of another table in {@code set}.
 */
class DslTypingTest {
  private static final String DSL = "dev.sluice.dsl.Dsl.";
  private static final String AGGREGATES = "dev.sluice.dsl.Aggregates.";
  private static final String EXPRESSIONS = "dev.sluice.dsl.Expressions.";
  private static final String WINDOWS = "dev.sluice.dsl.Windows.";

  private static JavaFileObject use(String statement) {
    return JavaFileObjects.forSourceLines(
        "test.Use",
        "package test;",
        "import static dev.sluice.pagila.FilmTable.FILM;",
        "import static dev.sluice.pagila.ActorTable.ACTOR;",
        "class Use {",
        "  Object use() {",
        "    return " + statement + ";",
        "  }",
        "}");
  }

  private static Compilation compile(String statement) {
    return javac().compile(use(statement));
  }

  /** Compiles cleanly under the lints a user may build with: no unchecked or varargs warning. */
  private static void compilesCleanly(String statement) {
    Compilation c =
        javac()
            .withOptions("-Xlint:unchecked,varargs,rawtypes,cast", "-Werror")
            .compile(use(statement));
    assertThat(c).succeededWithoutWarnings();
  }

  /** Fails to compile with one error, containing each of {@code messages}, on line 6. */
  private static void refused(String statement, String... messages) {
    JavaFileObject source = use(statement);
    Compilation c = javac().compile(source);
    assertThat(c).failed();
    assertThat(c).hadErrorCount(1);
    for (String message : messages) {
      assertThat(c).hadErrorContaining(message).inFile(source).onLine(6);
    }
  }

  @Test
  void aStringComparedWithAnIntColumnDoesNotCompile() {
    assertThat(compile("FILM.filmId.eq(1)")).succeeded();
    Compilation c = compile("FILM.filmId.eq(\"1\")");
    assertThat(c).failed();
    assertThat(c).hadErrorContaining("no suitable method found for eq(java.lang.String)");
  }

  @Test
  void likeIsOnlyOnTextColumns() {
    assertThat(compile("FILM.title.like(\"A%\")")).succeeded();
    refused(
        "FILM.length.like(\"A%\")",
        "cannot find symbol\n  symbol:   method like(java.lang.String)");
  }

  @Test
  void updateSetTakesAColumnOfTheTableAndAValueOfItsType() {
    assertThat(compile("dev.sluice.dsl.Dsl.update(FILM).set(FILM.title, \"x\")")).succeeded();
    refused(
        "dev.sluice.dsl.Dsl.update(FILM).set(FILM.title, 42)",
        "no suitable method found for set(dev.sluice.dsl.StringColumn<dev.sluice.pagila.Film>,int)");
    refused(
        "dev.sluice.dsl.Dsl.update(FILM).set(ACTOR.firstName, \"x\")",
        "no suitable method found for"
            + " set(dev.sluice.dsl.StringColumn<dev.sluice.pagila.Actor>,java.lang.String)");
  }

  @Test
  void setOperationsTakeSelectsOfTheSameRows() {
    String dsl = "dev.sluice.dsl.Dsl.";
    assertThat(compile(dsl + "selectFrom(FILM).union(" + dsl + "selectFrom(FILM))")).succeeded();
    Compilation records = compile(dsl + "selectFrom(FILM).unionAll(" + dsl + "selectFrom(ACTOR))");
    assertThat(records).failed();
    assertThat(records)
        .hadErrorContaining(
            "incompatible equality constraints dev.sluice.pagila.Film,dev.sluice.pagila.Actor");
    assertThat(
            compile(
                dsl
                    + "select(FILM.title).from(FILM).except("
                    + dsl
                    + "select(ACTOR.lastName).from(ACTOR))"))
        .succeeded();
    refused(
        dsl + "select(FILM.title).from(FILM).intersect(" + dsl + "select(FILM.length).from(FILM))",
        "incompatible types: dev.sluice.dsl.SelectJoinStep<java.lang.Short> cannot be converted to"
            + " dev.sluice.dsl.Select<java.lang.String>");
  }

  @Test
  void aRecursiveTermReturnsRowsOfTheAnchorsType() {
    String dsl = "dev.sluice.dsl.Dsl.";
    String anchor = dsl + "select(FILM.title).from(FILM)";
    assertThat(
            compile(
                "dev.sluice.dsl.Tables.recursiveCte(\"t\", "
                    + anchor
                    + ", self -> "
                    + dsl
                    + "select(self.field(FILM.title)).from(self.table()))"))
        .succeeded();
    Compilation c =
        compile(
            "dev.sluice.dsl.Tables.recursiveCte(\"t\", "
                + anchor
                + ", self -> "
                + dsl
                + "select(FILM.length).from(self.table()))");
    assertThat(c).failed();
    assertThat(c).hadErrorContaining("incompatible types");
  }

  // ---- aggregates: PostgreSQL's result types ----

  @Test
  void sumOfAnIntegerColumnIsALongNotTheColumnsType() {
    assertThat(compile("(dev.sluice.dsl.Expression<Long>) " + AGGREGATES + "sum(FILM.length)"))
        .succeeded();
    refused(
        "(dev.sluice.dsl.Expression<Short>) " + AGGREGATES + "sum(FILM.length)",
        "incompatible types: dev.sluice.dsl.WindowFunction<java.lang.Long> cannot be converted to"
            + " dev.sluice.dsl.Expression<java.lang.Short>");
  }

  @Test
  void avgOfAnIntegerColumnIsABigDecimal() {
    assertThat(
            compile(
                "(dev.sluice.dsl.Expression<java.math.BigDecimal>) "
                    + AGGREGATES
                    + "avg(FILM.length)"))
        .succeeded();
    refused(
        "(dev.sluice.dsl.Expression<Long>) " + AGGREGATES + "avg(FILM.filmId)",
        "incompatible types: dev.sluice.dsl.WindowFunction<java.math.BigDecimal> cannot be"
            + " converted to dev.sluice.dsl.Expression<java.lang.Long>");
  }

  @Test
  void aTextColumnIsNotSummed() {
    refused(
        AGGREGATES + "sum(FILM.title)",
        "no suitable method found for sum(dev.sluice.dsl.StringColumn<dev.sluice.pagila.Film>)");
  }

  // ---- ON CONFLICT: the inserted table's columns ----

  @Test
  void onConflictTakesTheInsertedTablesColumnsWithoutWarnings() {
    compilesCleanly(
        DSL
            + "insertInto(FILM).values((dev.sluice.pagila.Film) null)"
            + ".onConflict(FILM.filmId).doUpdateSet(FILM.title, FILM.length)");
    refused(
        DSL + "insertInto(FILM).values((dev.sluice.pagila.Film) null).onConflict(ACTOR.actorId)",
        "method onConflict in class dev.sluice.dsl.InsertValuesStep<R> cannot be applied to given"
            + " types;",
        "cannot be converted to dev.sluice.dsl.Column<dev.sluice.pagila.Film,?>");
  }

  @Test
  void doUpdateSetTakesTheInsertedTablesColumns() {
    refused(
        DSL
            + "insertInto(FILM).values((dev.sluice.pagila.Film) null)"
            + ".onConflict(FILM.filmId).doUpdateSet(FILM.title, ACTOR.lastName)",
        "method doUpdateSet in class dev.sluice.dsl.InsertConflictStep<R> cannot be applied to"
            + " given types;",
        "StringColumn<dev.sluice.pagila.Actor> cannot be converted to"
            + " dev.sluice.dsl.Column<dev.sluice.pagila.Film,?>");
  }

  // ---- OVER: aggregates and window functions only ----

  @Test
  void overIsOnlyOnAggregatesAndWindowFunctions() {
    assertThat(compile(WINDOWS + "rank().over(" + WINDOWS + "orderedBy(FILM.length.desc()))"))
        .succeeded();
    assertThat(compile(AGGREGATES + "count().over(" + WINDOWS + "partitionBy(FILM.rating))"))
        .succeeded();
    refused(
        "FILM.title.over(" + WINDOWS + "partitionBy(FILM.rating))",
        "cannot find symbol\n  symbol:   method over(dev.sluice.dsl.Window)");
    refused(
        EXPRESSIONS + "lower(FILM.title).over(" + WINDOWS + "partitionBy(FILM.rating))",
        "cannot find symbol\n  symbol:   method over(dev.sluice.dsl.Window)");
  }
}
