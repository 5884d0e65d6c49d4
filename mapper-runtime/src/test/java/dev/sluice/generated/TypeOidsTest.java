package dev.sluice.generated;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.driver.codec.Oids;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The processor writes {@code TypeOids.X} for any constant name of the driver's {@code Oids}: a
 * constant added there and not here would make generated code fail to compile.
 */
class TypeOidsTest {
  @Test
  void typeOidsHasEveryOidConstantOfTheDriverWithTheSameValue() throws IllegalAccessException {
    Map<String, Integer> driver = intConstants(Oids.class);
    assertThat(driver).containsEntry("INT4", 23).containsEntry("TEXT_ARRAY", 1009);
    assertThat(intConstants(TypeOids.class)).isEqualTo(driver);
  }

  private static Map<String, Integer> intConstants(Class<?> type) throws IllegalAccessException {
    Map<String, Integer> out = new TreeMap<>();
    for (Field f : type.getDeclaredFields()) {
      int m = f.getModifiers();
      if (Modifier.isPublic(m) && Modifier.isStatic(m) && f.getType() == int.class) {
        out.put(f.getName(), f.getInt(null));
      }
    }
    return out;
  }
}
