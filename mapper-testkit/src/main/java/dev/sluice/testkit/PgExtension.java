package dev.sluice.testkit;

import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The JUnit 5 extension behind {@link PgTest}: one database per test class, created on first
 * injection and dropped after the class.
 *
 * <p>The database is kept in the store of the class's {@link ExtensionContext}, whichever context
 * asks: with {@code @TestInstance(PER_CLASS)} the constructor is resolved before any class callback
 * runs, and method-level contexts must walk up to their class. A nested class finds the enclosing
 * class's database through the store's lookup in parent contexts, so it shares it; it creates its
 * own only when the enclosing class has none of the kind it wants (empty or Pagila). {@link
 * #afterAll} drops only what its own class created.
 */
public final class PgExtension implements ParameterResolver, AfterAllCallback {
  private static final Namespace NAMESPACE = Namespace.create(PgExtension.class);
  private static final String EMPTY_KEY = "database";
  private static final String PAGILA_KEY = "pagila-database";

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == TestDatabase.class || type == PgServer.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    if (parameter.getParameter().getType() == PgServer.class) {
      return PgServer.shared();
    }
    return database(classContext(context));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    ExtensionContext.Store store = context.getStore(NAMESPACE);
    // remove() only looks at this class's own store, never at an enclosing class's.
    for (String key : new String[] {EMPTY_KEY, PAGILA_KEY}) {
      TestDatabase database = store.remove(key, TestDatabase.class);
      if (database != null) {
        database.close();
      }
    }
  }

  private static TestDatabase database(ExtensionContext classContext) {
    boolean pagila = wantsPagila(classContext.getRequiredTestClass());
    return classContext
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            pagila ? PAGILA_KEY : EMPTY_KEY,
            key ->
                pagila
                    ? PgServer.shared().createPagilaDatabase()
                    : PgServer.shared().createDatabase(),
            TestDatabase.class);
  }

  /** The nearest context without a test method: the (possibly nested) test class's. */
  private static ExtensionContext classContext(ExtensionContext context) {
    ExtensionContext current = context;
    while (current.getTestMethod().isPresent()) {
      Optional<ExtensionContext> parent = current.getParent();
      if (parent.isEmpty()) {
        break;
      }
      current = parent.get();
    }
    return current;
  }

  /** {@code @PgTest(pagila = …)} of the class or, for a nested class, the nearest enclosing one. */
  private static boolean wantsPagila(Class<?> testClass) {
    for (Class<?> type = testClass; type != null; type = type.getEnclosingClass()) {
      Optional<PgTest> annotation = AnnotationSupport.findAnnotation(type, PgTest.class);
      if (annotation.isPresent()) {
        return annotation.get().pagila();
      }
    }
    return false;
  }
}
