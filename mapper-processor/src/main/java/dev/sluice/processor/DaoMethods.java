package dev.sluice.processor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Finds the methods a {@code @Dao} interface's implementation must implement: its abstract methods,
 * declared or inherited from other interfaces, one per signature (name and erased parameter types).
 * One signature inherited from two interfaces with different statements is a {@code
 * [sluice.method-clash]}: which of them to run would be a guess.
 */
final class DaoMethods {
  private final Elements elements;
  private final Types types;
  private final Diagnostics diagnostics;

  DaoMethods(ProcessingEnvironment env, Diagnostics diagnostics) {
    this.elements = env.getElementUtils();
    this.types = env.getTypeUtils();
    this.diagnostics = diagnostics;
  }

  /** A method to implement, and its type as a member of the DAO (type variables substituted). */
  static final class Member {
    final ExecutableElement element;
    final ExecutableType type;

    Member(ExecutableElement element, ExecutableType type) {
      this.element = element;
      this.type = type;
    }
  }

  /** The methods {@code dao}'s implementation implements; reports clashes on {@code dao}. */
  List<Member> abstractMethods(TypeElement dao, String daoName) {
    DeclaredType daoType = (DeclaredType) dao.asType();
    List<Member> out = new ArrayList<>();
    Map<String, ExecutableElement> bySignature = new LinkedHashMap<>();
    for (ExecutableElement m : ElementFilter.methodsIn(elements.getAllMembers(dao))) {
      if (!m.getModifiers().contains(Modifier.ABSTRACT)
          || m.getEnclosingElement().getKind() != ElementKind.INTERFACE) {
        continue;
      }
      ExecutableType type = (ExecutableType) types.asMemberOf(daoType, m);
      String signature = signature(m, type);
      ExecutableElement first = bySignature.putIfAbsent(signature, m);
      if (first == null) {
        out.add(new Member(m, type));
      } else if (!statementOf(first).equals(statementOf(m))) {
        // Named in a stable order: getAllMembers does not promise declaration order.
        ExecutableElement a = owner(first).compareTo(owner(m)) <= 0 ? first : m;
        ExecutableElement b = a == first ? m : first;
        diagnostics.error(
            Diagnostics.METHOD_CLASH,
            daoName
                + " inherits "
                + signature
                + " from "
                + owner(a)
                + " and from "
                + owner(b)
                + " with different statements ("
                + statementOf(a)
                + " and "
                + statementOf(b)
                + "); override it in "
                + dao.getSimpleName()
                + " with the one to use",
            dao);
      }
    }
    return out;
  }

  /** {@code name(T1, T2)} with erased parameter types: what makes two methods one. */
  private String signature(ExecutableElement m, ExecutableType type) {
    List<String> params = new ArrayList<>();
    for (TypeMirror p : type.getParameterTypes()) {
      params.add(types.erasure(p).toString());
    }
    return m.getSimpleName() + "(" + String.join(", ", params) + ")";
  }

  /** The statement annotation of a method as text, to compare inherited duplicates. */
  private static String statementOf(ExecutableElement m) {
    for (String a : Annotations.STATEMENTS) {
      AnnotationMirror found = Annotations.find(m, a);
      if (found != null) {
        String simple = a.substring(a.lastIndexOf('.') + 1);
        return a.equals(Annotations.QUERY)
            ? "@Query(\"" + Annotations.stringValue(found, "value") + "\")"
            : "@" + simple;
      }
    }
    return "no annotation";
  }

  private static String owner(Element m) {
    return m.getEnclosingElement().getSimpleName().toString();
  }
}
