package dev.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class OptionsTest {
  @Test
  void defaultsAreTheFullRun() {
    Options o = Options.parse();
    assertThat(o.rows()).isEqualTo(1_000_000);
    assertThat(o.workloads()).containsExactly(Workload.values());
    assertThat(o.clients()).containsExactly(Client.values());
    assertThat(o.insertRows()).isEqualTo(100_000);
    assertThat(o.warmup()).isEqualTo(5);
    assertThat(o.iterations()).isEqualTo(10);
    assertThat(o.rounds()).isEqualTo(1);
    assertThat(o.tls()).isFalse();
    assertThat(Options.parse("--tls", "--rounds", "3").tls()).isTrue();
    assertThat(Options.parse("--rounds", "3").rounds()).isEqualTo(3);
    assertThatThrownBy(() -> Options.parse("--rounds", "0"))
        .hasMessageContaining("--rounds must be at least 1");
  }

  @Test
  void smallRowsShrinkTheInsertsToo() {
    Options o =
        Options.parse(
            "--rows",
            "50_000",
            "--only=W1,W4",
            "--clients",
            "pgjdbc-binary,sluice",
            "--out",
            "/tmp/x",
            "--jvm-arg",
            "-XX:+AlwaysPreTouch");
    assertThat(o.rows()).isEqualTo(50_000);
    assertThat(o.insertRows()).isEqualTo(50_000);
    // A prefix selects the family; lists come back in the enums' order.
    assertThat(o.workloads()).containsExactly(Workload.W1, Workload.W4B, Workload.W4C);
    assertThat(o.clients()).containsExactly(Client.SLUICE, Client.PGJDBC_BINARY);
    assertThat(o.out()).isEqualTo(Path.of("/tmp/x"));
    assertThat(o.jvmArgs()).isEqualTo(List.of("-XX:+AlwaysPreTouch"));
  }

  @Test
  void anExactIdWinsOverAPrefix() {
    assertThat(Workload.parseList("w3")).containsExactly(Workload.W3);
    assertThat(Workload.parseList("W3c,W3")).containsExactly(Workload.W3, Workload.W3C);
  }

  @Test
  void mistakesNameTheBadValue() {
    assertThatThrownBy(() -> Options.parse("--only", "W9"))
        .hasMessageContaining("unknown workload \"W9\"");
    assertThatThrownBy(() -> Options.parse("--clients", "hibernate"))
        .hasMessageContaining("unknown client \"hibernate\"");
    assertThatThrownBy(() -> Options.parse("--rows", "0"))
        .hasMessageContaining("--rows must be at least 1");
    assertThatThrownBy(() -> Options.parse("--rows")).hasMessageContaining("--rows needs a value");
    assertThatThrownBy(() -> Options.parse("--fast")).hasMessageContaining("unknown option --fast");
  }

  @Test
  void cellSpecSurvivesTheCommandLine() {
    CellSpec spec =
        new CellSpec(Client.VERTX, Workload.W3C, "postgresql://u@h:1/d", "", 10, 20, 30, 40, 1, 2);
    assertThat(CellSpec.parse(spec.toArgs().toArray(new String[0]))).isEqualTo(spec);
  }
}
