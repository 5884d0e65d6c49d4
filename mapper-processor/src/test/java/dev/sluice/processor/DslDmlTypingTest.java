package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * What the types of upsert's {@code doUpdate()} and of MERGE reject at compile time, against the
 * generated Pagila tables: a value of another type than its column's, a column of another table,
 * running a MERGE that has no WHEN clause; and the varargs steps compile without warnings.
 */
class DslDmlTypingTest {
  private static final String DSL = "dev.sluice.dsl.Dsl.";

  private static final String UPSERT =
      DSL + "insertInto(FILM).values((dev.sluice.pagila.Film) null).onConflict(FILM.filmId)";

  private static final String MERGE =
      DSL + "mergeInto(FILM).using(ACTOR).on(FILM.filmId.eq(ACTOR.actorId))";

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
  void doUpdateSetTakesAnExpressionOfTheColumnsType() {
    compilesCleanly(
        UPSERT
            + ".where(FILM.length.isNotNull()).doUpdate()"
            + ".set(FILM.length, FILM.length.plus("
            + DSL
            + "excluded(FILM).length))"
            + ".setExcluded(FILM.title).where(FILM.rentalDuration.lt((short) 5))");
    refused(
        UPSERT + ".doUpdate().set(FILM.length, FILM.title)",
        "no suitable method found for set(",
        "dev.sluice.dsl.StringColumn<dev.sluice.pagila.Film>)");
    refused(
        UPSERT + ".doUpdate().set(ACTOR.firstName, \"x\")",
        "no suitable method found for"
            + " set(dev.sluice.dsl.StringColumn<dev.sluice.pagila.Actor>,java.lang.String)");
  }

  @Test
  void mergeSetsTheTargetsColumnsToValuesOfTheirTypes() {
    compilesCleanly(
        MERGE
            + ".whenMatched().thenUpdate().set(FILM.title, ACTOR.lastName)"
            + ".whenNotMatched().thenInsert(FILM.title, FILM.languageId)"
            + ".values(ACTOR.firstName, 1)");
    refused(
        MERGE + ".whenMatched().thenUpdate().set(FILM.title, 42)",
        "no suitable method found for"
            + " set(dev.sluice.dsl.StringColumn<dev.sluice.pagila.Film>,int)");
    refused(
        MERGE + ".whenNotMatched().thenInsert().set(ACTOR.firstName, \"x\")",
        "no suitable method found for"
            + " set(dev.sluice.dsl.StringColumn<dev.sluice.pagila.Actor>,java.lang.String)");
    refused(
        MERGE + ".whenNotMatched().thenInsert(FILM.title, ACTOR.lastName)",
        "method thenInsert in class dev.sluice.dsl.MergeNotMatchedStep<R> cannot be applied to"
            + " given types;",
        "StringColumn<dev.sluice.pagila.Actor> cannot be converted to"
            + " dev.sluice.dsl.Column<dev.sluice.pagila.Film,?>");
  }

  @Test
  void aMergeWithoutAWhenClauseDoesNotRun() {
    refused(MERGE + ".execute()", "cannot find symbol\n  symbol:   method execute()");
    refused(MERGE + ".whenMatched().execute()", "cannot find symbol\n  symbol:   method execute()");
  }
}
