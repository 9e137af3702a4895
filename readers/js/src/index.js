// cast-value-vectors: the cast_value conformance vectors in JavaScript tests (README.md).
export { openVectors, Vectors, FAMILIES, ROUNDINGS } from "./vectors.js";
export { VectorsError } from "./errors.js";
export { checkManifest } from "./manifest.js";
export { identifyVectorSet } from "./identity.js";
export { shareText } from "./share.js";
export { compare, resultMatches, ERROR, REJECTED, PASS, DIVERGENCE, FAIL } from "./compare.js";
export { DATA_TYPES, dataType, isNaNPattern } from "./types.js";
export {
  patternBits, bitsPattern, patternToBigInt, bigIntToPattern, typedArrayFor,
  patternsToTypedArray, typedArrayToPatterns, patternToValue, valueToPattern,
} from "./patterns.js";
export { Tally, cellOf, COUNT_KEYS } from "./tally.js";
export { registerTests, groupName, UNSUPPORTED } from "./node-test.js";
export { parse as parseJson, rawAt, rawMember } from "./json.js";
