package dev.sluice.pagila;

import static dev.sluice.dsl.Conditions.noCondition;
import static dev.sluice.dsl.Conditions.unsafeCondition;
import static dev.sluice.pagila.FlagTable.FLAG;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sluice.dsl.Condition;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Random trees of conditions, raw ({@code unsafeCondition}) and DSL, nested with AND, OR and NOT
 * (the DSL's and through raw SQL), each compared on PostgreSQL with what the tree means: every
 * condition must be one operand wherever it is placed.
 */
class DslConditionTreeTest extends PagilaSession {
  /** Rows 0..15: a, b, c are bits 0, 1, 2 of the id, n is the id. */
  private static final int ROWS = 16;

  @BeforeAll
  void createFlags() throws SQLException {
    try (Statement s = jdbc.createStatement()) {
      s.execute("DROP TABLE IF EXISTS flag");
      s.execute(
          "CREATE TABLE flag (id int PRIMARY KEY, a boolean NOT NULL, b boolean NOT NULL,"
              + " c boolean NOT NULL, n int NOT NULL, label text, tags text[])");
      s.execute(
          "INSERT INTO flag SELECT i, i & 1 = 1, i & 2 = 2, i & 4 = 4, i, NULL, NULL"
              + " FROM generate_series(0, 15) i");
    }
  }

  /** A condition and the rows (bit i: row i) it selects. */
  private record Tree(Condition condition, int rows, String shape) {}

  @Test
  void randomTreesSelectWhatTheySay() {
    long seed = 0x5EEDL;
    Random random = new Random(seed);
    for (int i = 0; i < 300; i++) {
      Tree t = tree(random, 4);
      List<Integer> ids =
          db.select(FLAG.id).from(FLAG).where(t.condition()).orderBy(FLAG.id.asc()).fetch();
      assertThat(ids)
          .as("seed %d, tree %d: %s rendered %s", seed, i, t.shape(), t.condition())
          .isEqualTo(idsOf(t.rows()));
    }
  }

  private static List<Integer> idsOf(int rows) {
    List<Integer> ids = new ArrayList<>();
    for (int id = 0; id < ROWS; id++) {
      if ((rows & (1 << id)) != 0) {
        ids.add(id);
      }
    }
    return ids;
  }

  private static int where(java.util.function.IntPredicate p) {
    int rows = 0;
    for (int id = 0; id < ROWS; id++) {
      if (p.test(id)) {
        rows |= 1 << id;
      }
    }
    return rows;
  }

  private static Tree tree(Random random, int depth) {
    if (depth == 0 || random.nextInt(4) == 0) {
      return leaf(random);
    }
    Tree l = tree(random, depth - 1);
    Tree r = tree(random, depth - 1);
    int all = (1 << ROWS) - 1;
    switch (random.nextInt(7)) {
      case 0:
        return new Tree(l.condition().and(r.condition()), l.rows() & r.rows(), and(l, r));
      case 1:
        return new Tree(l.condition().or(r.condition()), l.rows() | r.rows(), or(l, r));
      case 2:
        return new Tree(l.condition().not(), ~l.rows() & all, "not(" + l.shape() + ")");
      case 3:
        return new Tree(
            unsafeCondition("NOT ?", l.condition()), ~l.rows() & all, "raw NOT " + l.shape());
      case 4:
        return new Tree(
            unsafeCondition("? OR ?", l.condition(), r.condition()),
            l.rows() | r.rows(),
            "raw " + or(l, r));
      case 5:
        return new Tree(
            unsafeCondition("? AND ?", l.condition(), r.condition()),
            l.rows() & r.rows(),
            "raw " + and(l, r));
      default:
        // noCondition() is dropped by and/or: the tree is the other operand.
        return new Tree(noCondition().and(l.condition()), l.rows(), l.shape());
    }
  }

  private static String and(Tree l, Tree r) {
    return "(" + l.shape() + " and " + r.shape() + ")";
  }

  private static String or(Tree l, Tree r) {
    return "(" + l.shape() + " or " + r.shape() + ")";
  }

  private static Tree leaf(Random random) {
    int k = random.nextInt(ROWS);
    switch (random.nextInt(7)) {
      case 0:
        return new Tree(FLAG.a.eq(true), where(id -> (id & 1) != 0), "a");
      case 1:
        return new Tree(FLAG.b.eq(false), where(id -> (id & 2) == 0), "!b");
      case 2:
        return new Tree(FLAG.n.gt(k), where(id -> id > k), "n>" + k);
      case 3:
        return new Tree(FLAG.n.le(k), where(id -> id <= k), "n<=" + k);
      case 4:
        // Raw SQL whose own precedence is lower than AND's and NOT's.
        return new Tree(
            unsafeCondition("? OR ?", FLAG.a, FLAG.c),
            where(id -> (id & 1) != 0 || (id & 4) != 0),
            "raw(a or c)");
      case 5:
        return new Tree(
            unsafeCondition("? = ? OR ? < ?", FLAG.b, true, FLAG.n, k),
            where(id -> (id & 2) != 0 || id < k),
            "raw(b or n<" + k + ")");
      default:
        return new Tree(
            unsafeCondition("NOT ? AND ? >= ?", FLAG.c, FLAG.n, k),
            where(id -> (id & 4) == 0 && id >= k),
            "raw(!c and n>=" + k + ")");
    }
  }
}
