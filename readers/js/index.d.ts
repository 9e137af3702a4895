// Types of cast-value-vectors (src/index.js).

/** A bit pattern: "0x" and lowercase hex, two digits per storage byte ("0x7f", "0x3c00"). */
export type Pattern = string;
/** An expected result: a pattern, "error:<kind>", or for metadata "valid" / "invalid", for scalars a pattern or "invalid". */
export type Result = string;
/** An implementation's answer: a pattern, ERROR ("error", or any "error:<kind>"), REJECTED; "valid" / "invalid" for metadata. */
export type Answer = string;
export type Family = "cast" | "scalar_map" | "chain" | "metadata" | "scalars";
export type Direction = "encode" | "decode" | "validate" | "scalar";
export type Rounding = "nearest-even" | "towards-zero" | "towards-positive" | "towards-negative" | "nearest-away";

/** Every key optional; a value or a list of values; a case is selected when it matches every key given. */
export interface Selection {
  family?: Family | Family[];
  /** a type the case involves: its input or output type (metadata: the array's or a cast_value's) */
  type?: string | string[];
  inputType?: string | string[];
  outputType?: string | string[];
  direction?: Direction | Direction[];
  rounding?: Rounding | Rounding[];
}

export interface Case {
  family: Family;
  /** the stable id: "cast/decode/float16/int64/0x...". For cast, the line's id + "/" + rounding [+ "/" + out_of_range] */
  stableId: string;
  /** the stable id of the file's line (cast: shared by the line's configurations) */
  lineId: string;
  file: string;
  /** "cast/int8.json case 17" */
  where: string;
  /** the case's id inside its file (not stable across versions) */
  id: number;
  direction: Direction;
  arrayDataType: unknown;
  dataType: string | null;
  inputType: string | null;
  outputType: string | null;
  /** cast, scalar_map: the codec's configuration, data_type included (shared, frozen) */
  configuration: Record<string, unknown> | null;
  configurationIndex: number;
  /** cast, scalar_map: the cast_value codec as zarr.json holds it, numbers exactly as written */
  codecJson: string | null;
  /** chain, metadata */
  codecs: unknown;
  codecsJson?: string | null;
  fillValue: unknown;
  /** the fill value's JSON text exactly as the vectors write it ("-0.0", "1e400") */
  fillValueJson: string | null;
  arrayDataTypeJson?: string;
  /** cast, scalar_map, chain: the input pattern */
  input: Pattern | null;
  /** scalars: the scalar's JSON text */
  json: string | null;
  expected: Result;
  flags: string[];
  /** "FLAG=ALTERNATIVE" -> the result under that reading */
  alternatives: Record<string, Result>;
  rule: string | null;
  what: string | null;
  groupIndex: number;
  category?: string | null;
  involvedTypes?: string[];
}

export interface Group {
  family: Family;
  file: string;
  /** the group's index in its file */
  index: number;
  configurationIndex: number;
  /** the group's own JSON object */
  header: Record<string, unknown>;
  cases: Case[];
}

export class VectorsError extends Error {}

/** What set a folder is: published (its manifest's SHA-256 is a published one) or modified. */
export interface VectorSetIdentity {
  published: boolean;
  /** "1.3.0", or 'modified (based on "1.3.0")' */
  version: string;
  declaredVersion: string | undefined;
  /** "published 1.3.0", or "modified: ..." with what it lacks against the published manifest of its declared version */
  description: string;
  missing: string[];
  changed: string[];
  added: string[];
}

export class Vectors {
  constructor(dir: string, options?: { maxFileBytes?: number });
  dir: string;
  /** the identity's version: "1.3.0" for a published set, 'modified (based on "1.3.0")' otherwise */
  version: string;
  /** the manifest's "vectors_version" (what it declares, not what it is) */
  declaredVersion: string | null;
  published: boolean;
  identity: VectorSetIdentity;
  manifestSha256: string;
  specRevision: string;
  files: string[];
  maxFileBytes: number;
  /** the stable ids checked across the set, once it was read whole (a modified set: when opened) */
  stableIdCount: number | null;
  groups(selection?: Selection): Generator<Group>;
  /** one group as groups(selection) gives it, built again (the last file read is kept); null when there is none */
  groupAt(file: string, index: number, configurationIndex: number, selection?: Selection): Group | null;
  releaseCache(): void;
  cases(selection?: Selection): Generator<Case>;
  forEachStableId(visit: (stableId: string, where: string) => void, families?: Family[]): void;
  checkStableIds(): number;
  unknownStableIds(ids: Iterable<string>): string[];
  stableIds(families?: Family[]): Set<string>;
  readFile(path: string): any;
}
export function openVectors(dir: string, options?: { maxFileBytes?: number }): Vectors;
export function checkManifest(dir: string, options?: { maxFileBytes?: number }): { manifest: any; manifestSha256: string; files: Map<string, number> };
/** The identity of a set from its manifest's SHA-256 (the published manifests shipped in the package). */
export function identifyVectorSet(manifestSha256: string, declaredVersion: string | undefined, files: { path: string; sha256: string }[]): VectorSetIdentity;

export const ERROR: "error";
export const REJECTED: "rejected";
export const PASS: "pass";
export const DIVERGENCE: "divergence";
export const FAIL: "fail";
export type Verdict = { verdict: "pass" } | { verdict: "divergence"; flag: string } | { verdict: "fail" };
export function compare(c: Case, answer: Answer): Verdict;
export function resultMatches(outputType: string, result: Result, answer: Answer): boolean;

export const DATA_TYPES: Readonly<Record<string, { kind: "signed" | "unsigned" | "float"; bits: number; exponentBits?: number; mantissaBits?: number; specials?: "ieee" | "fn" | "fnuz" | "fnu" }>>;
export function dataType(name: string): (typeof DATA_TYPES)[string];
export function isNaNPattern(type: string, bits: bigint): boolean;
export function patternBits(type: string, pattern: Pattern): bigint;
export function bitsPattern(type: string, bits: bigint | number): Pattern;
export function patternToBigInt(type: string, pattern: Pattern): bigint;
export function bigIntToPattern(type: string, value: bigint | number): Pattern;
export type TypedArray = Int8Array | Int16Array | Int32Array | BigInt64Array | Uint8Array | Uint16Array | Uint32Array | BigUint64Array | Float32Array | Float64Array;
export function typedArrayFor(type: string): { new (length: number): TypedArray; BYTES_PER_ELEMENT: number } | null;
export function patternsToTypedArray(type: string, patterns: Pattern[]): TypedArray;
export function typedArrayToPatterns(type: string, array: TypedArray): Pattern[];
export function patternToValue(type: string, pattern: Pattern): number | bigint;
export function valueToPattern(type: string, value: number | bigint): Pattern;

/** `part` of `whole` as a percentage rounded down, computed in integers: "0.3%", "99.9%", "100.0%", "under 0.1%". */
export function shareText(part: number | bigint, whole: number | bigint): string;

export type Counts = { cases: number; pass: number; divergence: number; fail: number; unsupported: number; error: number };
export class Tally {
  totals: Counts;
  expectedFailures: number;
  /** the cases selected (registerTests sets it); null: those counted */
  selected: number | null;
  /** pass + divergence + fail */
  readonly compared: number;
  /** selected but never counted (filtered out, or the run stopped) */
  readonly notRun: number;
  add(c: Case, outcome: "pass" | "divergence" | "fail" | "unsupported" | "error", flag?: string): void;
  summary(): string;
  toJSON(): { selected: number; compared: number; not_run: number; complete: boolean; totals: Counts; expected_failures: number; divergence_flags: Record<string, number>; cells: { operation: string; input_type: string; output_type: string; counts: Counts }[] };
  write(path: string, extra?: Record<string, unknown>): void;
}
export function cellOf(c: Case): { operation: string; input_type: string; output_type: string };
export const COUNT_KEYS: readonly string[];

export const UNSUPPORTED: unique symbol;
type Maybe<T> = T | Promise<T>;
export interface RegisterOptions {
  selection?: Selection;
  run?: (c: Case) => Maybe<Answer | typeof UNSUPPORTED>;
  runGroup?: (group: Group) => Maybe<(Answer | typeof UNSUPPORTED)[] | typeof UNSUPPORTED>;
  /** stable ids, or {stable id: reason}; an id that is not in the vectors is an error */
  expectedFailures?: string[] | Record<string, string> | Map<string, string>;
  perCase?: boolean;
  strict?: boolean;
  failuresAsTodo?: boolean;
  countsPath?: string;
  print?: boolean;
}
export function registerTests(vectors: Vectors, options: RegisterOptions): Tally;
export function groupName(group: Group): string;

export function parseJson(text: string, where?: string): any;
export function rawAt(object: object, ...path: (string | number)[]): string | undefined;
export function rawMember(object: object, key: string): string | undefined;
