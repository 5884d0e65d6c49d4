package dev.sluice.processor;

import com.palantir.javapoet.ClassName;
import dev.sluice.processor.DaoModel.Method;
import dev.sluice.processor.DaoModel.Parameter;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Builds the {@link DaoModel} of a {@code @Dao} interface: checks the interface, then gives each
 * method {@link DaoMethods} finds to implement, after checking it has one statement annotation, to
 * {@link QueryMethodBuilder} or {@link CrudMethodBuilder}. Reports every problem on the element at
 * fault and goes on, returning null if there was any.
 */
final class DaoModelBuilder {
  private final Elements elements;
  private final Diagnostics diagnostics;
  private final DaoMethods daoMethods;
  private final QueryMethodBuilder queries;
  private final CrudMethodBuilder cruds;

  DaoModelBuilder(ProcessingEnvironment env, Diagnostics diagnostics) {
    this.elements = env.getElementUtils();
    this.diagnostics = diagnostics;
    this.daoMethods = new DaoMethods(env, diagnostics);
    ResultPlanner results = new ResultPlanner(env, diagnostics);
    this.queries = new QueryMethodBuilder(diagnostics, results);
    this.cruds = new CrudMethodBuilder(env, diagnostics, results);
  }

  /** The model of {@code dao}, or null when an error was reported. */
  DaoModel build(TypeElement dao) throws UnresolvedTypeException {
    int errorsBefore = diagnostics.errorCount();
    AnnotationMirror annotation = Annotations.find(dao, Annotations.DAO);
    if (dao.getKind() != ElementKind.INTERFACE) {
      diagnostics.error(
          Diagnostics.BAD_DAO,
          "@Dao applies to interfaces, and "
              + dao.getSimpleName()
              + " is not one; declare it as"
              + " an interface",
          dao,
          annotation);
      return null;
    }
    PackageElement pkg = elements.getPackageOf(dao);
    String access = Accessibility.problem(dao, pkg, elements);
    if (access != null) {
      diagnostics.error(
          Diagnostics.BAD_DAO,
          access
              + "; the generated implementation in package "
              + pkg.getQualifiedName()
              + " must implement it: make it package-private or public",
          dao);
      return null;
    }
    if (!dao.getTypeParameters().isEmpty()) {
      diagnostics.error(
          Diagnostics.BAD_DAO,
          dao.getSimpleName()
              + " is generic; declare a @Dao for concrete types (it may extend a"
              + " generic interface)",
          dao);
      return null;
    }
    ClassName daoClass = ClassName.get(dao);
    String daoName = String.join(".", daoClass.simpleNames());
    List<Method> methods = new ArrayList<>();
    for (DaoMethods.Member m : daoMethods.abstractMethods(dao, daoName)) {
      Method method = method(dao, daoName, m.element, m.type, pkg);
      if (method != null) {
        methods.add(method);
      }
    }
    if (diagnostics.errorCount() != errorsBefore) {
      return null;
    }
    ClassName impl =
        ClassName.get(daoClass.packageName(), String.join("_", daoClass.simpleNames()) + "Impl");
    return new DaoModel(dao, daoClass, impl, methods);
  }

  private Method method(
      TypeElement dao, String daoName, ExecutableElement m, ExecutableType type, PackageElement pkg)
      throws UnresolvedTypeException {
    ReaderFactory.requireResolved(type.getReturnType());
    for (TypeMirror p : type.getParameterTypes()) {
      ReaderFactory.requireResolved(p);
    }
    String display = daoName + "." + m.getSimpleName();
    List<AnnotationMirror> kinds = new ArrayList<>();
    for (String a : Annotations.STATEMENTS) {
      AnnotationMirror found = Annotations.find(m, a);
      if (found != null) {
        kinds.add(found);
      }
    }
    if (kinds.isEmpty()) {
      diagnostics.error(
          Diagnostics.BAD_DAO_METHOD,
          "abstract method "
              + m.getSimpleName()
              + " of "
              + dao.getSimpleName()
              + " has no statement; annotate it with @Query, @Insert, @Update or @Delete, or give"
              + " it a default body",
          m);
      return null;
    }
    if (kinds.size() > 1) {
      diagnostics.error(
          Diagnostics.BAD_DAO_METHOD,
          "method "
              + m.getSimpleName()
              + " has "
              + kinds.size()
              + " statement annotations;"
              + " keep one of @Query, @Insert, @Update and @Delete",
          m,
          kinds.get(1));
      return null;
    }
    if (!m.getTypeParameters().isEmpty()) {
      diagnostics.error(
          Diagnostics.BAD_DAO_METHOD,
          "method "
              + m.getSimpleName()
              + " is generic; a DAO method reads one concrete type:"
              + " remove its type parameters",
          m);
      return null;
    }
    List<Parameter> parameters = new ArrayList<>();
    for (int i = 0; i < m.getParameters().size(); i++) {
      parameters.add(
          new Parameter(
              m.getParameters().get(i).getSimpleName().toString(),
              ReaderFactory.typeName(type.getParameterTypes().get(i))));
    }
    AnnotationMirror kind = kinds.get(0);
    String kindName = kind.getAnnotationType().asElement().getSimpleName().toString();
    if (kindName.equals("Query")) {
      return queries.build(m, type, display, parameters, kind, pkg);
    }
    return cruds.build(m, type, display, parameters, kind, kindName, pkg);
  }
}
