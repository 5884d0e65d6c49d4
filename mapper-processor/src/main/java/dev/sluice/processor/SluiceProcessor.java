package dev.sluice.processor;

import com.google.auto.service.AutoService;
import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The Sluice annotation processor: for every {@code @Row} and {@code @Table} record a decoder
 * ({@code FilmDecoder}), for every {@code @Table} record its table metadata ({@code FilmTable}),
 * and for every {@code @Dao} interface its implementation ({@code FilmDaoImpl}).
 *
 * <p>Each record is handled on its own: an error in one is reported on the element at fault and the
 * others are still generated. A record that refers to a type javac cannot resolve yet (one another
 * processor will generate) is retried in the next round; the errors of each attempt are held back
 * until it is final, so those of an attempt that is retried are not reported twice. Nothing escapes
 * {@link #process}: an unexpected failure becomes an error on the record being processed. The
 * processor claims our annotations, so javac does not warn that none claimed them.
 *
 * <p>Dynamic in Gradle's sense ({@link #gradleCategory}): isolating (each generated file depends
 * only on its record and the types that record refers to, its originating element) unless a
 * snapshot or migrations mode makes one output of the whole compilation, then aggregating.
 */
@AutoService(Processor.class)
public final class SluiceProcessor extends AbstractProcessor {
  /**
   * Our annotations, and javax.annotation.processing.Generated: it marks the code we generate, and
   * unless a processor claims it, javac warns under -Xlint:processing when compiling that code.
   */
  private static final Set<String> ANNOTATIONS =
      Set.of(
          "javax.annotation.processing.Generated",
          Annotations.ROW,
          Annotations.TABLE,
          Annotations.COLUMN,
          Annotations.ID,
          Annotations.GENERATED,
          Annotations.EMBEDDED,
          Annotations.CONVERT,
          Annotations.NULLABLE,
          Annotations.LABEL,
          Annotations.DAO,
          Annotations.QUERY,
          Annotations.INSERT,
          Annotations.UPDATE,
          Annotations.DELETE,
          Annotations.VERSION,
          Annotations.NON_NULL);

  private Diagnostics diagnostics;
  private RecordModelBuilder models;
  private DaoModelBuilder daos;

  /** Whether the schema source was looked for (in the first round). */
  private boolean schemaOpened;

  /** The schema facts and their source, or null: none configured, or they could not be opened. */
  private Snapshots schema;

  /** The schema checks on {@link #schema}, or null. */
  private SchemaChecker checker;

  /** How long opening {@link #schema} and its checks took, or null when there is none. */
  private SchemaProgress progress;

  /** The models of this compilation's records, by qualified name, for the checks of DAOs. */
  private final Map<String, RecordModel> recordModels = new HashMap<>();

  /** The first type checked against the schema, as the origin of {@link CheckedMigrations}. */
  private Element firstChecked;

  /** Names of records that referred to unresolved types, to retry in the next round. */
  private final Set<String> deferred = new LinkedHashSet<>();

  /** Names of DAO interfaces that referred to unresolved types, to retry in the next round. */
  private final Set<String> deferredDaos = new LinkedHashSet<>();

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    diagnostics = new Diagnostics(env.getMessager());
    models = new RecordModelBuilder(env, diagnostics);
    daos = new DaoModelBuilder(env, diagnostics);
  }

  /** The schema source while it is open, else null; tests watch it from round to round. */
  SchemaSource schemaSource() {
    return schema == null ? null : schema.source;
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return ANNOTATIONS;
  }

  /**
   * Our options, and Gradle's incremental category for this compilation (the processor is {@code
   * dynamic} in {@code META-INF/gradle/incremental.annotation.processors}; Gradle asks after {@link
   * #init}, as javac does): see {@link #gradleCategory}.
   */
  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(
        SchemaSource.URL_OPTION,
        SchemaSource.MIGRATIONS_OPTION,
        SchemaSource.CACHE_OPTION,
        Snapshots.SNAPSHOT_OPTION,
        Snapshots.VERIFY_OPTION,
        gradleCategory());
  }

  /** Gradle's option naming an isolating processor. */
  static final String GRADLE_ISOLATING = "org.gradle.annotation.processing.isolating";

  /** Gradle's option naming an aggregating processor. */
  static final String GRADLE_AGGREGATING = "org.gradle.annotation.processing.aggregating";

  /**
   * Isolating, unless the compilation writes or reads a record of all its checks. Each generated
   * file comes from one record or DAO (its originating element) and what that element reaches, so
   * Gradle may recompile only the sources that changed and the files they generated. But a snapshot
   * ({@code sluice.schema.snapshot}) holds the answers of every check of the compilation, and
   * verifying it reports entries no check asked for; migrations mode writes the migrations' digest
   * as one resource for the whole compilation. An isolating processor sees only the recompiled
   * sources, so it would write a partial snapshot, flag the others' entries as unused, and leave
   * the digest to one arbitrary element. With either option Gradle is told aggregating: it then
   * hands the processor every annotated source on each compilation (reprocessing, not recompiling
   * them). Before {@link #init} nothing is known, and aggregating is the safe answer.
   */
  String gradleCategory() {
    if (processingEnv == null) {
      return GRADLE_AGGREGATING;
    }
    Map<String, String> options = processingEnv.getOptions();
    return options.containsKey(Snapshots.SNAPSHOT_OPTION)
            || options.containsKey(SchemaSource.MIGRATIONS_OPTION)
        ? GRADLE_AGGREGATING
        : GRADLE_ISOLATING;
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    if (!schemaOpened) {
      schemaOpened = true;
      openSchema();
    }
    List<TypeElement> records = new ArrayList<>();
    for (String name : deferred) {
      TypeElement e = processingEnv.getElementUtils().getTypeElement(name);
      if (e != null) {
        records.add(e);
      }
    }
    deferred.clear();
    Set<Element> annotated = new LinkedHashSet<>();
    for (String name : List.of(Annotations.ROW, Annotations.TABLE)) {
      TypeElement annotation = processingEnv.getElementUtils().getTypeElement(name);
      if (annotation != null) {
        annotated.addAll(round.getElementsAnnotatedWith(annotation));
      }
    }
    for (Element e : annotated) {
      if (e instanceof TypeElement && !records.contains(e)) {
        records.add((TypeElement) e);
      }
    }
    for (TypeElement record : records) {
      processRecord(record, round.processingOver());
    }
    for (TypeElement dao : daoInterfaces(round)) {
      processDao(dao, round.processingOver());
    }
    if (round.processingOver() && schema != null) {
      diagnostics.note(Diagnostics.SCHEMA_PROGRESS, progress.summary(schema.description));
      reportUnusedEntries(schema);
      recordCheckedMigrations(schema);
      try {
        schema.close();
      } catch (IOException e) {
        diagnostics.error(
            Diagnostics.SCHEMA_UNAVAILABLE, "could not write the schema snapshot: " + e);
      }
      schema = null;
      checker = null;
      progress = null;
    }
    // Claim nothing, as AutoValue does: other processors still see @Row, @Table and @Generated.
    return false;
  }

  /**
   * Leaves {@link CheckedMigrations} in the class output after checks that answer for migrations.
   */
  private void recordCheckedMigrations(Snapshots snapshots) {
    Path directory = snapshots.checkedMigrations;
    String digest = snapshots.checkedDigest;
    if (directory == null && snapshots.source != null && snapshots.source.migrations != null) {
      directory = snapshots.source.migrations;
      digest = snapshots.source.migrationsDigest;
    }
    if (directory == null || digest == null || firstChecked == null) {
      return;
    }
    try {
      CheckedMigrations.write(processingEnv.getFiler(), directory, digest, firstChecked);
    } catch (IOException e) {
      diagnostics.error(
          Diagnostics.SCHEMA_UNAVAILABLE,
          "could not write " + CheckedMigrations.RESOURCE + " to the class output: " + e);
    }
  }

  /**
   * Warns of the entries a verified snapshot holds that no check asked for. A warning, not an
   * error: javac may compile only part of a module (an IDE's or Gradle's incremental build), and
   * then the checks of the other sources ask nothing although their entries are needed.
   */
  private void reportUnusedEntries(Snapshots snapshots) {
    List<String> unused = snapshots.unusedEntries();
    if (unused.isEmpty()) {
      return;
    }
    StringBuilder shown = new StringBuilder();
    for (int i = 0; i < Math.min(3, unused.size()); i++) {
      shown.append(i == 0 ? "" : "; ").append(unused.get(i));
    }
    diagnostics.warning(
        Diagnostics.SCHEMA_SNAPSHOT_UNUSED,
        "the schema snapshot "
            + snapshots.file()
            + " has "
            + unused.size()
            + (unused.size() == 1 ? " entry" : " entries")
            + " that no check of this compilation asked for ("
            + shown
            + (unused.size() > 3 ? "; …" : "")
            + "): left by queries or tables removed since, unless only part of the module was"
            + " compiled; "
            + SnapshotFacts.refresh(snapshots.file())
            + " to drop them");
  }

  /**
   * Opens the schema source the options name, once for all rounds; with none, says once (as a note,
   * which -Werror lets pass) that only structure is checked.
   */
  private void openSchema() {
    SchemaProgress opening = new SchemaProgress();
    try {
      schema = Snapshots.open(processingEnv.getOptions());
    } catch (SchemaSource.SchemaSourceException e) {
      diagnostics.error(
          e.tag != null
              ? e.tag
              : e.migration != null
                  ? Diagnostics.SCHEMA_BAD_MIGRATION
                  : Diagnostics.SCHEMA_UNAVAILABLE,
          e.getMessage());
      return;
    }
    if (schema == null) {
      diagnostics.note(
          Diagnostics.SCHEMA_SKIPPED,
          "Sluice checked structure only, not tables, columns and SQL against a schema: pass"
              + " -A"
              + SchemaSource.URL_OPTION
              + "=postgresql://user:password@host:5432/db (a live database) or -A"
              + SchemaSource.MIGRATIONS_OPTION
              + "=<directory of migration files> (or -A"
              + Snapshots.SNAPSHOT_OPTION
              + "=<file> written by one of them) to javac");
      return;
    }
    if (schema.source != null) {
      diagnostics.note(Diagnostics.SCHEMA_PROGRESS, schema.source.opened);
    }
    progress = opening;
    checker = new SchemaChecker(schema.facts, diagnostics, processingEnv.getElementUtils());
  }

  /** Runs the schema checks of a DAO's methods, when there is a schema source. */
  private void checkDao(DaoModel model) throws SQLException {
    if (checker == null) {
      return;
    }
    for (DaoModel.Method method : model.methods) {
      ExecutableElement m = method.element;
      AnnotationMirror query = Annotations.find(m, Annotations.QUERY);
      if (query != null) {
        RecordModel record =
            method.decoder == null || method.decoder.decoderClass == null
                ? null
                : recordModels.get(method.decoder.type.toString());
        long start = System.nanoTime();
        checker.checkQuery(
            method,
            query,
            Annotations.explicitValue(query, "value"),
            Annotations.stringValue(query, "value"),
            record);
        progress.statementChecked(start);
      } else if (Annotations.find(m, Annotations.INSERT) != null && m.getParameters().size() == 1) {
        TypeMirror type = m.getParameters().get(0).asType();
        if (type.getKind() == TypeKind.DECLARED
            && !((DeclaredType) type).getTypeArguments().isEmpty()) {
          type = ((DeclaredType) type).getTypeArguments().get(0);
        }
        if (type.getKind() == TypeKind.DECLARED) {
          RecordModel record =
              recordModels.get(
                  ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString());
          if (record != null && record.isTable()) {
            long start = System.nanoTime();
            checker.checkInsert(m, record);
            progress.statementChecked(start);
          }
        }
      }
    }
  }

  /** The {@code @Dao} types of this round, and those deferred from the last. */
  private List<TypeElement> daoInterfaces(RoundEnvironment round) {
    List<TypeElement> out = new ArrayList<>();
    for (String name : deferredDaos) {
      TypeElement e = processingEnv.getElementUtils().getTypeElement(name);
      if (e != null) {
        out.add(e);
      }
    }
    deferredDaos.clear();
    TypeElement annotation = processingEnv.getElementUtils().getTypeElement(Annotations.DAO);
    if (annotation != null) {
      for (Element e : round.getElementsAnnotatedWith(annotation)) {
        if (e instanceof TypeElement && !out.contains(e)) {
          out.add((TypeElement) e);
        }
      }
    }
    return out;
  }

  private void processDao(TypeElement dao, boolean lastRound) {
    if (firstChecked == null) {
      firstChecked = dao;
    }
    diagnostics.hold();
    try {
      DaoModel model = daos.build(dao);
      if (model != null) {
        write(new DaoWriter(model).write(generatedAnnotation()), dao);
        checkDao(model);
      }
    } catch (UnresolvedTypeException e) {
      if (lastRound) {
        diagnostics.error(
            Diagnostics.UNRESOLVED_TYPE,
            dao.getSimpleName()
                + " refers to a type that could not be resolved ("
                + e.getMessage()
                + "); no implementation was generated",
            dao);
      } else {
        // The retry reports again what this attempt found.
        diagnostics.discard();
        deferredDaos.add(dao.getQualifiedName().toString());
      }
    } catch (SQLException e) {
      diagnostics.error(
          Diagnostics.SCHEMA_UNAVAILABLE,
          "the schema checks failed to read " + schema.description + ": " + e.getMessage(),
          dao);
    } catch (RuntimeException | Error e) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      diagnostics.error(
          Diagnostics.INTERNAL_ERROR,
          "Sluice failed on " + dao.getSimpleName() + "; please report this: " + trace,
          dao);
    } finally {
      diagnostics.release();
    }
  }

  private void processRecord(TypeElement record, boolean lastRound) {
    if (firstChecked == null) {
      firstChecked = record;
    }
    diagnostics.hold();
    try {
      RecordModel model = models.build(record);
      if (model != null) {
        write(new DecoderWriter(model).write(generatedAnnotation()), record);
        if (model.isTable()) {
          write(new TableWriter(model).write(generatedAnnotation()), record);
        }
        recordModels.put(record.getQualifiedName().toString(), model);
        if (checker != null && model.isTable()) {
          long start = System.nanoTime();
          checker.checkTable(model);
          progress.tableChecked(start);
        }
      }
    } catch (UnresolvedTypeException e) {
      if (lastRound) {
        diagnostics.error(
            Diagnostics.UNRESOLVED_TYPE,
            record.getSimpleName()
                + " refers to a type that could not be resolved ("
                + e.getMessage()
                + "); no decoder was generated",
            record);
      } else {
        // The retry reports again what this attempt found.
        diagnostics.discard();
        deferred.add(record.getQualifiedName().toString());
      }
    } catch (SQLException e) {
      diagnostics.error(
          Diagnostics.SCHEMA_UNAVAILABLE,
          "the schema checks failed to read " + schema.description + ": " + e.getMessage(),
          record);
    } catch (RuntimeException | Error e) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      diagnostics.error(
          Diagnostics.INTERNAL_ERROR,
          "Sluice failed on " + record.getSimpleName() + "; please report this: " + trace,
          record);
    } finally {
      diagnostics.release();
    }
  }

  private void write(JavaFile file, TypeElement origin) {
    try {
      file.writeTo(processingEnv.getFiler());
    } catch (IOException e) {
      diagnostics.error(
          Diagnostics.INTERNAL_ERROR,
          "could not write " + file.packageName() + "." + file.typeSpec().name() + ": " + e,
          origin);
    }
  }

  /** {@code @javax.annotation.processing.Generated}, when the compile target has it. */
  private AnnotationSpec generatedAnnotation() {
    if (processingEnv.getElementUtils().getTypeElement("javax.annotation.processing.Generated")
        == null) {
      return null;
    }
    return AnnotationSpec.builder(ClassName.get("javax.annotation.processing", "Generated"))
        .addMember("value", "$S", SluiceProcessor.class.getName())
        .build();
  }
}
