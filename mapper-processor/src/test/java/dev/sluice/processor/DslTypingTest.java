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
  private static Compilation compile(String statement) {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "test.Use",
            "package test;",
            "import static dev.sluice.pagila.FilmTable.FILM;",
            "import static dev.sluice.pagila.ActorTable.ACTOR;",
            "class Use {",
            "  Object use() {",
            "    return " + statement + ";",
            "  }",
            "}");
    return javac().compile(source);
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
    assertThat(compile("FILM.length.like(\"A%\")")).failed();
  }

  @Test
  void updateSetTakesAColumnOfTheTableAndAValueOfItsType() {
    assertThat(compile("dev.sluice.dsl.Dsl.update(FILM).set(FILM.title, \"x\")")).succeeded();
    assertThat(compile("dev.sluice.dsl.Dsl.update(FILM).set(FILM.title, 42)")).failed();
    assertThat(compile("dev.sluice.dsl.Dsl.update(FILM).set(ACTOR.firstName, \"x\")")).failed();
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
    assertThat(
            compile(
                dsl
                    + "select(FILM.title).from(FILM).intersect("
                    + dsl
                    + "select(FILM.length).from(FILM))"))
        .failed();
  }

  @Test
  void aRecursiveTermReturnsRowsOfTheAnchorsType() {
    String dsl = "dev.sluice.dsl.Dsl.";
    String anchor = dsl + "select(FILM.title).from(FILM)";
    assertThat(
            compile(
                dsl
                    + "recursiveCte(\"t\", "
                    + anchor
                    + ", self -> "
                    + dsl
                    + "select(self.field(FILM.title)).from(self.table()))"))
        .succeeded();
    Compilation c =
        compile(
            dsl
                + "recursiveCte(\"t\", "
                + anchor
                + ", self -> "
                + dsl
                + "select(FILM.length).from(self.table()))");
    assertThat(c).failed();
    assertThat(c).hadErrorContaining("incompatible types");
  }
}
