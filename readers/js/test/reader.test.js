import assert from "node:assert/strict";
import { appendFileSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import {
  DIVERGENCE, ERROR, FAIL, PASS, REJECTED, VectorsError, compare, isNaNPattern, openVectors,
  patternToBigInt, patternToValue, patternsToTypedArray, typedArrayToPatterns, valueToPattern,
} from "../src/index.js";
import { METADATA, writeVectors } from "./fixture.js";

test("the manifest is checked: a good set opens, and each broken one is refused naming the path", () => {
  const dir = writeVectors();
  const vectors = openVectors(dir);
  assert.equal(vectors.version, `modified (based on "0.0.0-test")`); // not a published manifest
  assert.equal(vectors.published, false);
  assert.match(vectors.manifestSha256, /^[0-9a-f]{64}$/);
  const broken = [
    ["a listed file changed", (d) => appendFileSync(join(d, "metadata.json"), " "), /metadata\.json: \d+ bytes, manifest\.json lists/],
    ["a listed file with the same size and another SHA-256", (d) => writeFileSync(join(d, "metadata.json"), METADATA.replace("invalid", "INVALID")), /metadata\.json: SHA-256/],
    ["an unlisted file", (d) => writeFileSync(join(d, "cast", "int8.json"), "{}"), /cast\/int8\.json: not listed/],
    ["a missing file", (d) => rmSync(join(d, "scalar_map.json")), /scalar_map\.json: listed in manifest\.json but missing/],
    ["a symbolic link", (d) => symlinkSync("metadata.json", join(d, "link.json")), /link\.json: a symbolic link, neither a regular file nor a folder/],
  ];
  for (const [what, breakIt, message] of broken) {
    const d = writeVectors();
    breakIt(d);
    assert.throws(() => openVectors(d), (err) => err instanceof VectorsError && message.test(err.message), what);
    rmSync(d, { recursive: true });
  }
  rmSync(dir, { recursive: true });
});


test("cast lines become one case per configuration, results expanded, with stable ids", () => {
  const vectors = openVectors(writeVectors());
  const cases = [...vectors.cases({ family: "cast" })];
  assert.equal(cases.length, 20);
  // group by group, and a cast group configuration by configuration
  assert.deepEqual(cases.slice(0, 2).map((c) => c.stableId), ["cast/encode/float32/int8/0x3fc00000/nearest-even", "cast/encode/float32/int8/0x7fc00000/nearest-even"]);
  const half = cases.filter((c) => c.input === "0x3fc00000");
  assert.deepEqual(half.slice(0, 3).map((c) => [c.stableId, c.expected]), [
    ["cast/encode/float32/int8/0x3fc00000/nearest-even", "0x02"],
    ["cast/encode/float32/int8/0x3fc00000/nearest-even/clamp", "0x02"],
    ["cast/encode/float32/int8/0x3fc00000/towards-zero", "0x01"],
  ]);
  // R-compressed results: results[j] stands for configurations j, j+R, ...
  const nan = cases.filter((c) => c.input === "0x7fc00000");
  assert.deepEqual(nan.map((c) => c.expected), Array(10).fill("error:nan"));
  // alternatives keyed by configuration index: only configuration 1 has them
  assert.deepEqual(nan[1].alternatives, { "ZFlag=b": "0x00", "AFlag=a": "0x00" });
  assert.deepEqual(nan[0].alternatives, {});
  assert.deepEqual(nan[1].configuration, { data_type: "int8", rounding: "nearest-even", out_of_range: "clamp" });
  assert.equal(nan[1].codecJson, '{"name":"cast_value","configuration":{"data_type":"int8","rounding":"nearest-even","out_of_range":"clamp"}}');
});

test("the selection: family, type, direction, rounding", () => {
  const vectors = openVectors(writeVectors());
  const count = (s) => [...vectors.cases(s)].length;
  assert.equal(count({}), 22);
  assert.equal(count({ family: "cast", rounding: "towards-zero" }), 4);
  assert.equal(count({ direction: "decode" }), 1);
  assert.equal(count({ type: "int64" }), 1);
  assert.equal(count({ type: ["int8", "int64"] }), 22); // metadata involves int8 through its codec
  assert.equal(count({ family: "metadata", type: "float64" }), 0);
  assert.throws(() => count({ family: "casts" }), /selection family: unknown "casts"/);
  assert.throws(() => count({ types: "int8" }), /unknown selection key "types"/);
  // A misspelt type would match nothing: it is refused, naming it.
  assert.throws(() => count({ type: "flaot32" }), /selection type: unknown data type "flaot32"/);
  assert.throws(() => count({ outputType: ["int8", 8] }), /selection outputType: unknown data type 8/);
  assert.throws(() => count(null), /the selection null is not an object/);
});

test("numbers reach the case exactly as written", () => {
  const vectors = openVectors(writeVectors());
  const [map] = vectors.cases({ family: "scalar_map" });
  assert.equal(map.fillValueJson, "-0.0");
  assert.match(map.codecJson, /\[\[9223372036854775807,"NaN"\]\]/);
  const [meta] = vectors.cases({ family: "metadata" });
  assert.equal(meta.fillValueJson, "-0.0");
  assert.equal(meta.codecsJson, '[{"configuration":{"data_type":"int8"},"name":"cast_value"}]');
});

test("compare: the harness's rules", () => {
  const vectors = openVectors(writeVectors());
  const cases = [...vectors.cases()];
  const half = cases.find((c) => c.input === "0x3fc00000" && c.configurationIndex === 0);
  assert.deepEqual(compare(half, "0x02"), { verdict: PASS });
  assert.deepEqual(compare(half, "0x01"), { verdict: FAIL });
  assert.deepEqual(compare(half, ERROR), { verdict: FAIL });
  assert.throws(() => compare(half, "0x2"), /not a int8 pattern/);
  const nanClamp = cases.find((c) => c.input === "0x7fc00000" && c.configurationIndex === 1);
  assert.deepEqual(compare(nanClamp, ERROR), { verdict: PASS });
  assert.deepEqual(compare(nanClamp, "error:whatever"), { verdict: PASS });
  assert.deepEqual(compare(nanClamp, REJECTED), { verdict: FAIL });
  // the first flag in name order, as the harness takes them
  assert.deepEqual(compare(nanClamp, "0x00"), { verdict: DIVERGENCE, flag: "AFlag=a" });
  const map = cases.find((c) => c.family === "scalar_map");
  assert.deepEqual(compare(map, "0x7fc00000"), { verdict: PASS });
  assert.deepEqual(compare(map, "0xffc00001"), { verdict: PASS }); // any NaN for any NaN
  assert.deepEqual(compare(map, "0x7f800000"), { verdict: FAIL }); // infinity is no NaN
  const meta = cases.find((c) => c.family === "metadata");
  assert.deepEqual(compare(meta, "invalid"), { verdict: PASS });
  assert.deepEqual(compare(meta, "valid"), { verdict: DIVERGENCE, flag: "FillRoundTrip=ignore-zero-sign" });
  assert.throws(() => compare(meta, ERROR), /metadata answer/);
});

test("NaN patterns of each kind of type", () => {
  assert.equal(isNaNPattern("float16", 0x7e00n), true);
  assert.equal(isNaNPattern("float16", 0x7c00n), false);
  assert.equal(isNaNPattern("float8_e4m3fnuz", 0x80n), true);
  assert.equal(isNaNPattern("float8_e4m3fnuz", 0xffn), false);
  assert.equal(isNaNPattern("float8_e8m0fnu", 0xffn), true);
  assert.equal(isNaNPattern("float4_e2m1fn", 0x0fn), false);
  assert.equal(isNaNPattern("int8", 0xffn), false);
});

test("patterns as JavaScript values", () => {
  assert.equal(patternToBigInt("int8", "0xff"), -1n);
  assert.equal(patternToBigInt("uint64", "0xffffffffffffffff"), 2n ** 64n - 1n);
  assert.equal(patternToBigInt("int4", "0x08"), -8n);
  assert.equal(valueToPattern("int8", 200), "0xc8"); // Int8Array wraps
  assert.equal(valueToPattern("float32", 0.1), "0x3dcccccd");
  assert.equal(patternToValue("float64", "0x3ff0000000000000"), 1);
  assert.equal(patternToValue("int64", "0x8000000000000000"), -(2n ** 63n));
  const nan = patternsToTypedArray("float32", ["0x7fc00001", "0x80000000"]);
  assert.deepEqual(typedArrayToPatterns("float32", nan), ["0x7fc00001", "0x80000000"]); // payload and sign kept
  assert.throws(() => patternToValue("bfloat16", "0x3f80"), /no typed array for bfloat16/);
});
