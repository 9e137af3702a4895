// Stable ids unique across a set of 3.4 million cases in compact memory (docs/input-contract.md,
// rule 9): a first pass keeps one 53-bit hash per id (8 bytes, not a string of 60), sorted to find
// equal hashes; only when two are equal does a second pass keep the ids of those hashes, to tell
// a repeated id (refused) from a collision of two different ids (accepted).

/** A 53-bit hash of `text` (cyrb53: two 32-bit multiplicative hashes), exactly a double. */
export function hash53(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The first stable id given twice by `forEachId(visit)`, which calls visit(id, where) for every
 * id (where: the case, for the message) and may be called twice; null when each id is given once:
 * {id, first, second} (the two wheres). `hash` is a parameter for the tests (a constant forces the
 * second pass).
 */
export function findRepeatedStableId(forEachId, hash = hash53) {
  let hashes = new Float64Array(1 << 16);
  let count = 0;
  forEachId((id) => {
    if (count === hashes.length) {
      const grown = new Float64Array(hashes.length * 2);
      grown.set(hashes);
      hashes = grown;
    }
    hashes[count++] = hash(id);
  });
  const sorted = hashes.subarray(0, count).sort();
  const shared = new Set();
  for (let k = 1; k < count; k++) if (sorted[k] === sorted[k - 1]) shared.add(sorted[k]);
  hashes = null;
  if (shared.size === 0) return null;
  const seen = new Map(); // id -> where, for the ids whose hash another id has
  let repeated = null;
  forEachId((id, where) => {
    if (repeated !== null || !shared.has(hash(id))) return;
    const first = seen.get(id);
    if (first === undefined) seen.set(id, where);
    else repeated = { id, first, second: where };
  });
  return repeated;
}
