package dev.sluice.processor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

/**
 * A stand-in for another processor: writes one source file in the first round. A type it generates
 * is an error type to every processor in that round and resolves only in the next, so whatever
 * refers to it is retried by Sluice.
 */
final class FirstRoundGenerator extends AbstractProcessor {
  private final String typeName;
  private final String source;
  private boolean done;

  /** Generates {@code typeName} (qualified) with the text {@code source}. */
  FirstRoundGenerator(String typeName, String source) {
    this.typeName = typeName;
    this.source = source;
  }

  /** {@code test.Mood}, a public enum of HAPPY and SAD. */
  static FirstRoundGenerator mood() {
    return new FirstRoundGenerator("test.Mood", "package test;\npublic enum Mood { HAPPY, SAD }\n");
  }

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
      try (Writer w = processingEnv.getFiler().createSourceFile(typeName).openWriter()) {
        w.write(source);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return false;
  }
}
