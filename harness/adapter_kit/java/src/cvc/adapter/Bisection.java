package cvc.adapter;

import java.util.ArrayList;
import java.util.List;

/**
 * Each element's own verdict when the implementation refuses a whole array on its first bad
 * element: the refused range is split and each part retried, down to single elements; into
 * halves while little is known, then into blocks sized by the share of failing elements seen so
 * far, so that a block passes about half of the time (generalized binary splitting, as the
 * Python kit's _Splitter): one call when nothing fails, about 2k*log2(n/k) calls for k rare
 * failures among n, about one per element when most fail.
 */
final class Bisection {
  /** Casts inputs[start, stop) into the outputs, or throws CastFailed for the range as a whole. */
  interface RangeCast {
    void cast(int start, int stop) throws Refusal;
  }

  private final RangeCast cast;
  private final boolean bisect;
  private final List<Integer> failed = new ArrayList<>();
  private long seenFailed;
  private long seen;

  private Bisection(RangeCast cast, boolean bisect) {
    this.cast = cast;
    this.bisect = bisect;
  }

  /** The ascending indices of the failed elements among count. */
  static List<Integer> failedElements(RangeCast cast, int count, boolean bisect) throws Refusal {
    Bisection search = new Bisection(cast, bisect);
    if (count > 0) {
      search.attempt(0, count);
    }
    search.failed.sort(null);
    return search.failed;
  }

  private void attempt(int start, int stop) throws Refusal {
    try {
      cast.cast(start, stop);
      seen += stop - start;
    } catch (Refusal refused) {
      if (refused.kind() != Refusal.Kind.CAST_FAILED) {
        throw refused;
      }
      if (!bisect || stop - start <= 1) {
        for (int i = start; i < stop; i++) {
          failed.add(i);
        }
        seen += stop - start;
        seenFailed += stop - start;
        return;
      }
      int parts = parts(stop - start);
      for (int p = 0; p < parts; p++) {
        int a = start + (int) ((long) (stop - start) * p / parts);
        int b = start + (int) ((long) (stop - start) * (p + 1) / parts);
        if (b > a) {
          attempt(a, b);
        }
      }
    }
  }

  private int parts(int size) {
    if (seen < 16 || seenFailed == 0) {
      return 2;
    }
    double block = 0.69 / ((double) seenFailed / seen); // passes with probability about 1/2
    return (int) Math.max(2, Math.min(size, Math.round(size / Math.max(block, 1.0))));
  }
}
