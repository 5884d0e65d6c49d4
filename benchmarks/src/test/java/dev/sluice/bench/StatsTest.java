package dev.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StatsTest {
  @Test
  void medianOfOddCountIsTheMiddleValue() {
    assertThat(Stats.median(new long[] {9, 1, 5})).isEqualTo(5.0);
  }

  @Test
  void medianOfEvenCountIsTheMeanOfTheMiddleTwo() {
    assertThat(Stats.median(new long[] {4, 1, 3, 10})).isEqualTo(3.5);
    assertThat(Stats.median(new double[] {2.0, 1.0})).isEqualTo(1.5);
  }

  @Test
  void medianLeavesItsInputUnsorted() {
    long[] v = {3, 1, 2};
    Stats.median(v);
    assertThat(v).containsExactly(3, 1, 2);
  }

  @Test
  void medianOfNothingFails() {
    assertThatThrownBy(() -> Stats.median(new long[0])).hasMessageContaining("no values");
  }

  @Test
  void percentilesUseTheNearestRank() {
    long[] sorted = new long[100];
    for (int i = 0; i < 100; i++) {
      sorted[i] = i + 1;
    }
    assertThat(Stats.percentileOfSorted(sorted, 100, 50)).isEqualTo(50);
    assertThat(Stats.percentileOfSorted(sorted, 100, 99)).isEqualTo(99);
    assertThat(Stats.percentileOfSorted(sorted, 100, 100)).isEqualTo(100);
    // Only the first count values take part.
    assertThat(Stats.percentileOfSorted(sorted, 10, 99)).isEqualTo(10);
    assertThat(Stats.percentileOfSorted(new long[] {7}, 1, 1)).isEqualTo(7);
  }

  @Test
  void spreadIsRangeOverMedian() {
    assertThat(Stats.spread(new long[] {90, 100, 110})).isEqualTo(0.2);
    assertThat(Stats.spread(new long[] {5, 5})).isZero();
  }

  @Test
  void allocationSumsTheGrowthOfEveryThreadAliveAtTheEnd() {
    long[] idsBefore = {1, 2, 3};
    long[] bytesBefore = {100, 200, 300};
    // Thread 3 ended; thread 4 started; thread 2's count could not be read.
    long[] idsAfter = {1, 2, 4};
    long[] bytesAfter = {150, -1, 40};
    assertThat(Meter.allocatedBetween(idsBefore, bytesBefore, idsAfter, bytesAfter))
        .isEqualTo(50 + 40);
  }
}
