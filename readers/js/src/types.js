// The 26 data types of the cast_value spec: the facts the comparison and the value helpers need
// (the C++ table is oracle/data_type.cpp; the vectors' own files name the same types).

/**
 * How a float type uses its special encodings:
 * "ieee" exponent all ones is infinity or NaN; "fn" no NaN, no infinity; "fnuz" the pattern of
 * negative zero is the only NaN; "fnu" (e8m0) all ones is the only NaN.
 */
const float = (bits, exponentBits, mantissaBits, specials) => ({ kind: "float", bits, exponentBits, mantissaBits, specials });
const int = (bits, signed) => ({ kind: signed ? "signed" : "unsigned", bits });

/** @type {Record<string, {kind: string, bits: number, exponentBits?: number, mantissaBits?: number, specials?: string}>} */
export const DATA_TYPES = Object.freeze({
  int2: int(2, true), int4: int(4, true), int8: int(8, true), int16: int(16, true), int32: int(32, true), int64: int(64, true),
  uint2: int(2, false), uint4: int(4, false), uint8: int(8, false), uint16: int(16, false), uint32: int(32, false), uint64: int(64, false),
  float4_e2m1fn: float(4, 2, 1, "fn"),
  float6_e2m3fn: float(6, 2, 3, "fn"),
  float6_e3m2fn: float(6, 3, 2, "fn"),
  float8_e3m4: float(8, 3, 4, "ieee"),
  float8_e4m3: float(8, 4, 3, "ieee"),
  float8_e4m3b11fnuz: float(8, 4, 3, "fnuz"),
  float8_e4m3fnuz: float(8, 4, 3, "fnuz"),
  float8_e5m2: float(8, 5, 2, "ieee"),
  float8_e5m2fnuz: float(8, 5, 2, "fnuz"),
  float8_e8m0fnu: float(8, 8, 0, "fnu"),
  bfloat16: float(16, 8, 7, "ieee"),
  float16: float(16, 5, 10, "ieee"),
  float32: float(32, 8, 23, "ieee"),
  float64: float(64, 11, 52, "ieee"),
});

/** The facts of data type `name`; throws naming it when it is not one of the 26. */
export function dataType(name) {
  const type = Object.hasOwn(DATA_TYPES, name) ? DATA_TYPES[name] : undefined;
  if (type === undefined) throw new Error(`unknown data type ${JSON.stringify(name)} (not one of the 26 of cast_value)`);
  return type;
}

/** Is the bit pattern `bits` (a BigInt) a NaN of data type `name`? */
export function isNaNPattern(name, bits) {
  const type = dataType(name);
  if (type.kind !== "float") return false;
  const width = BigInt(type.bits);
  const value = bits & ((1n << width) - 1n);
  switch (type.specials) {
    case "ieee": {
      const mantissa = value & ((1n << BigInt(type.mantissaBits)) - 1n);
      const exponent = (value >> BigInt(type.mantissaBits)) & ((1n << BigInt(type.exponentBits)) - 1n);
      return exponent === (1n << BigInt(type.exponentBits)) - 1n && mantissa !== 0n;
    }
    case "fnuz":
      return value === 1n << (width - 1n);
    case "fnu":
      return value === (1n << width) - 1n;
    default:
      return false;
  }
}
