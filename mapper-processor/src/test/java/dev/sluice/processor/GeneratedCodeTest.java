package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The generated code itself: the one golden file (what users see in their IDE), warning-free
 * compilation under all of -Xlint but "processing" (the processor claims no annotation, as
 * AutoValue does, so javac notes that none claimed them), and records retried when they refer to
 * types generated later.
 */
class GeneratedCodeTest {
  /** Run with -Dsluice.golden.update=true to rewrite the golden file after a deliberate change. */
  private static final boolean UPDATE = Boolean.getBoolean("sluice.golden.update");

  private static final Path PAGILA = Path.of("src/test/java/dev/sluice/pagila");
  private static final Path GOLDEN = Path.of("src/test/resources/golden");

  @Test
  void filmDecoderMatchesTheGoldenFile() throws IOException {
    assertMatchesGolden("FilmDecoder");
  }

  @Test
  void filmTableMatchesTheGoldenFile() throws IOException {
    assertMatchesGolden("FilmTable");
  }

  /** A record whose every component has an in-order reader: its decoder has the one-pass loop. */
  @Test
  void actorDecoderMatchesTheGoldenFile() throws IOException {
    assertMatchesGolden("ActorDecoder", "Actor");
  }

  private static void assertMatchesGolden(String name) throws IOException {
    assertMatchesGolden(name, "Film", "Rating");
  }

  private static void assertMatchesGolden(String name, String... records) throws IOException {
    Compilation c = compileWithAllLint(pagila(records));
    assertThat(c).succeededWithoutWarnings();
    JavaFileObject generated = c.generatedSourceFile("example.pagila." + name).orElseThrow();
    String actual = generated.getCharContent(false).toString();
    Path golden = GOLDEN.resolve(name + ".java");
    if (UPDATE) {
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  @Test
  void everyPagilaRecordCompilesWithoutWarningsUnderAllLint() throws IOException {
    Compilation c =
        compileWithAllLint(
            pagila(
                "Film",
                "Rating",
                "Actor",
                "Customer",
                "PersonName",
                "Email",
                "EmailConverter",
                "Rental",
                "Payment",
                "Reports"));
    assertThat(c).succeededWithoutWarnings();
    for (String generated :
        List.of(
            "FilmDecoder",
            "FilmTable",
            "ActorDecoder",
            "ActorTable",
            "CustomerDecoder",
            "CustomerTable",
            "RentalDecoder",
            "PaymentDecoder",
            "PaymentTable",
            "Reports_FilmFeaturesDecoder")) {
      assertThat(c).generatedSourceFile("example.pagila." + generated);
    }
  }

  /**
   * Generated code names only the public API ({@code dev.sluice}, {@code dev.sluice.dsl}), the
   * annotations and the support package for generated code: never the driver, which is internal.
   */
  @Test
  void generatedCodeReferencesOnlyTheApiAndTheGeneratedSupportPackage() throws IOException {
    Compilation c =
        compileWithAllLint(
            pagila(
                "Film",
                "Rating",
                "Actor",
                "Customer",
                "PersonName",
                "Email",
                "EmailConverter",
                "Rental",
                "Payment",
                "Reports",
                "Counting",
                "TitleCount",
                "FilmDao"));
    assertThat(c).succeeded();
    assertThat(c).generatedSourceFile("example.pagila.FilmDaoImpl");
    Pattern reference = Pattern.compile("\\bdev\\.sluice(\\.[a-z]+)*\\.(?=[A-Z])");
    Set<String> allowed =
        Set.of(
            "dev.sluice.", "dev.sluice.dsl.", "dev.sluice.annotations.", "dev.sluice.generated.");
    List<String> seen = new ArrayList<>();
    for (JavaFileObject generated : c.generatedSourceFiles()) {
      String code =
          generated
              .getCharContent(false)
              .toString()
              .replace("@Generated(\"dev.sluice.processor.SluiceProcessor\")", "");
      Matcher m = reference.matcher(code);
      while (m.find()) {
        seen.add(m.group());
        assertThat(m.group()).as("a package %s names", generated.getName()).isIn(allowed);
      }
    }
    assertThat(seen).contains("dev.sluice.", "dev.sluice.generated.", "dev.sluice.dsl.");
  }

  @Test
  void aRecordReferringToATypeGeneratedLaterIsRetriedInTheNextRound() {
    JavaFileObject record =
        JavaFileObjects.forSourceLines(
            "test.Film",
            "package test;",
            "@dev.sluice.annotations.Row",
            "public record Film(int id, Mood mood) {}");
    Compilation c =
        javac()
            .withProcessors(new MoodGenerator(), new SluiceProcessor())
            .withOptions("-Xlint:all,-processing", "-Werror")
            .compile(record);
    assertThat(c).succeededWithoutWarnings();
    assertThat(c)
        .generatedSourceFile("test.FilmDecoder")
        .contentsAsUtf8String()
        .contains("row.getEnum(mood, MOOD_LABELS)");
  }

  @Test
  void aTypeThatNeverResolvesIsReportedOnTheRecord() {
    JavaFileObject record =
        JavaFileObjects.forSourceLines(
            "test.Film",
            "package test;",
            "@dev.sluice.annotations.Row",
            "public record Film(int id, Missing mood) {}");
    Compilation c = javac().withProcessors(new SluiceProcessor()).compile(record);
    assertThat(c)
        .hadErrorContaining(
            "[sluice.unresolved-type] Film refers to a type that could not be resolved")
        .inFile(record)
        .onLine(3);
  }

  @Test
  void theProcessorIsRegisteredAndDynamicForGradle() throws IOException {
    ClassLoader loader = SluiceProcessor.class.getClassLoader();
    try (var in = loader.getResourceAsStream("META-INF/gradle/incremental.annotation.processors")) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8).trim())
          .isEqualTo("dev.sluice.processor.SluiceProcessor,dynamic");
    }
    try (var in =
        loader.getResourceAsStream("META-INF/services/javax.annotation.processing.Processor")) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8).trim())
          .isEqualTo("dev.sluice.processor.SluiceProcessor");
    }
  }

  private static Compilation compileWithAllLint(List<JavaFileObject> sources) {
    return javac()
        .withProcessors(new SluiceProcessor())
        .withOptions("-Xlint:all,-processing", "-Werror")
        .compile(sources);
  }

  /**
   * The Pagila test records' sources, moved to package {@code example.pagila}: their compiled
   * classes and generated decoders are on the test classpath under their own package, and javac
   * would warn that the generated files exist already.
   */
  private static List<JavaFileObject> pagila(String... names) throws IOException {
    List<JavaFileObject> out = new ArrayList<>();
    for (String name : names) {
      String source = Files.readString(PAGILA.resolve(name + ".java"), StandardCharsets.UTF_8);
      out.add(
          JavaFileObjects.forSourceString(
              "example.pagila." + name,
              source.replace("package dev.sluice.pagila;", "package example.pagila;")));
    }
    return out;
  }

  /**
   * Generates {@code test.Mood} in the first round, as another processor might; it runs before
   * ours, but a generated type resolves only in the next round.
   */
  static final class MoodGenerator extends AbstractProcessor {
    private boolean done;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!done) {
        done = true;
        try (Writer w = processingEnv.getFiler().createSourceFile("test.Mood").openWriter()) {
          w.write("package test;\npublic enum Mood { HAPPY, SAD }\n");
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
      return false;
    }
  }
}
