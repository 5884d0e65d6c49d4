package dev.sluice.processor;

import dev.sluice.processor.SchemaSource.SchemaSourceException;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * What a compilation checked against, left in its class output so that a build can tell when the
 * checks went stale: {@value #RESOURCE} holds the migrations directory and its {@link
 * Migrations#digest}.
 *
 * <p>Why: maven-compiler-plugin runs javac only when a source, or a jar or class on the class path,
 * changed. An edited migration is none of these, so javac (and with it every check) would not run,
 * and the build would pass on checks made against the old schema. {@link #main} runs after the
 * compiler (Maven: exec-maven-plugin's {@code java} goal in {@code process-classes}) and fails the
 * build when the migrations differ from those the classes were checked against. Gradle needs none
 * of this: the migrations declared as an input of {@code compileJava} recompile everything.
 */
public final class CheckedMigrations {
  /** Where in the class output the record lives. */
  static final String RESOURCE = "META-INF/sluice/checked-migrations.properties";

  private static final String DIRECTORY = "directory=";
  private static final String DIGEST = "digest=";

  private CheckedMigrations() {}

  /** Writes the record; {@code originating} is one checked type (Gradle's isolating mode). */
  static void write(Filer filer, Path directory, String digest, Element originating)
      throws IOException {
    FileObject file =
        filer.createResource(StandardLocation.CLASS_OUTPUT, "", RESOURCE, originating);
    try (Writer out = file.openWriter()) {
      out.write(DIRECTORY + directory.toAbsolutePath().normalize() + "\n");
      out.write(DIGEST + digest + "\n");
    }
  }

  /**
   * Compares the record in a class output with the migrations as they are now.
   *
   * @return null when they agree or there is no record (nothing was checked against migrations),
   *     else the message saying what changed and what to do
   */
  static String staleness(Path classes) throws IOException, SchemaSourceException {
    Path record = classes.resolve(RESOURCE);
    if (!Files.isRegularFile(record)) {
      return null;
    }
    String directory = null;
    String digest = null;
    List<String> lines = Files.readAllLines(record, StandardCharsets.UTF_8);
    for (String line : lines) {
      if (line.startsWith(DIRECTORY)) {
        directory = line.substring(DIRECTORY.length());
      } else if (line.startsWith(DIGEST)) {
        digest = line.substring(DIGEST.length());
      }
    }
    if (directory == null || digest == null) {
      return record + " is damaged (no directory= or digest= line): run `mvn clean compile`";
    }
    String now = Migrations.scan(Paths.get(directory)).digest();
    if (now.equals(digest)) {
      return null;
    }
    return "[sluice.schema.stale] the migrations in "
        + directory
        + " changed since the classes in "
        + classes
        + " were checked against them (checked "
        + digest
        + ", now "
        + now
        + "), and the compiler did not run again because no source changed: run `mvn clean"
        + " compile` to check every @Table record and @Query against the new schema";
  }

  /**
   * {@code CheckedMigrations <class output directory>}: throws (failing the build that ran it) when
   * the checks of those classes are stale.
   *
   * @param args one argument: the class output directory, which holds the record of the checked
   *     migrations
   * @throws IllegalArgumentException if there is not exactly one argument
   * @throws IllegalStateException if the migrations changed since the classes were checked, or the
   *     record is damaged, saying to run {@code mvn clean compile}
   * @throws Exception if the record or the migrations cannot be read
   */
  public static void main(String[] args) throws Exception {
    if (args.length != 1) {
      throw new IllegalArgumentException(
          "usage: CheckedMigrations <class output directory>, got " + args.length + " arguments");
    }
    String stale = staleness(Paths.get(args[0]));
    if (stale != null) {
      throw new IllegalStateException(stale);
    }
  }
}
