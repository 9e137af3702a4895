// cast_value conformance suite: adapter (harness/protocol/PROTOCOL.md, protocols 1 and 2) for zarrita.js.
//
// zarrita implements the cast_value codec for decoding only (its encode throws
// UnsupportedError), so this adapter declares the `decode` and `validate` operations. Every cast request
// is run through zarrita's public reading API: the request becomes a Zarr v3 array in an
// in-memory store (zarr.json + one chunk holding the request's elements, codecs
// [cast_value, bytes]), opened with `zarr.open.v3` and read with `Array.getChunk`. zarrita
// therefore parses the metadata itself, exactly as it would from disk: the request's
// `array_data_type`, `fill_value` and `codec` are copied into zarr.json as their raw JSON text
// from the request line (never round-tripped through this script's own JSON.parse), so any
// precision lost on the way is lost by zarrita's own JSON handling.
//
// zarrita aborts a chunk on the first element it refuses. When the whole chunk fails, the
// adapter reads the same elements again as one-element chunks of a second array (same
// metadata, chunk shape [1]) to find each element's own verdict.
//
// zarrita has no metadata-validation function: metadata is accepted or refused when a user opens
// an array and reads it (its codecs are only instantiated when a chunk is decoded). A validate
// request is therefore run as a zarrita user meets it: the request's exact zarr.json (shape [1],
// chunk [1]) in an in-memory store, `zarr.open.v3`, then `zarr.get` of the array with its chunk
// missing (the fill value path) and with a stored chunk of zero bytes of the size the codec chain's
// stored type needs (so the codec pipeline, cast_value's configuration included, is built and
// run). `valid` when every step succeeds, `invalid` (naming the step) when one throws.
//
// Protocol 2 (a hello with "max_protocol" >= 2; an old harness's hello without it gets the
// protocol 1 answer): the hello declares `capabilities` (decode: every rounding mode, out_of_range
// rule and scalar_map, no missing pair; zarrita refuses a rounding other than nearest-even only
// for its float -> float pairs, a refusal of that configuration answered `rejected`) and the
// `reproduce` operation, whose answer is a self-contained JavaScript program (zarrita's public
// API: zarr.open.v3 of an in-memory store, getChunk / zarr.get) that reproduces a decode or a
// validate request and prints what zarrita returns.
//
// Stdout carries answers only; diagnostics go to stderr.

import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const modules = resolve(
  process.env.CVC_ZARRITA_MODULES ?? join(here, "..", "..", "..", "build", "adapters", "zarrita", "node_modules"),
);

// zarrita is an ES module package whose "exports" only has an "import" condition; load its
// entry point from the set-up folder (this script lives in the repository, not next to it).
const zarritaPackage = JSON.parse(readFileSync(join(modules, "zarrita", "package.json"), "utf8"));
const entry = zarritaPackage.exports?.["."]?.import ?? zarritaPackage.main;
const zarr = await import(pathToFileURL(join(modules, "zarrita", entry)).href);

// Store operations (`cvc check-store`): arrays in a directory through zarrita's own filesystem
// store, FileSystemStore of @zarrita/storage (the version zarrita itself depends on, from the
// same set-up folder and package-lock.json).
const storagePackage = JSON.parse(readFileSync(join(modules, "@zarrita", "storage", "package.json"), "utf8"));
const { default: FileSystemStore } = await import(
  pathToFileURL(join(modules, "@zarrita", "storage", storagePackage.exports["./fs"].import)).href
);

// The 26 data types of the cast_value spec, with their element width in bytes on the wire.
const WIDTH = {
  int2: 1, int4: 1, int8: 1, int16: 2, int32: 4, int64: 8,
  uint2: 1, uint4: 1, uint8: 1, uint16: 2, uint32: 4, uint64: 8,
  float4_e2m1fn: 1, float6_e2m3fn: 1, float6_e3m2fn: 1, float8_e3m4: 1, float8_e4m3: 1,
  float8_e4m3b11fnuz: 1, float8_e4m3fnuz: 1, float8_e5m2: 1, float8_e5m2fnuz: 1, float8_e8m0fnu: 1,
  bfloat16: 2, float16: 2, float32: 4, float64: 8,
};
const ALL_TYPES = Object.keys(WIDTH);
// The types zarrita's cast_value accepts (its SUPPORTED set, src/codecs/cast_value.ts) that the
// running Node also has a typed array for: float16 needs globalThis.Float16Array (Node 24 has
// it; on Node 20 zarrita's getCtr has no constructor for float16 and refuses the array).
// probe.sh checks that zarrita refuses every other type of the 26.
const CAST_VALUE_TYPES = [
  "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
  "float16", "float32", "float64",
];
const SUPPORTED = CAST_VALUE_TYPES.filter((t) => t !== "float16" || typeof globalThis.Float16Array === "function");

// Protocol 2: what zarrita's cast_value has, per direction (decode only: its encode throws).
// Every rounding mode, out_of_range rule and scalar_map is taken for every pair of SUPPORTED
// (NOTES.md, "What the adapter declares"); a key left out would mean "everything".
const ROUNDINGS = ["nearest-even", "towards-zero", "towards-positive", "towards-negative", "nearest-away"];
const OUT_OF_RANGE = ["absent", "clamp", "wrap"];
const CAPABILITIES = {
  decode: { rounding: ROUNDINGS, out_of_range: OUT_OF_RANGE, scalar_map: true },
  missing_pairs: [],
};

/** Why a cast request lies outside CAPABILITIES (a message quoting the declaration), or null. */
function outsideCapabilities(direction, inType, outType, config) {
  const pair = CAPABILITIES.missing_pairs.find(
    (p) => p.direction === direction && p.input === inType && p.output === outType,
  );
  if (pair) return `${direction} ${inType} -> ${outType} is declared missing (capabilities.missing_pairs: ${JSON.stringify(pair)})`;
  const declared = CAPABILITIES[direction];
  if (!declared) return null;
  const rounding = config?.rounding ?? "nearest-even";
  const outOfRange = config?.out_of_range ?? "absent";
  const usesMap = Array.isArray(config?.scalar_map?.[direction]) && config.scalar_map[direction].length > 0;
  if (declared.rounding && ROUNDINGS.includes(rounding) && !declared.rounding.includes(rounding)) {
    return `${direction} rounding ${JSON.stringify(rounding)} is not declared (capabilities.${direction}.rounding: ${JSON.stringify(declared.rounding)})`;
  }
  if (declared.out_of_range && OUT_OF_RANGE.includes(outOfRange) && !declared.out_of_range.includes(outOfRange)) {
    return `${direction} out_of_range ${JSON.stringify(outOfRange)} is not declared (capabilities.${direction}.out_of_range: ${JSON.stringify(declared.out_of_range)})`;
  }
  if (usesMap && declared.scalar_map === false) {
    return `${direction} scalar_map is not declared (capabilities.${direction}.scalar_map: false)`;
  }
  return null;
}

// Protocol 2 chain requests (decode only: zarrita's ScaleOffsetCodec.encode, like its cast_value
// encode, is `unimplementedEncode("scale_offset")`, which throws UnsupportedError). The codecs
// zarrita has among a chain's array -> array codecs (its codec registry, src/codecs.ts, has
// cast_value, scale_offset and transpose, and no numcodecs.fixedscaleoffset): NOTES.md, "Chains".
const CHAIN_CAPABILITIES = { codecs: ["cast_value", "scale_offset", "transpose"], directions: ["decode"] };

/**
 * The steps of a chain in encode order, each {name, before, after, configuration}: cast_value
 * changes the type to its data_type, the other codecs keep it. null for a codec that is not an
 * object with a name.
 */
function chainSteps(arrayType, codecs) {
  const typeName = (t) => (t !== null && typeof t === "object" ? t.name : t);
  if (!Array.isArray(codecs)) return null;
  const steps = [];
  let type = typeName(arrayType);
  for (const codec of codecs) {
    if (codec === null || typeof codec !== "object" || typeof codec.name !== "string") return null;
    const after = codec.name === "cast_value" ? typeName(codec.configuration?.data_type) : type;
    steps.push({ name: codec.name, before: type, after, configuration: codec.configuration });
    type = after;
  }
  return steps;
}

/**
 * A chain request (decode only): the chain checked against the declaration (directions, codecs,
 * every type along it, each cast_value step's capabilities), then decoded through zarrita's
 * reading API exactly as a cast request, with the chain's codecs before the bytes codec.
 */
async function decodeChain(req, raw) {
  if (req.direction !== "decode") {
    return { status: "unsupported", message: `outside the declared capabilities: chain ${req.direction} (capabilities.chain.directions: ${JSON.stringify(CHAIN_CAPABILITIES.directions)}; zarrita's encode throws UnsupportedError)` };
  }
  const steps = chainSteps(req.array_data_type, req.codecs);
  if (steps === null || steps.length === 0) return { status: "error", message: "codecs is not a non-empty list of named codecs" };
  for (const step of steps) {
    if (!CHAIN_CAPABILITIES.codecs.includes(step.name)) {
      return { status: "unsupported", message: `outside the declared capabilities: ${JSON.stringify(step.name)} (capabilities.chain.codecs: ${JSON.stringify(CHAIN_CAPABILITIES.codecs)})` };
    }
    for (const type of [step.before, step.after]) {
      if (!SUPPORTED.includes(type)) {
        return { status: "unsupported", message: `zarrita on Node ${process.versions.node} does not support ${JSON.stringify(type)}` };
      }
    }
    if (step.name === "cast_value") {
      const outside = outsideCapabilities("decode", step.after, step.before, step.configuration);
      if (outside) return { status: "unsupported", message: `outside the declared capabilities: ${outside}` };
    }
  }
  const inType = steps[steps.length - 1].after;
  const outType = steps[0].before;
  const input = Buffer.from(req.elements, "hex");
  if (input.length !== req.count * WIDTH[inType]) {
    return { status: "error", message: `elements: ${input.length} bytes for ${req.count} ${inType} elements` };
  }
  if (req.count === 0) return { status: "ok", elements: "", failed: [] };
  // The chain's exact text without its brackets goes where a cast request's one codec goes.
  const codecs = raw.codecs.trim();
  const chained = { ...raw, codec: codecs.slice(1, -1) };
  return zarritaDecode(chained, req.count, input, WIDTH[inType], WIDTH[outType]);
}

function send(obj) {
  process.stdout.write(`${JSON.stringify(obj)}\n`);
}

// ---------------------------------------------------------------------------------------------
// Raw JSON text of the top-level members of one request line.
// ---------------------------------------------------------------------------------------------

const WS = new Set([" ", "\t", "\n", "\r"]);

function skipWs(s, i) {
  while (i < s.length && WS.has(s[i])) i++;
  return i;
}

function endOfString(s, i) {
  // s[i] is the opening quote
  for (i++; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === '"') return i + 1;
  }
  throw new Error("unterminated string in request");
}

function endOfValue(s, i) {
  const c = s[i];
  if (c === '"') return endOfString(s, i);
  if (c === "{" || c === "[") {
    let depth = 0;
    for (; i < s.length; i++) {
      const d = s[i];
      if (d === '"') {
        i = endOfString(s, i) - 1;
      } else if (d === "{" || d === "[") {
        depth++;
      } else if (d === "}" || d === "]") {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    throw new Error("unbalanced brackets in request");
  }
  while (i < s.length && !WS.has(s[i]) && s[i] !== "," && s[i] !== "}" && s[i] !== "]") i++;
  return i;
}

/** Maps each top-level key of the JSON object `s` to the exact text of its value. */
function rawMembers(s) {
  const out = Object.create(null);
  let i = skipWs(s, 0);
  if (s[i] !== "{") throw new Error("request is not a JSON object");
  i = skipWs(s, i + 1);
  if (s[i] === "}") return out;
  for (;;) {
    const keyEnd = endOfString(s, i);
    const key = JSON.parse(s.slice(i, keyEnd));
    i = skipWs(s, keyEnd);
    if (s[i] !== ":") throw new Error("expected ':' in request");
    const start = skipWs(s, i + 1);
    const end = endOfValue(s, start);
    out[key] = s.slice(start, end);
    i = skipWs(s, end);
    if (s[i] === ",") {
      i = skipWs(s, i + 1);
      continue;
    }
    if (s[i] === "}") return out;
    throw new Error("expected ',' or '}' in request");
  }
}

// ---------------------------------------------------------------------------------------------
// zarrita
// ---------------------------------------------------------------------------------------------

function describe(err) {
  const parts = [];
  for (let e = err, depth = 0; e != null && depth < 4; e = e.cause, depth++) {
    parts.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
  }
  return parts.join(" <- ");
}

/** Does `err` come from decoding a chunk (zarrita wraps codec steps in CodecPipelineError)? */
function isElementFailure(err) {
  return err instanceof zarr.CodecPipelineError || err?._tag === "CodecPipelineError";
}

/**
 * zarr.json of a one-dimensional array of `shape` elements in one chunk of `shape` elements,
 * from the exact JSON texts of its data_type, fill_value and codecs (the adapter never
 * re-serialises them: every number reaches zarrita's own JSON.parse).
 */
function zarrJson(dataTypeJson, fillValueJson, codecsJson, shape) {
  return (
    `{"zarr_format":3,"node_type":"array","shape":[${shape}],` +
    `"data_type":${dataTypeJson},` +
    `"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[${Math.max(shape, 1)}]}},` +
    `"chunk_key_encoding":{"name":"default","configuration":{"separator":"/"}},` +
    `"fill_value":${fillValueJson},` +
    `"codecs":${codecsJson},` +
    `"attributes":{}}`
  );
}

function arrayDocument(raw, count, chunk) {
  return (
    `{"zarr_format":3,"node_type":"array","shape":[${count}],` +
    `"data_type":${raw.array_data_type},` +
    `"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[${chunk}]}},` +
    `"chunk_key_encoding":{"name":"default","configuration":{"separator":"/"}},` +
    `"fill_value":${raw.fill_value},` +
    `"codecs":[${raw.codec},{"name":"bytes","configuration":{"endian":"little"}}],` +
    `"attributes":{}}`
  );
}

class MemoryStore {
  constructor() {
    this.map = new Map();
  }
  async get(key) {
    return this.map.get(key);
  }
  // Byte ranges (@zarrita/storage's RangeQuery), which zarrita's sharding codec reads shards with.
  async getRange(key, range) {
    const data = this.map.get(key);
    if (data === undefined) return undefined;
    if ("suffixLength" in range) return data.subarray(Math.max(0, data.length - range.suffixLength));
    return data.subarray(range.offset, range.offset + range.length);
  }
}

function hexOf(typed) {
  return Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength).toString("hex");
}

const encoder = new TextEncoder();

async function decodeCast(req, raw) {
  // Type names (the metadata may also name a type as {"name": ...}); the raw text goes to
  // zarrita unchanged, so it decides for itself whether it accepts that form.
  const typeName = (t) => (t !== null && typeof t === "object" ? t.name : t);
  const inType = typeName(req.codec?.configuration?.data_type);
  const outType = typeName(req.array_data_type);
  if (!SUPPORTED.includes(inType) || !SUPPORTED.includes(outType)) {
    const missing = !SUPPORTED.includes(inType) ? inType : outType;
    return { status: "unsupported", message: `zarrita cast_value on Node ${process.versions.node} does not support ${JSON.stringify(missing)}` };
  }
  const outside = outsideCapabilities("decode", inType, outType, req.codec?.configuration);
  if (outside) return { status: "unsupported", message: `outside the declared capabilities: ${outside}` };
  const count = req.count;
  const inWidth = WIDTH[inType];
  const input = Buffer.from(req.elements, "hex");
  if (input.length !== count * inWidth) {
    return { status: "error", message: `elements: ${input.length} bytes for ${count} ${inType} elements` };
  }
  if (count === 0) return { status: "ok", elements: "", failed: [] };
  return zarritaDecode(raw, count, input, inWidth, WIDTH[outType]);
}

/**
 * Decodes `count` elements (`input`, `inWidth` bytes each) through zarrita's reading API, with
 * the array metadata of `raw` (the raw JSON text of `array_data_type`, `fill_value`, `codec`).
 */
async function zarritaDecode(raw, count, input, inWidth, outWidth) {
  // The whole request as one chunk.
  const store = new MemoryStore();
  store.map.set("/whole/zarr.json", encoder.encode(arrayDocument(raw, count, count)));
  store.map.set("/whole/c/0", new Uint8Array(input));
  let whole;
  try {
    whole = await zarr.open.v3(zarr.root(store).resolve("whole"), { kind: "array" });
  } catch (err) {
    return { status: "rejected", message: `open: ${describe(err)}` };
  }
  try {
    const chunk = await whole.getChunk([0]);
    return { status: "ok", elements: hexOf(chunk.data), failed: [] };
  } catch (err) {
    if (!isElementFailure(err)) return { status: "rejected", message: `read: ${describe(err)}` };
  }

  // Some element was refused: read each element as its own chunk.
  store.map.set("/single/zarr.json", encoder.encode(arrayDocument(raw, count, 1)));
  for (let i = 0; i < count; i++) {
    store.map.set(`/single/c/${i}`, new Uint8Array(input.subarray(i * inWidth, (i + 1) * inWidth)));
  }
  let single;
  try {
    single = await zarr.open.v3(zarr.root(store).resolve("single"), { kind: "array" });
  } catch (err) {
    return { status: "rejected", message: `open: ${describe(err)}` };
  }
  const out = Buffer.alloc(count * outWidth);
  const failed = [];
  for (let i = 0; i < count; i++) {
    try {
      const chunk = await single.getChunk([i]);
      const bytes = Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
      bytes.copy(out, i * outWidth);
    } catch (err) {
      if (!isElementFailure(err)) return { status: "rejected", message: `read: ${describe(err)}` };
      failed.push(i);
    }
  }
  return { status: "ok", elements: out.toString("hex"), failed };
}

// ---------------------------------------------------------------------------------------------
// Store operations: open_array and read_array on a directory (zarrita cannot write cast_value
// arrays: its encode throws, so write_array is not declared and the harness counts the encode
// arrays unsupported)
// ---------------------------------------------------------------------------------------------

async function openStored(path) {
  return zarr.open.v3(zarr.root(new FileSystemStore(path)), { kind: "array" });
}

async function storeOperation(req) {
  if (req.cmd === "open_array") {
    try {
      await openStored(req.path);
    } catch (err) {
      return { status: "invalid", message: `zarr.open.v3(FileSystemStore): ${describe(err)}` };
    }
    return { status: "valid" };
  }
  if (!SUPPORTED.includes(req.data_type)) {
    return { status: "unsupported", message: `zarrita on Node ${process.versions.node} does not support ${JSON.stringify(req.data_type)}` };
  }
  let result;
  try {
    result = await zarr.get(await openStored(req.path));
  } catch (err) {
    return { status: "refused", message: `zarr.get(zarr.open.v3(FileSystemStore)): ${describe(err)}` };
  }
  const data = result.data;
  if (data.length !== req.count || data.BYTES_PER_ELEMENT !== WIDTH[req.data_type]) {
    return { status: "error", message: `zarr.get gave ${data.length} elements of ${data.BYTES_PER_ELEMENT} bytes for ${req.count} ${req.data_type}` };
  }
  return { status: "ok", elements: hexOf(data) };
}

// ---------------------------------------------------------------------------------------------
// validate: open and read the array as a zarrita user does
// ---------------------------------------------------------------------------------------------

// Bytes per element of the data types zarrita stores through its `bytes` codec (its getCtr table,
// dist/src/util.js:68-81: the 11 numeric types and bool) and of the other types of the 26 (so that
// a chain ending in one of them is sized too and zarrita itself decides whether it reads it).
const STORED_WIDTH = { ...WIDTH, bool: 1 };
// Bytes-to-bytes codecs of fixed size overhead (zarrita's computeEncodedSize: crc32c adds 4).
const BYTES_OVERHEAD = { crc32c: 4 };

/**
 * The size in bytes of the stored chunk of a one-element array with this data_type and codec
 * chain, following the chain as zarrita's pipeline does (dist/src/codecs.js:105-158): the data
 * type is threaded through the codecs in their order (cast_value changes it to its `data_type`,
 * the other array -> array codecs, transpose and scale_offset, keep it), the `bytes` codec stores the type current at its position
 * (zarrita adds a `bytes` codec at the end when the chain has none), and each bytes -> bytes codec
 * adds its fixed overhead. A codec given by name only ("bytes") and a data type in the object form
 * ({"name": "int8"}) are sized by their name. Returns {bytes} or {why} when the chain cannot be
 * sized (codecs not a list, a data type of unknown width, a codec of unknown size).
 */
function storedChunkSize(arrayDataType, codecs) {
  const nameOf = (x) => (typeof x === "string" ? x : x !== null && typeof x === "object" ? x.name : undefined);
  if (!Array.isArray(codecs)) return { why: "codecs is not a list" };
  let type = nameOf(arrayDataType);
  let bytes;
  for (const codec of codecs) {
    const name = nameOf(codec);
    if (bytes === undefined) {
      if (name === "cast_value") {
        type = nameOf(codec?.configuration?.data_type);
      } else if (name === "bytes") {
        if (!Object.hasOwn(STORED_WIDTH, type)) return { why: `stored data type ${JSON.stringify(type)} of unknown width` };
        bytes = STORED_WIDTH[type];
      } else if (name !== "transpose" && name !== "scale_offset") {
        return { why: `codec ${JSON.stringify(name)} of unknown kind or size before the bytes codec` };
      }
    } else if (Object.hasOwn(BYTES_OVERHEAD, name)) {
      bytes += BYTES_OVERHEAD[name];
    } else if (name === "cast_value" || name === "transpose" || name === "scale_offset") {
      // an array -> array codec after bytes: zarrita classifies codecs by kind, not position,
      // and still decodes the bytes codec's output through it; the stored size is unchanged
    } else {
      return { why: `codec ${JSON.stringify(name)} of unknown size after the bytes codec` };
    }
  }
  if (bytes === undefined) {
    if (!Object.hasOwn(STORED_WIDTH, type)) return { why: `stored data type ${JSON.stringify(type)} of unknown width` };
    bytes = STORED_WIDTH[type];
  }
  return { bytes };
}

/**
 * validate: the request's metadata (raw texts of array_data_type, fill_value, codecs) as the
 * zarr.json of an array of shape [1], chunk [1], opened and read through zarrita's public API:
 *   1. `zarr.open.v3(location, {kind: "array"})`;
 *   2. `zarr.get(array)` with the chunk missing (zarrita fills the result with the fill value);
 *   3. `zarr.get(array)` of a second array with the same zarr.json and a stored chunk of zero
 *      bytes of the size the chain's stored type needs (storedChunkSize), which makes zarrita
 *      build the codec pipeline (each codec's fromConfig, cast_value's configuration and fill
 *      value cast included) and decode through it.
 * Any step that throws makes the metadata `invalid` (the message names the step and zarrita's
 * error). When the adapter cannot size the stored chunk, step 3 stores an empty chunk and calls
 * `array.getChunk([0])` instead: an error building the pipeline is zarrita's refusal (`invalid`);
 * a successful build (the decode succeeding, or failing in a codec step) means the adapter failed
 * to size a chain zarrita reads, and is answered `error`.
 */
async function validateMetadata(req, raw) {
  for (const key of ["array_data_type", "fill_value", "codecs"]) {
    if (!(key in raw)) return { status: "error", message: `validate request without ${key}` };
  }
  const doc = encoder.encode(zarrJson(raw.array_data_type, raw.fill_value, raw.codecs, 1));
  const size = storedChunkSize(req.array_data_type, req.codecs);
  const store = new MemoryStore();
  store.map.set("/missing/zarr.json", doc);
  store.map.set("/stored/zarr.json", doc);
  store.map.set("/stored/c/0", new Uint8Array(size.bytes ?? 0));
  const open = async (path) => zarr.open.v3(zarr.root(store).resolve(path), { kind: "array" });
  const invalid = (step, err) => ({ status: "invalid", message: `${step}: ${describe(err)}` });

  let array;
  try {
    array = await open("missing");
  } catch (err) {
    return invalid("zarr.open.v3", err);
  }
  try {
    await zarr.get(array);
  } catch (err) {
    return invalid("zarr.get with the chunk missing (fill value)", err);
  }
  try {
    array = await open("stored");
  } catch (err) {
    return invalid("zarr.open.v3 (second array)", err);
  }
  if (size.bytes !== undefined) {
    try {
      await zarr.get(array);
    } catch (err) {
      return invalid(`zarr.get of a stored chunk of ${size.bytes} zero bytes`, err);
    }
    return { status: "valid" };
  }
  try {
    await array.getChunk([0]);
  } catch (err) {
    if (!isElementFailure(err)) return invalid(`getChunk of a stored chunk (the chain cannot be sized: ${size.why})`, err);
    return { status: "error", message: `adapter cannot size the stored chunk (${size.why}) but zarrita built the codec pipeline: ${describe(err)}` };
  }
  return { status: "error", message: `adapter cannot size the stored chunk (${size.why}) but zarrita decoded an empty chunk` };
}

// ---------------------------------------------------------------------------------------------
// reproduce (protocol 2): a self-contained program, in zarrita's public API, for one request
// ---------------------------------------------------------------------------------------------

/** A JavaScript single-quoted string literal of `text` (the request's JSON texts stay exact). */
function jsString(text) {
  return `'${text.replace(/[\\'\n\r\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}'`;
}

const TYPED_ARRAY = {
  int8: "Int8Array", int16: "Int16Array", int32: "Int32Array", int64: "BigInt64Array",
  uint8: "Uint8Array", uint16: "Uint16Array", uint32: "Uint32Array", uint64: "BigUint64Array",
  float16: "Float16Array", float32: "Float32Array", float64: "Float64Array",
};

function programHeading(what, prints) {
  return (
    `// Reproduces a cast_value conformance case (${what}).\n` +
    `// Set-up: npm install zarrita@${zarritaPackage.version}, then run this file as an ES module ` +
    `(e.g. repro.mjs) with Node.js >= 24 (node repro.mjs).\n` +
    `// Prints ${prints}.\n` +
    `import * as zarr from "zarrita";\n\n` +
    "const describe = (e) => (e?.cause ? `${e.name}: ${e.message} <- ${describe(e.cause)}` : `${e?.name}: ${e?.message}`);\n"
  );
}

/** The program of a decode request (raw: the exact texts of its members). */
function reproduceDecode(req, raw) {
  const typeName = (t) => (t !== null && typeof t === "object" ? t.name : t);
  const inType = typeName(req.codec?.configuration?.data_type);
  const outType = typeName(req.array_data_type);
  const bytes = Buffer.from(req.elements, "hex");
  const inWidth = WIDTH[inType];
  // zarr.json with the request's texts, the number of elements left to the program.
  const doc = arrayDocument(raw, 0, 0).split('"shape":[0]').join('"shape":[@N@]').split('"chunk_shape":[0]').join('"chunk_shape":[@N@]');
  const [head, middle, tail] = doc.split("@N@");
  const what =
    `decode ${inType} -> ${outType}: array data_type ${raw.array_data_type}, codec ${raw.codec}, ` +
    `fill_value ${raw.fill_value}, ${req.count} element(s)`;
  return (
    programHeading(what, "each element: index: input bits (value) -> output bits (value), or the error") +
    "\n" +
    `const zarrJson = (n) =>\n  ${jsString(head)} + n +\n  ${jsString(middle)} + n +\n  ${jsString(tail)};\n` +
    `const x = new Uint8Array([${Array.from(bytes, (b) => `0x${b.toString(16).padStart(2, "0")}`).join(", ")}]); // ${inType} elements, little-endian\n` +
    `const IN_BYTES = ${inWidth}, OUT_BYTES = ${WIDTH[outType]};\n\n` +
    "// The bytes as the only chunk of a stored array; zarrita decodes it.\n" +
    "async function decode(chunk) {\n" +
    "  const files = new Map([\n" +
    '    ["/zarr.json", new TextEncoder().encode(zarrJson(chunk.length / IN_BYTES))],\n' +
    '    ["/c/0", chunk],\n' +
    "  ]);\n" +
    "  const store = { get: async (key) => files.get(key) };\n" +
    '  const array = await zarr.open.v3(zarr.root(store), { kind: "array" });\n' +
    "  return (await array.getChunk([0])).data;\n" +
    "}\n\n" +
    "const bytesOf = (t) => new Uint8Array(t.buffer, t.byteOffset, t.byteLength);\n" +
    "const hex = (b, i, width) =>\n" +
    '  `0x${Array.from(b.subarray(i * width, (i + 1) * width)).reverse().map((v) => v.toString(16).padStart(2, "0")).join("")}`;\n' +
    "let results;\n" +
    "try {\n" +
    "  const y = await decode(x);\n" +
    "  results = Array.from(y, (v, i) => `${hex(bytesOf(y), i, OUT_BYTES)} (${v})`);\n" +
    "} catch (e) {\n" +
    "  // zarrita refused the chunk: each element alone\n" +
    "  console.log(`the whole array: ${describe(e)}`);\n" +
    "  results = [];\n" +
    "  for (let i = 0; i < x.length / IN_BYTES; i++) {\n" +
    "    try {\n" +
    "      const y = await decode(x.slice(i * IN_BYTES, (i + 1) * IN_BYTES));\n" +
    "      results.push(`${hex(bytesOf(y), 0, OUT_BYTES)} (${y[0]})`);\n" +
    "    } catch (e) {\n" +
    "      results.push(`error: ${describe(e)}`);\n" +
    "    }\n" +
    "  }\n" +
    "}\n" +
    `new ${TYPED_ARRAY[inType]}(x.buffer).forEach((v, i) => console.log(\`\${i}: \${hex(x, i, IN_BYTES)} (\${v}) -> \${results[i]}\`));\n`
  );
}

/** The program of a validate request: the adapter's steps (validateMetadata). */
function reproduceValidate(req, raw) {
  const size = storedChunkSize(req.array_data_type, req.codecs);
  const what = `validate: array data_type ${raw.array_data_type}, fill_value ${raw.fill_value}, codecs ${raw.codecs}`;
  const last = size.bytes !== undefined
    ? `  files.set("/c/0", new Uint8Array(${size.bytes})); // a stored chunk of zero bytes\n` +
      "  try {\n" +
      "    await zarr.get(await open());\n" +
      "  } catch (e) {\n" +
      `    return \`invalid: zarr.get of a stored chunk of ${size.bytes} zero bytes: \${describe(e)}\`;\n` +
      "  }\n"
    : `  files.set("/c/0", new Uint8Array(0)); // (${size.why}: an empty chunk)\n` +
      "  try {\n" +
      "    await (await open()).getChunk([0]);\n" +
      "  } catch (e) {\n" +
      "    return `invalid: getChunk of a stored chunk: ${describe(e)}`;\n" +
      "  }\n";
  return (
    programHeading(what, "valid, or invalid: the step that failed and zarrita's error") +
    "\n" +
    `const ZARR_JSON = ${jsString(zarrJson(raw.array_data_type, raw.fill_value, raw.codecs, 1))};\n\n` +
    "// zarrita checks metadata when an array is opened and read: open it, read it with its chunk\n" +
    "// missing (the fill value), then with a stored chunk (the codec pipeline is built and run).\n" +
    "async function check() {\n" +
    '  const files = new Map([["/zarr.json", new TextEncoder().encode(ZARR_JSON)]]);\n' +
    "  const store = { get: async (key) => files.get(key) };\n" +
    '  const open = () => zarr.open.v3(zarr.root(store), { kind: "array" });\n' +
    "  let array;\n" +
    "  try {\n" +
    "    array = await open();\n" +
    "  } catch (e) {\n" +
    "    return `invalid: zarr.open.v3: ${describe(e)}`;\n" +
    "  }\n" +
    "  try {\n" +
    "    await zarr.get(array);\n" +
    "  } catch (e) {\n" +
    "    return `invalid: zarr.get with the chunk missing (fill value): ${describe(e)}`;\n" +
    "  }\n" +
    last +
    '  return "valid";\n' +
    "}\n\n" +
    "console.log(await check());\n"
  );
}

/** reproduce: the answer to {"cmd": "reproduce", "request": {...}} (line: the request line). */
function reproduce(req, line) {
  const inner = req.request;
  const raw = rawMembers(rawMembers(line).request ?? "{}");
  if (inner?.cmd === "validate") {
    for (const key of ["array_data_type", "fill_value", "codecs"]) {
      if (!(key in raw)) return { status: "error", message: `reproduce: validate request without ${key}` };
    }
    return { status: "ok", language: "javascript", code: reproduceValidate(inner, raw) };
  }
  if (inner?.cmd !== "cast") return { status: "error", message: `reproduce: cannot reproduce ${JSON.stringify(inner?.cmd)}` };
  if (inner.direction !== "decode") {
    return { status: "unsupported", message: "zarrita implements cast_value decode only (encode throws UnsupportedError)" };
  }
  const typeName = (t) => (t !== null && typeof t === "object" ? t.name : t);
  const inType = typeName(inner.codec?.configuration?.data_type);
  const outType = typeName(inner.array_data_type);
  for (const t of [inType, outType]) {
    if (!SUPPORTED.includes(t)) {
      return { status: "unsupported", message: `zarrita cast_value on Node ${process.versions.node} does not support ${JSON.stringify(t)}` };
    }
  }
  const outside = outsideCapabilities("decode", inType, outType, inner.codec?.configuration);
  if (outside) return { status: "unsupported", message: `outside the declared capabilities: ${outside}` };
  if (Buffer.from(inner.elements, "hex").length !== inner.count * WIDTH[inType]) {
    return { status: "error", message: `reproduce: ${inner.count} ${inType} elements expected` };
  }
  return { status: "ok", language: "javascript", code: reproduceDecode(inner, raw) };
}

// ---------------------------------------------------------------------------------------------
// probe.sh: zarrita called once with each of the 26 types the handshake does not declare
// ---------------------------------------------------------------------------------------------

/**
 * For each undeclared type T, the adapter's own decode path (zarr.open.v3 + getChunk on an
 * in-memory array, one element of value 0) twice: decoding from T (array float64, cast_value
 * data_type T) and decoding into T (array T, cast_value data_type float64). One JSON line per
 * type; `accepted` is true if zarrita did not refuse either call.
 */
async function probe() {
  for (const type of ALL_TYPES.filter((t) => !SUPPORTED.includes(t))) {
    const calls = [
      { array: "float64", encoded: type },
      { array: type, encoded: "float64" },
    ];
    const described = [];
    const results = [];
    let accepted = false;
    for (const { array, encoded } of calls) {
      const codec = `{"name":"cast_value","configuration":{"data_type":${JSON.stringify(encoded)}}}`;
      described.push(
        `zarr.open.v3(<zarr.json: data_type ${JSON.stringify(array)}, fill_value 0, codecs [${codec}, bytes little]>, ` +
          `{kind: "array"}).getChunk([0]) on the chunk 0x${"00".repeat(WIDTH[encoded])}`,
      );
      const raw = { array_data_type: JSON.stringify(array), fill_value: "0", codec };
      let answer;
      try {
        answer = await zarritaDecode(raw, 1, Buffer.alloc(WIDTH[encoded]), WIDTH[encoded], WIDTH[array]);
      } catch (err) {
        answer = { status: "rejected", message: `threw: ${describe(err)}` };
      }
      if (answer.status === "ok") {
        accepted = true;
        results.push(`accepted: decoded to 0x${answer.elements}${answer.failed.length ? " (element refused)" : ""}`);
      } else {
        results.push(answer.message);
      }
    }
    send({ data_type: type, accepted, call: described.join("; then "), result: results.join("; then ") });
  }
}

// Promise rejections zarrita leaves unhandled. Its pipeline loader (dist/src/codecs.js:106-121)
// starts looking up every codec of the chain at once and awaits them in order; when an earlier
// codec's fromConfig throws, a later lookup that failed too (an unknown codec name) is never
// awaited, and Node's default for an unhandled rejection terminates the process. The adapter
// records them instead, so that they are attributed to the request that caused them.
const strayRejections = [];
process.on("unhandledRejection", (reason) => {
  strayRejections.push(describe(reason));
});

/** Lets pending rejections be reported, then returns (and clears) those zarrita left unhandled. */
async function takeStrayRejections() {
  await new Promise((r) => setImmediate(r));
  return strayRejections.splice(0);
}

/**
 * The answer of `run()` (an async function answering request `req`), or an error answer when it
 * throws; rejected promises zarrita left unhandled meanwhile are reported on stderr.
 */
async function answered(req, run) {
  let answer;
  try {
    answer = await run();
  } catch (err) {
    answer = { status: "error", message: `adapter: ${describe(err)}` };
  }
  for (const stray of await takeStrayRejections()) {
    process.stderr.write(`zarrita adapter: request ${req.id}: zarrita left a rejected promise unhandled: ${stray}\n`);
  }
  return answer;
}

async function handle(line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (err) {
    process.stderr.write(`zarrita adapter: unreadable request: ${describe(err)}\n`);
    return { status: "error", id: null, message: `unreadable request: ${describe(err)}` };
  }
  switch (req.cmd) {
    case "hello": {
      // Protocol 2 when the harness offers it (max_protocol >= 2); an old harness's hello has
      // no max_protocol and gets the protocol 1 answer, without capabilities and reproduce.
      const two = Number.isInteger(req.max_protocol) && req.max_protocol >= 2;
      send({
        protocol: two ? 2 : 1,
        implementation: { name: "zarrita", version: zarritaPackage.version, language: "javascript" },
        data_types: SUPPORTED,
        operations: two ? ["decode", "validate", "reproduce", "chain", "open_array", "read_array"] : ["decode", "validate"],
        ...(two ? { capabilities: { ...CAPABILITIES, chain: CHAIN_CAPABILITIES } } : {}),
        environment: { node: process.versions.node, zarrita: zarritaPackage.version },
        notes:
          `zarrita ${zarritaPackage.version} on Node ${process.versions.node}: cast_value decode only ` +
          "(its encode throws UnsupportedError); chains (scale_offset, cast_value, transpose) decode only " +
          "(scale_offset's encode throws too); validate = zarr.open.v3 of the metadata, then zarr.get " +
          "with the chunk missing and with a stored all-zero chunk (zarrita checks metadata only there)" +
          (SUPPORTED.includes("float16") ? "" : "; float16 needs Float16Array, absent in this Node") +
          "; the other 15 types of the 26 are refused by zarrita (probe.sh)",
      });
      return null;
    }
    case "reproduce": {
      let answer;
      try {
        answer = reproduce(req, line);
      } catch (err) {
        answer = { status: "error", message: `adapter: ${describe(err)}` };
      }
      send({ id: req.id, ...answer });
      return null;
    }
    case "bye":
      process.exit(0);
      return null;
    case "cast": {
      if (req.direction !== "decode") {
        send({ id: req.id, status: "unsupported", message: "zarrita implements cast_value decode only (encode throws UnsupportedError)" });
        return null;
      }
      send({ id: req.id, ...(await answered(req, () => decodeCast(req, rawMembers(line)))) });
      return null;
    }
    case "chain": {
      send({ id: req.id, ...(await answered(req, () => decodeChain(req, rawMembers(line)))) });
      return null;
    }
    case "open_array":
    case "read_array": {
      send({ id: req.id, ...(await answered(req, () => storeOperation(req))) });
      return null;
    }
    case "validate": {
      let answer;
      try {
        answer = await validateMetadata(req, rawMembers(line));
      } catch (err) {
        answer = { status: "error", message: `adapter: ${describe(err)}` };
      }
      const stray = await takeStrayRejections();
      if (stray.length) {
        const note = `zarrita left a rejected promise unhandled (which terminates Node by default): ${stray.join("; ")}`;
        answer = answer.status === "valid"
          ? { status: "invalid", message: `every step succeeded, but ${note}` }
          : { ...answer, message: `${answer.message}; and ${note}` };
      }
      send({ id: req.id, ...answer });
      return null;
    }
    default:
      send({ id: req.id ?? null, status: "error", message: `unknown command ${JSON.stringify(req.cmd)}` });
      return null;
  }
}

if (process.argv.includes("--probe")) {
  await probe();
  process.exit(0);
}

// Requests are answered strictly in order, one at a time.
const rl = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
const queue = [];
let busy = false;
async function pump() {
  if (busy) return;
  busy = true;
  while (queue.length) {
    const line = queue.shift();
    if (line.trim() === "") continue;
    const bad = await handle(line);
    if (bad) send(bad);
  }
  busy = false;
}
rl.on("line", (line) => {
  queue.push(line);
  pump();
});
rl.on("close", async () => {
  while (busy || queue.length) await new Promise((r) => setTimeout(r, 1));
  process.exit(0);
});
