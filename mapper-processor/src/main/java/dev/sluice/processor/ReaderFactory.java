package dev.sluice.processor;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Chooses the {@link ValueReader} for a component type, and names types for generated code without
 * the type-use annotations (such as {@code @Nullable}) they were written with.
 */
final class ReaderFactory {
  private ReaderFactory() {}

  /**
   * The reader for {@code type}, or null when Sluice cannot read it directly (then a converter or
   * {@code @Embedded} may).
   */
  static ValueReader readerFor(TypeMirror type) throws UnresolvedTypeException {
    requireResolved(type);
    switch (type.getKind()) {
      case ARRAY:
        return arrayReader(((ArrayType) type).getComponentType());
      case DECLARED:
        DeclaredType declared = (DeclaredType) type;
        TypeElement element = (TypeElement) declared.asElement();
        String name = element.getQualifiedName().toString();
        List<? extends TypeMirror> args = declared.getTypeArguments();
        if (name.equals("java.util.Optional") && args.size() == 1) {
          ValueReader inner = scalarOrEnum(args.get(0));
          return inner == null ? null : new ValueReader.OptionalOf(inner);
        }
        if (name.equals("dev.sluice.Range") && args.size() == 1) {
          return rangeReader(args.get(0), false);
        }
        if (name.equals("java.util.List") && args.size() == 1 && isRange(args.get(0))) {
          return rangeReader(((DeclaredType) args.get(0)).getTypeArguments().get(0), true);
        }
        if (name.equals("java.util.Map")
            && args.size() == 2
            && isString(args.get(0))
            && isString(args.get(1))) {
          return new ValueReader.HstoreOf();
        }
        if (name.equals("java.util.List") && args.size() == 1 && isList(args.get(0))) {
          // List<List<T>>, List<List<List<T>>>, …: as many dimensions as Lists (at most 6, as
          // PostgreSQL's arrays).
          int dimensions = 2;
          TypeMirror leaf = ((DeclaredType) args.get(0)).getTypeArguments().get(0);
          while (isList(leaf) && dimensions < 6) {
            dimensions++;
            leaf = ((DeclaredType) leaf).getTypeArguments().get(0);
          }
          ScalarType inner = referenceScalar(leaf);
          return inner == null || inner == ScalarType.BYTES
              ? null
              : new ValueReader.ListOfListsOf(inner, false, false, dimensions);
        }
        if (name.equals("java.util.List") && args.size() == 1) {
          ClassName enumElement = enumClass(args.get(0));
          if (enumElement != null) {
            return new ValueReader.EnumListOf(enumElement, false);
          }
          ScalarType element0 = referenceScalar(args.get(0));
          return element0 == null ? null : new ValueReader.ListOf(element0);
        }
        return scalarOrEnum(type);
      default:
        ScalarType s = scalar(type);
        return s == null ? null : new ValueReader.Scalar(s);
    }
  }

  private static boolean isString(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals("java.lang.String");
  }

  private static boolean isList(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals("java.util.List")
        && ((DeclaredType) type).getTypeArguments().size() == 1;
  }

  private static boolean isRange(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals("dev.sluice.Range")
        && ((DeclaredType) type).getTypeArguments().size() == 1;
  }

  /** {@code Range<T>} (or a multirange's {@code List<Range<T>>}) of a subtype a range holds. */
  private static ValueReader rangeReader(TypeMirror subtype, boolean multirange)
      throws UnresolvedTypeException {
    ScalarType s = referenceScalar(subtype);
    return s == null || ValueReader.RangeOf.rangeOids(s).isEmpty()
        ? null
        : new ValueReader.RangeOf(s, multirange);
  }

  /** A scalar (primitive, boxed or reference) or an enum, or null. */
  static ValueReader scalarOrEnum(TypeMirror type) throws UnresolvedTypeException {
    requireResolved(type);
    if (type.getKind() == TypeKind.DECLARED
        && ((DeclaredType) type).asElement().getKind() == ElementKind.ENUM) {
      return new ValueReader.EnumOf(ClassName.get((TypeElement) ((DeclaredType) type).asElement()));
    }
    ScalarType s = scalar(type);
    return s == null ? null : new ValueReader.Scalar(s);
  }

  private static ValueReader arrayReader(TypeMirror component) throws UnresolvedTypeException {
    requireResolved(component);
    if (component.getKind() == TypeKind.BYTE) {
      return new ValueReader.Scalar(ScalarType.BYTES);
    }
    if (component.getKind() == TypeKind.ARRAY) {
      TypeMirror inner = ((ArrayType) component).getComponentType();
      requireResolved(inner);
      if (inner.getKind() != TypeKind.BYTE) { // byte[][] is a bytea[]: a list of bytea values
        ScalarType element = scalar(inner);
        return element == null || element == ScalarType.BYTES
            ? null
            : new ValueReader.ListOfListsOf(element, true, inner.getKind().isPrimitive());
      }
    }
    ClassName enumElement = enumClass(component);
    if (enumElement != null) {
      return new ValueReader.EnumListOf(enumElement, true);
    }
    ScalarType element = scalar(component);
    return element == null
        ? null
        : new ValueReader.ArrayOf(element, component.getKind().isPrimitive());
  }

  /** The enum class {@code type} names, or null when it is no enum. */
  private static ClassName enumClass(TypeMirror type) throws UnresolvedTypeException {
    requireResolved(type);
    if (type.getKind() == TypeKind.DECLARED
        && ((DeclaredType) type).asElement().getKind() == ElementKind.ENUM) {
      return ClassName.get((TypeElement) ((DeclaredType) type).asElement());
    }
    return null;
  }

  /** A reference scalar type (as a list element), or null; never a primitive. */
  private static ScalarType referenceScalar(TypeMirror type) throws UnresolvedTypeException {
    requireResolved(type);
    return type.getKind() == TypeKind.DECLARED || type.getKind() == TypeKind.ARRAY
        ? scalar(type)
        : null;
  }

  private static ScalarType scalar(TypeMirror type) {
    if (type.getKind() == TypeKind.DECLARED
        && !((DeclaredType) type).getTypeArguments().isEmpty()) {
      return null;
    }
    return ScalarType.of(typeName(type));
  }

  /** The type's name for generated code, without type-use annotations. */
  static TypeName typeName(TypeMirror type) {
    switch (type.getKind()) {
      case BOOLEAN:
        return TypeName.BOOLEAN;
      case BYTE:
        return TypeName.BYTE;
      case SHORT:
        return TypeName.SHORT;
      case INT:
        return TypeName.INT;
      case LONG:
        return TypeName.LONG;
      case CHAR:
        return TypeName.CHAR;
      case FLOAT:
        return TypeName.FLOAT;
      case DOUBLE:
        return TypeName.DOUBLE;
      case ARRAY:
        return ArrayTypeName.of(typeName(((ArrayType) type).getComponentType()));
      case DECLARED:
        DeclaredType declared = (DeclaredType) type;
        ClassName raw = ClassName.get((TypeElement) declared.asElement());
        if (declared.getTypeArguments().isEmpty()) {
          return raw;
        }
        List<TypeName> args = new ArrayList<>();
        for (TypeMirror arg : declared.getTypeArguments()) {
          args.add(typeName(arg));
        }
        return ParameterizedTypeName.get(raw, args.toArray(new TypeName[0]));
      default:
        return TypeName.get(type);
    }
  }

  /** Fails when javac could not resolve {@code type} or a type argument of it (yet). */
  static void requireResolved(TypeMirror type) throws UnresolvedTypeException {
    if (type.getKind() == TypeKind.ERROR) {
      throw new UnresolvedTypeException(type);
    }
    if (type.getKind() == TypeKind.ARRAY) {
      requireResolved(((ArrayType) type).getComponentType());
    } else if (type.getKind() == TypeKind.DECLARED) {
      for (TypeMirror arg : ((DeclaredType) type).getTypeArguments()) {
        requireResolved(arg);
      }
    }
  }
}
