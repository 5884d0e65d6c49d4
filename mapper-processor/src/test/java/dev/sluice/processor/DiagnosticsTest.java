package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.Locale;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Every structural diagnostic, with its message, file and line: line numbers count from 1 at the
 * {@code package} line of each source.
 */
class DiagnosticsTest {
  private static final String IMPORTS =
      "import dev.sluice.annotations.*; import java.util.*; import java.math.BigDecimal;";

  private static JavaFileObject source(String name, String... lines) {
    String[] all = new String[lines.length + 2];
    all[0] = "package test;";
    all[1] = IMPORTS;
    System.arraycopy(lines, 0, all, 2, lines.length);
    return JavaFileObjects.forSourceLines("test." + name, all);
  }

  private static Compilation compile(JavaFileObject... sources) {
    return javac().withProcessors(new SluiceProcessor()).compile(sources);
  }

  @Test
  void rowOnAClass() {
    JavaFileObject file = source("Film", "@Row", "public class Film {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.not-a-record] @Row applies to records only, and Film is a class;"
                + " declare it as a record")
        .inFile(file)
        .onLine(3);
  }

  @Test
  void tableOnAnInterface() {
    JavaFileObject file = source("Film", "", "@Table(\"film\")", "interface Film {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.not-a-record] @Table applies to records only, and Film is an interface")
        .inFile(file)
        .onLine(4);
  }

  @Test
  void privateRecord() {
    JavaFileObject file =
        source("Outer", "public class Outer {", "  @Row", "  private record Film(int id) {}", "}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.inaccessible-record] Film is private; the generated decoder in package test"
                + " must name it: make it package-private or public")
        .inFile(file)
        .onLine(5);
  }

  @Test
  void recordInAPrivateClass() {
    JavaFileObject file =
        source(
            "Outer",
            "public class Outer {",
            "  private static class Inner {",
            "    @Row record Film(int id) {}",
            "  }",
            "}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining("[sluice.inaccessible-record] Inner is private")
        .inFile(file)
        .onLine(5);
  }

  @Test
  void genericRecord() {
    JavaFileObject file = source("Box", "@Row", "record Box<T>(T value) {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.inaccessible-record] Box is generic; a decoder creates one concrete type:"
                + " remove the type parameters")
        .inFile(file)
        .onLine(4);
  }

  @Test
  void unsupportedComponentType() {
    JavaFileObject file =
        source("Film", "@Row", "record Film(", "    int id,", "    Thread owner) {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.unsupported-type] component owner of Film has type java.lang.Thread, which"
                + " Sluice cannot read from a column")
        .inFile(file)
        .onLine(6);
  }

  @Test
  void unsupportedElementTypes() {
    JavaFileObject file =
        source(
            "Film",
            "@Row",
            "record Film(",
            // Seven levels: PostgreSQL's arrays have at most six dimensions (six Lists read).
            "    List<List<List<List<List<List<List<String>>>>>>> nested,",
            "    Optional<List<String>> optionalList,",
            "    char initial) {}");
    Compilation c = compile(file);
    assertThat(c).hadErrorCount(3);
    assertThat(c).hadErrorContaining("component nested of Film").inFile(file).onLine(5);
    assertThat(c).hadErrorContaining("component optionalList of Film").inFile(file).onLine(6);
    assertThat(c)
        .hadErrorContaining("[sluice.unsupported-type] component initial")
        .inFile(file)
        .onLine(7);
  }

  @Test
  void twoComponentsMappingToOneColumn() {
    JavaFileObject file =
        source(
            "Film",
            "@Row",
            "record Film(",
            "    int filmId,",
            "    @Column(\"film_id\") int id) {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.duplicate-column] component id maps to column \"film_id\", as component"
                + " filmId does; give one of them another name with @Column")
        .inFile(file)
        .onLine(6);
  }

  @Test
  void anEmbeddedColumnClashingWithAComponent() {
    JavaFileObject file =
        source(
            "Customer",
            "record Name(String first, String last) {}",
            "@Row",
            "record Customer(",
            "    String first,",
            "    @Embedded Name name) {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.duplicate-column] component name.first maps to column \"first\", as"
                + " component first does")
        .inFile(file)
        .onLine(7);
  }

  @Test
  void idOnARowRecord() {
    JavaFileObject file =
        source("Film", "@Row", "record Film(", "    @Id int filmId,", "    String title) {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.not-a-table] @Id on component filmId needs a table: annotate Film with @Table"
                + " instead of @Row")
        .inFile(file)
        .onLine(5);
  }

  @Test
  void generatedOnARowRecord() {
    JavaFileObject file = source("Film", "@Row", "record Film(", "    @Generated int filmId) {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining("[sluice.not-a-table] @Generated on component filmId needs a table")
        .inFile(file)
        .onLine(5);
  }

  @Test
  void generatedOnAPrimitiveWithoutAPlaceholder() {
    JavaFileObject file =
        source("Flag", "@Table(\"flag\")", "record Flag(", "    @Id @Generated boolean on) {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.generated-primitive] @Generated component on is a boolean, which has no value"
                + " meaning \"not generated yet\"")
        .inFile(file)
        .onLine(5);
  }

  @Test
  void generatedOnAnIntegralPrimitiveIsFine() {
    JavaFileObject file =
        source(
            "Film",
            "@Table(\"film\")",
            "record Film(",
            "    @Id @Generated int filmId, String title) {}");
    assertThat(compile(file)).succeeded();
  }

  @Test
  void nullablePrimitive() {
    JavaFileObject file = source("Film", "@Row", "record Film(", "    @Nullable int length) {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.nullable-primitive] component length is @Nullable but its type int cannot"
                + " hold null; use java.lang.Integer instead")
        .inFile(file)
        .onLine(5);
  }

  @Test
  void converterNotImplementingConverter() {
    JavaFileObject file =
        source(
            "Film",
            "@Row",
            "record Film(",
            "    @Convert(NotAConverter.class) String title) {}",
            "class NotAConverter {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-converter] converter for component title: NotAConverter must implement"
                + " dev.sluice.Converter<C, T> with type arguments")
        .inFile(file)
        .onLine(5);
  }

  @Test
  void converterToAnotherType() {
    JavaFileObject file =
        source(
            "Film",
            "@Row",
            "record Film(",
            "    @Convert(Upper.class) Integer title) {}",
            "class Upper implements dev.sluice.Converter<String, String> {",
            "  public String fromColumn(String s) { return s.toUpperCase(); }",
            "  public String toColumn(String s) { return s; }",
            "}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-converter] converter for component title: Upper converts to"
                + " java.lang.String, which cannot be assigned to component title of type"
                + " java.lang.Integer")
        .inFile(file)
        .onLine(5);
  }

  @Test
  void converterFromAnUnreadableType() {
    JavaFileObject file =
        source(
            "Film",
            "@Row",
            "record Film(",
            "    @Convert(FromThread.class) String title) {}",
            "class FromThread implements dev.sluice.Converter<Thread, String> {",
            "  public String fromColumn(Thread t) { return t.getName(); }",
            "  public Thread toColumn(String s) { return null; }",
            "}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-converter] converter for component title: FromThread converts from"
                + " java.lang.Thread, which Sluice does not read directly")
        .inFile(file)
        .onLine(5);
  }

  @Test
  void converterWithoutANoArgumentConstructor() {
    JavaFileObject file =
        source(
            "Film",
            "@Row",
            "record Film(",
            "    @Convert(Prefixed.class) String title) {}",
            "class Prefixed implements dev.sluice.Converter<String, String> {",
            "  private final String prefix;",
            "  Prefixed(String prefix) { this.prefix = prefix; }",
            "  public String fromColumn(String s) { return prefix + s; }",
            "  public String toColumn(String s) { return s; }",
            "}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-converter] converter for component title: Prefixed needs a no-argument"
                + " constructor the generated decoder can call")
        .inFile(file)
        .onLine(5);
  }

  @Test
  void abstractConverter() {
    JavaFileObject file =
        source(
            "Film",
            "@Row",
            "record Film(",
            "    @Convert(Abstract.class) String title) {}",
            "abstract class Abstract implements dev.sluice.Converter<String, String> {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-converter] converter for component title: Abstract must be a concrete"
                + " class")
        .inFile(file)
        .onLine(5);
  }

  @Test
  void embeddedNonRecord() {
    JavaFileObject file = source("Film", "@Row", "record Film(", "    @Embedded String title) {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-embedded] @Embedded component title has type java.lang.String, which is"
                + " no record")
        .inFile(file)
        .onLine(5);
  }

  @Test
  void recordEmbeddingItself() {
    JavaFileObject file =
        source("Node", "@Row", "record Node(", "    int id,", "    @Embedded Node parent) {}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.bad-embedded] @Embedded component parent embeds Node inside itself")
        .inFile(file)
        .onLine(6);
  }

  @Test
  void privateEnum() {
    JavaFileObject file =
        source(
            "Outer",
            "public class Outer {",
            "  private enum Mood { HAPPY }",
            "  @Row record Film(",
            "      Mood mood) {}",
            "}");
    Compilation c = compile(file);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.inaccessible-type] component mood has type Mood, which the generated code in"
                + " package test cannot name: Mood is private")
        .inFile(file)
        .onLine(6);
  }

  @Test
  void anErrorInOneRecordLeavesTheOthersGenerated() {
    JavaFileObject bad = source("Bad", "@Row", "record Bad(Thread t) {}");
    JavaFileObject good =
        source(
            "Good",
            "@Row",
            "record Good(int id) {",
            "  static final dev.sluice.RowDecoder<Good> DECODER = new GoodDecoder();",
            "}");
    Compilation c = compile(bad, good);
    // Had GoodDecoder not been generated, javac would report it missing: a second error.
    assertThat(c).hadErrorCount(1);
    assertThat(c).hadErrorContaining("component t of Bad").inFile(bad).onLine(4);
  }

  /**
   * A record referring to a type generated in round 1 is retried in round 2; the error its first
   * attempt found before it met that type is reported once, by the attempt that counts.
   */
  @Test
  void aRecordRetriedInALaterRoundReportsEachErrorOnce() {
    JavaFileObject file =
        source("Film", "@Row", "record Film(", "    Thread owner,", "    Mood mood) {}");
    Compilation c =
        javac().withProcessors(FirstRoundGenerator.mood(), new SluiceProcessor()).compile(file);
    String message =
        "[sluice.unsupported-type] component owner of Film has type java.lang.Thread, which"
            + " Sluice cannot read from a column";
    assertThat(c).hadErrorContaining(message).inFile(file).onLine(5);
    assertThat(c.errors().stream().filter(e -> e.getMessage(Locale.ROOT).contains(message)))
        .hasSize(1);
    // Mood resolved in the retry: no unresolved-type error either.
    assertThat(c).hadErrorCount(1);
  }
}
