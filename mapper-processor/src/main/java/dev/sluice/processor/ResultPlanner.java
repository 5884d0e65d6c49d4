package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import dev.sluice.processor.DaoModel.Decoder;
import dev.sluice.processor.DaoModel.Result;
import dev.sluice.processor.SqlParameterLexer.StatementKind;
import java.util.List;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Plans how a DAO method's return type is produced from its statement: the row count ({@code void},
 * {@code int}, {@code long}), or rows decoded by a {@code Scalars} constant, an enum or a record's
 * generated decoder, returned as a List, Optional, Stream or exactly one. {@code @Query} methods
 * plan any return type here; CRUD methods take their counts and the decoder of the record they
 * return from here too, so both read results alike.
 */
final class ResultPlanner {
  private final Elements elements;
  private final Types types;
  private final Diagnostics diagnostics;

  ResultPlanner(ProcessingEnvironment env, Diagnostics diagnostics) {
    this.elements = env.getElementUtils();
    this.types = env.getTypeUtils();
    this.diagnostics = diagnostics;
  }

  /** How a result is read: the call and its decoder (null for a count). */
  static final class Plan {
    final Result result;
    final Decoder decoder;

    Plan(Result result, Decoder decoder) {
      this.result = result;
      this.decoder = decoder;
    }
  }

  /** VOID, COUNT_INT or COUNT_LONG for {@code void}, {@code int}, {@code long}; else null. */
  static Result count(TypeKind kind) {
    switch (kind) {
      case VOID:
        return Result.VOID;
      case INT:
        return Result.COUNT_INT;
      case LONG:
        return Result.COUNT_LONG;
      default:
        return null;
    }
  }

  /** The generated decoder of {@code record}: {@code FilmDecoder}, {@code Outer_FilmDecoder}. */
  static Decoder recordDecoder(ClassName record) {
    return Decoder.record(
        record,
        ClassName.get(record.packageName(), String.join("_", record.simpleNames()) + "Decoder"));
  }

  /** Whether {@code returnType} is {@code record}'s type, type arguments aside. */
  boolean returnsRecord(TypeMirror returnType, TypeElement record) {
    return types.isSameType(types.erasure(returnType), types.erasure(record.asType()));
  }

  /**
   * How a {@code @Query} method's result is read, given what its statement returns; or null after
   * reporting why it cannot be.
   */
  Plan queryResult(
      ExecutableElement m, TypeMirror returnType, StatementKind kind, PackageElement pkg)
      throws UnresolvedTypeException {
    TypeKind k = returnType.getKind();
    if (k == TypeKind.VOID) {
      return new Plan(Result.VOID, null);
    }
    if ((k == TypeKind.INT || k == TypeKind.LONG) && kind != StatementKind.ROWS) {
      // No rows to read, or the processor cannot tell: the row count.
      return new Plan(count(k), null);
    }
    String noRows =
        "the SQL of "
            + m.getSimpleName()
            + " returns no rows (no RETURNING), so there is no "
            + ReaderFactory.typeName(returnType)
            + " to read; return void, int or long for its row"
            + " count, or add RETURNING";
    Result container = container(returnType);
    TypeMirror element = returnType;
    if (container != null) {
      List<? extends TypeMirror> args = ((DeclaredType) returnType).getTypeArguments();
      if (args.size() != 1
          || args.get(0).getKind() != TypeKind.DECLARED
              && args.get(0).getKind() != TypeKind.ARRAY) {
        unsupportedReturn(m, returnType, "its element type must be a record or a scalar");
        return null;
      }
      element = args.get(0);
    }
    if (kind == StatementKind.COUNT) {
      diagnostics.error(Diagnostics.UNSUPPORTED_RETURN, noRows, m);
      return null;
    }
    Decoder decoder = decoder(m, returnType, element, pkg);
    if (decoder == null) {
      return null;
    }
    Result result =
        container != null
            ? container
            : element.getKind().isPrimitive() ? Result.ONE_NOT_NULL : Result.ONE;
    return new Plan(result, decoder);
  }

  /**
   * LIST, OPTIONAL or STREAM for {@code List<T>}, {@code Optional<T>}, {@code Stream<T>}; else
   * null.
   */
  private static Result container(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    String name = ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString();
    switch (name) {
      case "java.util.List":
        return Result.LIST;
      case "java.util.Optional":
        return Result.OPTIONAL;
      case "java.util.stream.Stream":
        return Result.STREAM;
      default:
        return null;
    }
  }

  /** The decoder of {@code element}, a scalar, enum or {@code @Row}/{@code @Table} record. */
  private Decoder decoder(
      ExecutableElement m, TypeMirror returnType, TypeMirror element, PackageElement pkg)
      throws UnresolvedTypeException {
    ReaderFactory.requireResolved(element);
    if (element.getKind() == TypeKind.DECLARED) {
      TypeElement te = (TypeElement) ((DeclaredType) element).asElement();
      if (te.getKind() == ElementKind.RECORD) {
        if (Annotations.find(te, Annotations.ROW) == null
            && Annotations.find(te, Annotations.TABLE) == null) {
          unsupportedReturn(
              m,
              returnType,
              te.getSimpleName()
                  + " is a record without @Row or @Table; annotate it"
                  + " with @Row so Sluice generates its decoder");
          return null;
        }
        if (!checkVisible(m, te, pkg)) {
          return null;
        }
        return recordDecoder(ClassName.get(te));
      }
    }
    ValueReader reader = ReaderFactory.scalarOrEnum(element);
    if (reader == null && element.getKind() == TypeKind.ARRAY) {
      reader = ReaderFactory.readerFor(element);
      reader = reader instanceof ValueReader.Scalar ? reader : null;
    }
    if (reader instanceof ValueReader.Scalar) {
      return Decoder.scalar(((ValueReader.Scalar) reader).type);
    }
    if (reader instanceof ValueReader.EnumOf) {
      TypeElement te = (TypeElement) ((DeclaredType) element).asElement();
      if (!checkVisible(m, te, pkg)) {
        return null;
      }
      return Decoder.enumOf(((ValueReader.EnumOf) reader).enumClass);
    }
    unsupportedReturn(
        m,
        returnType,
        ReaderFactory.typeName(element)
            + " is neither a @Row or @Table record nor a scalar Sluice"
            + " reads from a column");
    return null;
  }

  private void unsupportedReturn(ExecutableElement m, TypeMirror returnType, String why) {
    diagnostics.error(
        Diagnostics.UNSUPPORTED_RETURN,
        "method "
            + m.getSimpleName()
            + " returns "
            + ReaderFactory.typeName(returnType)
            + ", which Sluice cannot produce: "
            + why
            + ". Return List<T>, Optional<T>, Stream<T>"
            + " or T of a @Row record or a scalar; or void, int or long for a row count",
        m);
  }

  /**
   * Whether the implementation in {@code pkg} can name {@code type}, which method {@code m} reads
   * or writes; reports it on {@code m} if not.
   */
  boolean checkVisible(ExecutableElement m, TypeElement type, PackageElement pkg) {
    String problem = Accessibility.problem(type, pkg, elements);
    if (problem == null) {
      return true;
    }
    diagnostics.error(
        Diagnostics.INACCESSIBLE_TYPE,
        "method "
            + m.getSimpleName()
            + " uses "
            + type.getSimpleName()
            + ", which the generated"
            + " implementation in package "
            + pkg.getQualifiedName()
            + " cannot name: "
            + problem,
        m);
    return false;
  }
}
