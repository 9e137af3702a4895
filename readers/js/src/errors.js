// The reader's own error: every refusal of a vector folder or file is one, its message naming the
// path and what is wrong (docs/input-contract.md, "Errors"), never a raw TypeError or RangeError.

/** Bad vectors: the folder or a file of it breaks the format; the message names the path. */
export class VectorsError extends Error {
  constructor(message) {
    super(message);
    this.name = "VectorsError";
  }
}
