package cvc.adapter;

import java.util.ArrayList;
import java.util.List;

/** The ranges form of an answer's failed list (PROTOCOL.md, "Failed ranges"). */
final class FailedRanges {
  private FailedRanges() {}

  /** Ascending distinct indices -> canonical half-open [begin, end] runs, neither touching. */
  static List<List<Long>> of(List<Integer> indices) {
    List<List<Long>> ranges = new ArrayList<>();
    int i = 0;
    while (i < indices.size()) {
      int begin = indices.get(i);
      int end = begin + 1;
      while (++i < indices.size() && indices.get(i) == end) {
        end++;
      }
      ranges.add(List.of((long) begin, (long) end));
    }
    return ranges;
  }
}
