package cvc.adapter;

import java.util.Map;

/**
 * The protocol-2 store operations (PROTOCOL.md, "Store operations"), for {@code cvc check-store}:
 * real Zarr v3 arrays in a directory, opened with the implementation's own local filesystem
 * store. Any method may throw {@code Refusal.unsupported} (the implementation cannot express this
 * array); any other exception than a Refusal is an adapter error.
 */
public interface Stores {
  /** Returns when the implementation opens the array at path; Refusal.invalid when it refuses. */
  void openArray(String path) throws Refusal;

  /**
   * The whole array at path, C order, as bit patterns of dataType (the array's); Refusal.rejected
   * when the implementation refuses to read it (an element it cannot decode, invalid metadata).
   */
  long[] readArray(String path, String dataType) throws Refusal;

  /**
   * Writes values (bit patterns of dataType, C order) into selection, one {start, stop} pair per
   * dimension, of the array at path, whose zarr.json (metadata, parsed as Json does) is there and
   * no chunk; Refusal.rejected when the implementation refuses the write.
   */
  void writeArray(String path, Map<String, Object> metadata, String dataType,
      long[][] selection, long[] values) throws Refusal;
}
