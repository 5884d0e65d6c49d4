package dev.sluice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.annotations.Row;
import dev.sluice.dsl.Dsl;
import dev.sluice.embedded.EmbeddedServer;
import dev.sluice.generated.DaoSupport;
import dev.sluice.testkit.PgTest;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public API changes only by decision: every public type of each exported package, with its
 * public and protected members' signatures, and the runtime module's exports, are compared with the
 * reviewed listing checked in as {@code src/test/resources/api-listing.txt}. A type or member
 * added, changed or removed fails this test with the difference; after reviewing it, accept it with
 * {@code mvn -pl mapper-runtime -am verify -Dtest=ApiListingTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dsluice.api.update=true} and commit the listing.
 */
class ApiListingTest {
  private static final boolean UPDATE = Boolean.getBoolean("sluice.api.update");
  private static final Path LISTING = Path.of("src/test/resources/api-listing.txt");

  /** One class of each exported package: where to find the package's classes. */
  private static final List<Class<?>> PACKAGES =
      List.of(
          Database.class,
          Dsl.class,
          DaoSupport.class,
          Row.class,
          PgTest.class,
          EmbeddedServer.class);

  @Test
  void thePublicApiIsTheReviewedListing() throws IOException, URISyntaxException {
    List<String> actual = listing();
    if (UPDATE) {
      Files.write(LISTING, actual, StandardCharsets.UTF_8);
    }
    List<String> expected = Files.readAllLines(LISTING, StandardCharsets.UTF_8);
    if (!actual.equals(expected)) {
      List<String> is = qualified(actual);
      List<String> was = qualified(expected);
      Set<String> wasSet = new HashSet<>(was);
      Set<String> isSet = new HashSet<>(is);
      StringBuilder diff = new StringBuilder();
      for (String line : is) {
        if (!wasSet.contains(line)) {
          diff.append("\n+ ").append(line);
        }
      }
      for (String line : was) {
        if (!isSet.contains(line)) {
          diff.append("\n- ").append(line);
        }
      }
      throw new AssertionError(
          "the public API differs from "
              + LISTING
              + " (+ added, - removed):"
              + diff
              + "\nIf the change is deliberate, accept it: mvn -pl mapper-runtime -am verify"
              + " -Dtest=ApiListingTest -Dsurefire.failIfNoSpecifiedTests=false"
              + " -Dsluice.api.update=true, and commit the listing with the change.");
    }
  }

  /** Each member line prefixed with its type's line, so that a difference says whose it is. */
  private static List<String> qualified(List<String> listing) {
    List<String> out = new ArrayList<>();
    String owner = "";
    for (String line : listing) {
      if (line.startsWith("    ")) {
        out.add(owner + " { " + line.trim() + " }");
      } else {
        owner = line.trim();
        out.add(owner);
      }
    }
    return out;
  }

  /** The runtime module exports its three API packages and keeps the driver to itself. */
  @Test
  void theRuntimeModuleExportsOnlyTheApi() {
    ModuleDescriptor module = Database.class.getModule().getDescriptor();
    assertThat(module).as("tests run on the module path").isNotNull();
    assertThat(module.name()).isEqualTo("dev.sluice.runtime");
    assertThat(module.exports())
        .extracting(ModuleDescriptor.Exports::source)
        .containsExactlyInAnyOrder("dev.sluice", "dev.sluice.dsl", "dev.sluice.generated");
    assertThat(module.exports()).allMatch(e -> !e.isQualified());
    assertThat(module.isOpen()).isFalse();
    assertThat(module.opens()).isEmpty();
  }

  private static List<String> listing() throws IOException, URISyntaxException {
    List<String> out = new ArrayList<>();
    for (Class<?> anchor : PACKAGES) {
      String pkg = anchor.getPackageName();
      out.add("package " + pkg);
      for (String name : topLevelClassNames(anchor)) {
        Class<?> type;
        try {
          type = Class.forName(name, false, anchor.getClassLoader());
        } catch (ClassNotFoundException e) {
          throw new AssertionError(name + " is listed beside " + anchor + " but does not load", e);
        }
        if (Modifier.isPublic(type.getModifiers())) {
          describe(type, out);
        }
      }
    }
    return out;
  }

  /** A type and its members, sorted, then its public and protected member types. */
  private static void describe(Class<?> type, List<String> out) {
    out.add("  " + typeLine(type));
    Set<String> members = new TreeSet<>();
    for (Field f : type.getDeclaredFields()) {
      if (visible(f)) {
        members.add(f.toGenericString());
      }
    }
    for (Constructor<?> c : type.getDeclaredConstructors()) {
      if (visible(c)) {
        members.add(c.toGenericString());
      }
    }
    for (Method m : type.getDeclaredMethods()) {
      if (visible(m) && !m.isBridge()) {
        members.add(m.toGenericString());
      }
    }
    // What a package-private superclass declares public is reached through this class (Dsl's
    // expression functions live in DslExpressions): listed as this class's own.
    for (Class<?> s = type.getSuperclass();
        s != null && !Modifier.isPublic(s.getModifiers());
        s = s.getSuperclass()) {
      String inherited = " " + s.getTypeName() + ".";
      for (Field f : s.getDeclaredFields()) {
        if (visible(f)) {
          members.add(
              (" " + f.toGenericString())
                  .replace(inherited, " " + type.getTypeName() + ".")
                  .trim());
        }
      }
      for (Method m : s.getDeclaredMethods()) {
        if (visible(m) && !m.isBridge()) {
          members.add(
              (" " + m.toGenericString())
                  .replace(inherited, " " + type.getTypeName() + ".")
                  .trim());
        }
      }
    }
    String qualifier = " " + type.getTypeName() + ".";
    for (String m : members) {
      out.add("    " + (" " + m).replace(qualifier, " ").trim());
    }
    List<Class<?>> nested = new ArrayList<>();
    for (Class<?> n : type.getDeclaredClasses()) {
      int mod = n.getModifiers();
      if (Modifier.isPublic(mod) || Modifier.isProtected(mod)) {
        nested.add(n);
      }
    }
    nested.sort((a, b) -> a.getName().compareTo(b.getName()));
    for (Class<?> n : nested) {
      describe(n, out);
    }
  }

  private static String typeLine(Class<?> type) {
    StringBuilder line = new StringBuilder(type.toGenericString());
    if (type.getGenericSuperclass() != null
        && type.getSuperclass() != Object.class
        && !type.isEnum()
        && !type.isRecord()) {
      line.append(" extends ").append(type.getGenericSuperclass().getTypeName());
    }
    if (type.getGenericInterfaces().length > 0 && !type.isAnnotation()) {
      line.append(type.isInterface() ? " extends " : " implements ");
      List<String> names = new ArrayList<>();
      for (var i : type.getGenericInterfaces()) {
        names.add(i.getTypeName());
      }
      line.append(String.join(", ", names));
    }
    return line.toString();
  }

  private static boolean visible(Member m) {
    int mod = m.getModifiers();
    return !m.isSynthetic() && (Modifier.isPublic(mod) || Modifier.isProtected(mod));
  }

  /** The top-level classes of {@code anchor}'s package, from its directory or jar, sorted. */
  private static Set<String> topLevelClassNames(Class<?> anchor)
      throws IOException, URISyntaxException {
    Path location = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    String dir = anchor.getPackageName().replace('.', '/') + "/";
    Set<String> names = new TreeSet<>();
    if (Files.isDirectory(location)) {
      try (Stream<Path> files = Files.list(location.resolve(dir))) {
        files.forEach(p -> addClass(dir + p.getFileName(), names));
      }
    } else {
      try (JarFile jar = new JarFile(location.toFile())) {
        jar.stream()
            .map(e -> e.getName())
            .filter(n -> n.startsWith(dir) && n.indexOf('/', dir.length()) < 0)
            .forEach(n -> addClass(n, names));
      }
    }
    assertThat(names).as("classes of %s in %s", anchor.getPackageName(), location).isNotEmpty();
    return names;
  }

  private static void addClass(String entry, Set<String> names) {
    if (entry.endsWith(".class")
        && entry.indexOf('$') < 0
        && !entry.endsWith("package-info.class")
        && !entry.endsWith("module-info.class")) {
      names.add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
    }
  }
}
