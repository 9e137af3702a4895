// Bit patterns ("0x" + lowercase hex, two digits per storage byte) and the JavaScript values of
// the types JavaScript has: BigInt for every pattern, typed arrays for the types with one.

import { dataType } from "./types.js";

const PATTERN = /^0x(?:[0-9a-f]{2})+$/;

/** The pattern's bits as an unsigned BigInt; throws on text that is not a pattern of `type`. */
export function patternBits(type, pattern) {
  const facts = dataType(type);
  const bytes = Math.ceil(facts.bits / 8);
  if (typeof pattern !== "string" || !PATTERN.test(pattern) || pattern.length !== 2 + 2 * bytes) {
    throw new Error(`${JSON.stringify(pattern)} is not a ${type} pattern ("0x" and ${2 * bytes} lowercase hex digits)`);
  }
  const bits = BigInt(pattern);
  if (bits >> BigInt(facts.bits) !== 0n) throw new Error(`${pattern} has bits set above the ${facts.bits} bits of ${type}`);
  return bits;
}

/** The pattern of `type` whose bits are `bits` (a BigInt or a non-negative safe integer). */
export function bitsPattern(type, bits) {
  const facts = dataType(type);
  const value = BigInt(bits) & ((1n << BigInt(facts.bits)) - 1n);
  return "0x" + value.toString(16).padStart(2 * Math.ceil(facts.bits / 8), "0");
}

/** An integer type's pattern as its value, a BigInt (two's complement for the signed types). */
export function patternToBigInt(type, pattern) {
  const facts = dataType(type);
  if (facts.kind === "float") throw new Error(`${type} is not an integer type`);
  const bits = patternBits(type, pattern);
  return facts.kind === "signed" ? BigInt.asIntN(facts.bits, bits) : bits;
}

/** An integer type's value (BigInt or safe integer, within the type's range) as its pattern. */
export function bigIntToPattern(type, value) {
  const facts = dataType(type);
  if (facts.kind === "float") throw new Error(`${type} is not an integer type`);
  const v = BigInt(value);
  const fits = facts.kind === "signed" ? BigInt.asIntN(facts.bits, v) === v : BigInt.asUintN(facts.bits, v) === v;
  if (!fits) throw new Error(`${v} is outside the range of ${type}`);
  return bitsPattern(type, v);
}

// Typed arrays hold their elements in the platform's byte order.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const byteIndex = (b, width) => (LITTLE_ENDIAN ? b : width - 1 - b);

const TYPED_ARRAYS = {
  int8: Int8Array, int16: Int16Array, int32: Int32Array, int64: BigInt64Array,
  uint8: Uint8Array, uint16: Uint16Array, uint32: Uint32Array, uint64: BigUint64Array,
  float32: Float32Array, float64: Float64Array,
};

/**
 * The typed-array constructor JavaScript has for `type`, or null: float16 needs
 * globalThis.Float16Array (Node 24 has it), the other 15 types have none.
 */
export function typedArrayFor(type) {
  dataType(type);
  if (type === "float16") return typeof globalThis.Float16Array === "function" ? globalThis.Float16Array : null;
  return TYPED_ARRAYS[type] ?? null;
}

function requireTypedArray(type) {
  const Ctor = typedArrayFor(type);
  if (Ctor === null) throw new Error(`JavaScript has no typed array for ${type} on Node ${process.versions.node}`);
  return Ctor;
}

/** Patterns of `type` as a typed array of their values (bits kept exactly: NaN payloads too). */
export function patternsToTypedArray(type, patterns) {
  const Ctor = requireTypedArray(type);
  const array = new Ctor(patterns.length);
  const view = new DataView(array.buffer);
  const width = Ctor.BYTES_PER_ELEMENT;
  patterns.forEach((pattern, k) => {
    const bits = patternBits(type, pattern);
    for (let b = 0; b < width; b++) view.setUint8(k * width + byteIndex(b, width), Number((bits >> BigInt(8 * b)) & 0xffn));
  });
  return array;
}

/** A typed array of `type` as the patterns of its elements (bits exactly as stored). */
export function typedArrayToPatterns(type, array) {
  const Ctor = requireTypedArray(type);
  if (!(array instanceof Ctor)) throw new Error(`expected a ${Ctor.name} for ${type}, got ${array?.constructor?.name}`);
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  const width = Ctor.BYTES_PER_ELEMENT;
  const out = [];
  for (let k = 0; k < array.length; k++) {
    let bits = 0n;
    for (let b = width - 1; b >= 0; b--) bits = (bits << 8n) | BigInt(bytes[k * width + byteIndex(b, width)]);
    out.push(bitsPattern(type, bits));
  }
  return out;
}

/** One pattern as the JavaScript value of its type (Number, or BigInt for int64 / uint64). */
export function patternToValue(type, pattern) {
  return patternsToTypedArray(type, [pattern])[0];
}

/** One JavaScript value stored in `type`'s typed array (its conversion rules apply), as a pattern. */
export function valueToPattern(type, value) {
  const Ctor = requireTypedArray(type);
  return typedArrayToPatterns(type, Ctor.of(value))[0];
}
