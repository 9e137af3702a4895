// zarrita's cast_value decode, called as a zarrita user reads an array: the case's metadata as a
// zarr.json in an in-memory store (codecs [cast_value, bytes]), zarr.open.v3, Array.getChunk;
// the same path the harness's adapter takes (harness/adapters/zarrita/adapter.mjs), so that the
// reader's verdicts can be compared with `cvc run`'s. zarrita aborts a chunk at its first refused
// element: then each element is read again as a chunk of its own.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export async function loadZarrita(modules) {
  const pkg = JSON.parse(readFileSync(join(modules, "zarrita", "package.json"), "utf8"));
  const entry = pkg.exports?.["."]?.import ?? pkg.main;
  return { zarr: await import(pathToFileURL(join(modules, "zarrita", entry)).href), version: pkg.version };
}

// The types zarrita's cast_value takes (float16 only where Node has Float16Array), as the adapter declares.
const SUPPORTED = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32", "float64"]
  .filter((t) => t !== "float16" || typeof globalThis.Float16Array === "function");

/** A decoder of reader groups through zarrita: decodeGroup(group) -> answers (reader's terms). */
export function zarritaDecoder(zarr, reader) {
  const { ERROR, REJECTED, UNSUPPORTED, patternBits, bitsPattern } = reader;
  const encoder = new TextEncoder();
  const isElementFailure = (err) => err instanceof zarr.CodecPipelineError || err?._tag === "CodecPipelineError";
  const width = (type) => Math.ceil(reader.dataType(type).bits / 8);

  const zarrJson = (c, count, chunk) =>
    `{"zarr_format":3,"node_type":"array","shape":[${count}],"data_type":${JSON.stringify(c.arrayDataType)},` +
    `"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[${chunk}]}},` +
    `"chunk_key_encoding":{"name":"default","configuration":{"separator":"/"}},` +
    `"fill_value":${c.fillValueJson},"codecs":[${c.codecJson},{"name":"bytes","configuration":{"endian":"little"}}],"attributes":{}}`;

  const bytesOf = (type, pattern) => {
    const bits = patternBits(type, pattern);
    const out = new Uint8Array(width(type));
    for (let b = 0; b < out.length; b++) out[b] = Number((bits >> BigInt(8 * b)) & 0xffn);
    return out;
  };
  const patternOf = (type, bytes, offset) => {
    let bits = 0n;
    for (let b = width(type) - 1; b >= 0; b--) bits = (bits << 8n) | BigInt(bytes[offset + b]);
    return bitsPattern(type, bits);
  };
  const chunkBytes = (chunk) => new Uint8Array(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);

  return async function decodeGroup(group) {
    const first = group.cases[0];
    if (first.direction !== "decode") return UNSUPPORTED; // zarrita's encode throws UnsupportedError
    if (!SUPPORTED.includes(first.inputType) || !SUPPORTED.includes(first.outputType)) return UNSUPPORTED;
    const inType = first.inputType;
    const outType = first.outputType;
    const count = group.cases.length;
    const store = new Map();
    const root = zarr.root({ get: async (key) => store.get(key) });
    const input = new Uint8Array(count * width(inType));
    group.cases.forEach((c, k) => input.set(bytesOf(inType, c.input), k * width(inType)));
    store.set("/whole/zarr.json", encoder.encode(zarrJson(first, count, count)));
    store.set("/whole/c/0", input);
    let whole;
    try {
      whole = await zarr.open.v3(root.resolve("whole"), { kind: "array" });
    } catch {
      return group.cases.map(() => REJECTED);
    }
    try {
      const bytes = chunkBytes(await whole.getChunk([0]));
      return group.cases.map((c, k) => patternOf(outType, bytes, k * width(outType)));
    } catch (err) {
      if (!isElementFailure(err)) return group.cases.map(() => REJECTED);
    }
    store.set("/single/zarr.json", encoder.encode(zarrJson(first, count, 1)));
    group.cases.forEach((c, k) => store.set(`/single/c/${k}`, bytesOf(inType, c.input)));
    let single;
    try {
      single = await zarr.open.v3(root.resolve("single"), { kind: "array" });
    } catch {
      return group.cases.map(() => REJECTED);
    }
    const answers = [];
    for (let k = 0; k < count; k++) {
      try {
        answers.push(patternOf(outType, chunkBytes(await single.getChunk([k])), 0));
      } catch (err) {
        if (!isElementFailure(err)) return group.cases.map(() => REJECTED);
        answers.push(ERROR);
      }
    }
    return answers;
  };
}
