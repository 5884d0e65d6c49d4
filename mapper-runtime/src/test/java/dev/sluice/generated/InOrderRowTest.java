package dev.sluice.generated;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sluice.RowView;
import org.junit.jupiter.api.Test;

/** The in-order readers' access is RowView's to install, once; no other code can replace it. */
class InOrderRowTest {
  @Test
  void onlyRowViewInstallsTheAccess() throws ClassNotFoundException {
    Class.forName(RowView.class.getName()); // loaded, so its access is installed
    assertThatThrownBy(() -> InOrderRow.install(rows -> null))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("only RowView installs the in-order readers' access");
  }
}
