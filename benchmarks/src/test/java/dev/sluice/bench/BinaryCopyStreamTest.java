package dev.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class BinaryCopyStreamTest {
  private static byte[] readAll(BinaryCopyStream in, int chunk) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[chunk];
    int n;
    while ((n = in.read(buf, 0, buf.length)) >= 0) {
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }

  @Test
  void encodesHeaderRowsAndTrailer() throws IOException {
    Wide row = new Wide(1.5, 7, "héllo", new UUID(1, 2), null);
    byte[] b = readAll(new BinaryCopyStream(List.of(row)), 8192);
    int header = 11 + 4 + 4;
    // fields: count 2, f 4+8, i 4+4, s 4+6 (é is two bytes), u 4+16, n 4 (NULL)
    int rowBytes = 2 + 12 + 8 + 10 + 20 + 4;
    assertThat(b).hasSize(header + rowBytes + 2);
    assertThat(new String(b, 0, 6, "US-ASCII")).isEqualTo("PGCOPY");
    assertThat(b[header + 1]).isEqualTo((byte) 5);
    assertThat(b[b.length - 2]).isEqualTo((byte) 0xff);
    assertThat(b[b.length - 1]).isEqualTo((byte) 0xff);
  }

  @Test
  void theBytesDoNotDependOnHowTheyAreRead() throws IOException {
    List<Wide> rows = CellMain.insertRows(5_000);
    byte[] large = readAll(new BinaryCopyStream(rows), 1 << 20);
    byte[] small = readAll(new BinaryCopyStream(rows), 7);
    assertThat(small).isEqualTo(large);
    List<Wide> none = new ArrayList<>();
    assertThat(readAll(new BinaryCopyStream(none), 100)).hasSize(11 + 8 + 2);
  }
}
