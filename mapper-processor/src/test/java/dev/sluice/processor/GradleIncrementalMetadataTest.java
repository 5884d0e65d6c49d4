package dev.sluice.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.annotation.processing.Processor;
import org.junit.jupiter.api.Test;

/**
 * Gradle's incremental compilation of a user's build reads {@code
 * META-INF/gradle/incremental.annotation.processors}: a processor not listed there makes every
 * compile a full one. Gradle cannot run in CI, so this pins the file that it reads: the one line,
 * naming the processor that javac finds through {@code META-INF/services}, as isolating (each
 * generated file comes from one record or DAO, given as its originating element).
 */
class GradleIncrementalMetadataTest {
  @Test
  void theProcessorIsDeclaredIsolatingUnderTheNameJavacLoads() throws IOException {
    List<String> gradle = lines("META-INF/gradle/incremental.annotation.processors");
    assertThat(gradle).containsExactly(SluiceProcessor.class.getName() + ",isolating");
    List<String> services = lines("META-INF/services/" + Processor.class.getName());
    assertThat(services).containsExactly(SluiceProcessor.class.getName());
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
