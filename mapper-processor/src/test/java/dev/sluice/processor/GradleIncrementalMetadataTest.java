package dev.sluice.processor;

import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.Processor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gradle's incremental compilation of a user's build reads {@code
 * META-INF/gradle/incremental.annotation.processors}: a processor not listed there makes every
 * compile a full one. Gradle cannot run in CI, so this pins the file that it reads: the one line,
 * naming the processor that javac finds through {@code META-INF/services}, as dynamic; and what the
 * processor then answers Gradle (an option among its supported ones, read after init): isolating
 * (each generated file comes from one record or DAO, given as its originating element) unless a
 * snapshot or migrations mode makes one output of all the compilation's checks, then aggregating.
 */
class GradleIncrementalMetadataTest {
  @TempDir Path temp;

  @Test
  void theProcessorIsDeclaredDynamicUnderTheNameJavacLoads() throws IOException {
    List<String> gradle = lines("META-INF/gradle/incremental.annotation.processors");
    assertThat(gradle).containsExactly(SluiceProcessor.class.getName() + ",dynamic");
    List<String> services = lines("META-INF/services/" + Processor.class.getName());
    assertThat(services).containsExactly(SluiceProcessor.class.getName());
  }

  @Test
  void withoutSchemaOptionsOrWithALiveUrlItIsIsolating() {
    assertThat(categoryAfterInit())
        .contains(SluiceProcessor.GRADLE_ISOLATING)
        .doesNotContain(SluiceProcessor.GRADLE_AGGREGATING);
    assertThat(categoryAfterInit("-Asluice.schema.url=postgresql://nobody@localhost:1/none"))
        .contains(SluiceProcessor.GRADLE_ISOLATING)
        .doesNotContain(SluiceProcessor.GRADLE_AGGREGATING);
  }

  @Test
  void aSnapshotOrMigrationsModeMakesItAggregating() {
    assertThat(categoryAfterInit("-Asluice.schema.snapshot=" + temp.resolve("schema.snapshot")))
        .contains(SluiceProcessor.GRADLE_AGGREGATING)
        .doesNotContain(SluiceProcessor.GRADLE_ISOLATING);
    assertThat(categoryAfterInit("-Asluice.schema.migrations=" + temp))
        .contains(SluiceProcessor.GRADLE_AGGREGATING)
        .doesNotContain(SluiceProcessor.GRADLE_ISOLATING);
  }

  /**
   * The processor's supported options once javac has initialised it with {@code options}, as Gradle
   * reads them; the source has no annotation, so no check runs and no server starts.
   */
  private static Set<String> categoryAfterInit(String... options) {
    SluiceProcessor processor = new SluiceProcessor();
    Compilation c =
        javac()
            .withProcessors(processor)
            .withOptions((Object[]) options)
            .compile(JavaFileObjects.forSourceString("p.Plain", "package p; class Plain {}"));
    assertThat(c.status()).isEqualTo(Compilation.Status.SUCCESS);
    return processor.getSupportedOptions();
  }

  /** The non-blank, non-comment lines of the one copy of a resource in the processor's output. */
  private static List<String> lines(String resource) throws IOException {
    List<URL> copies =
        Collections.list(SluiceProcessor.class.getClassLoader().getResources(resource));
    List<String> out = new ArrayList<>();
    for (URL copy : copies) {
      if (!copy.toString().contains("mapper-processor")) {
        continue;
      }
      try (InputStream in = copy.openStream()) {
        for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
          String trimmed = line.trim();
          if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
            out.add(trimmed);
          }
        }
      }
    }
    return out;
  }
}
