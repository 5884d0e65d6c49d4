package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.LinkedHashSet;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import org.junit.jupiter.api.Test;

/**
 * The processor claims no annotation (process() returns false, as AutoValue's does): a processor
 * that runs after it is still offered @Row and the @Generated of the decoders it writes.
 */
class ClaimsNothingTest {
  /** Records every annotation javac offers it; claims none either. */
  static final class Witness extends AbstractProcessor {
    final Set<String> offered = new LinkedHashSet<>();

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("javax.annotation.processing.Generated", "dev.sluice.annotations.Row");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      for (TypeElement a : annotations) {
        offered.add(a.getQualifiedName().toString());
      }
      return false;
    }
  }

  @Test
  void anotherProcessorStillSeesTheAnnotations() {
    Witness witness = new Witness();
    Compilation c =
        javac()
            .withProcessors(new SluiceProcessor(), witness)
            .compile(
                JavaFileObjects.forSourceLines(
                    "test.Film",
                    "package test;",
                    "import dev.sluice.annotations.Row;",
                    "@Row public record Film(int filmId, String title) {}"));
    assertThat(c).succeeded();
    assertThat(witness.offered)
        .containsExactlyInAnyOrder(
            "dev.sluice.annotations.Row", "javax.annotation.processing.Generated");
  }
}
