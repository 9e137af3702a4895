// cast_value conformance suite: adapter (harness/PROTOCOL.md, protocol 1) for zarrita.js.
//
// zarrita implements the cast_value codec for decoding only (its encode throws
// UnsupportedError), so this adapter declares the `decode` operation only. Every cast request
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

async function handle(line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (err) {
    process.stderr.write(`zarrita adapter: unreadable request: ${describe(err)}\n`);
    return { status: "error", id: null, message: `unreadable request: ${describe(err)}` };
  }
  switch (req.cmd) {
    case "hello":
      send({
        protocol: 1,
        implementation: { name: "zarrita", version: zarritaPackage.version, language: "javascript" },
        data_types: SUPPORTED,
        operations: ["decode"],
        environment: { node: process.versions.node, zarrita: zarritaPackage.version },
        notes:
          `zarrita ${zarritaPackage.version} on Node ${process.versions.node}: cast_value decode only ` +
          "(its encode throws UnsupportedError); no metadata validation on open" +
          (SUPPORTED.includes("float16") ? "" : "; float16 needs Float16Array, absent in this Node") +
          "; the other 15 types of the 26 are refused by zarrita (probe.sh)",
      });
      return null;
    case "bye":
      process.exit(0);
      return null;
    case "cast": {
      if (req.direction !== "decode") {
        send({ id: req.id, status: "unsupported", message: "zarrita implements cast_value decode only (encode throws UnsupportedError)" });
        return null;
      }
      let answer;
      try {
        answer = await decodeCast(req, rawMembers(line));
      } catch (err) {
        answer = { status: "error", message: `adapter: ${describe(err)}` };
      }
      send({ id: req.id, ...answer });
      return null;
    }
    case "validate":
      send({ id: req.id, status: "unsupported", message: "zarrita does not validate array metadata when opening an array" });
      return null;
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
