// A small vector set written into a temporary folder, with its manifest (for the reader's tests).
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const ROUNDINGS = ["nearest-even", "towards-zero", "towards-positive", "towards-negative", "nearest-away"];
const header = (family, cases) => `{"schema":"cast-value-vectors","schema_version":1,"family":"${family}","generator":"test","oracle":"test","spec":"test","number_of_cases":${cases},"notes":{},\n"groups":[\n`;

// float32 -> int8 encode, configurations: each rounding with out_of_range absent and clamp.
const configurations = ROUNDINGS.flatMap((r) => [{ rounding: r }, { rounding: r, out_of_range: "clamp" }]);
export const CAST = header("cast", 20) +
  JSON.stringify({ direction: "encode", array_data_type: "float32", data_type: "int8", input_type: "float32", output_type: "int8", fill_value: 1.0, configurations, cases: [] }).replace('"cases":[]}', '"cases":[\n') +
  [
    // 1.5: rounding-dependent (10 results)
    '{"id":1,"input":"0x3fc00000","results":["0x02","0x02","0x01","0x01","0x02","0x02","0x01","0x01","0x02","0x02"],"stable_id":"cast/encode/float32/int8/0x3fc00000"}',
    // NaN: an error in every mode (R = 2 results), with an alternative for configuration 1
    '{"id":2,"input":"0x7fc00000","results":["error:nan","error:nan"],"flags":["NaNInteger"],"alternatives":{"ZFlag=b":{"1":"0x00"},"AFlag=a":{"1":"0x00"}},"stable_id":"cast/encode/float32/int8/0x7fc00000"}',
  ].join(",\n") + "\n]}\n]}\n";
// float64 -> float32 decode with a NaN result, and a scalar_map whose key a double cannot hold.
export const SCALAR_MAP = header("scalar_map", 1) +
  '{"direction":"decode","array_data_type":"float32","data_type":"int64","input_type":"int64","output_type":"float32","fill_value":-0.0,\n' +
  '"configurations":[{"rounding":"nearest-even","scalar_map":{"decode":[[9223372036854775807,"NaN"]]}}],"cases":[\n' +
  '{"id":1,"input":"0x7fffffffffffffff","results":["0x7fc00000"],"stable_id":"scalar_map/decode/float32/int64/abc/0x7fffffffffffffff"}\n]}\n]}\n';
export const METADATA = header("metadata", 1) +
  '{"category":"fill value round trip","cases":[\n' +
  '{"id":1,"result":"invalid","alternatives":{"FillRoundTrip=ignore-zero-sign":"valid"},"array_data_type":"float32","codecs":[{"configuration":{"data_type":"int8"},"name":"cast_value"}],"fill_value":-0.0,"flags":["FillRoundTrip"],"rule":"fill_negative_zero","stable_id":"metadata/fill_negative_zero/0123456789ab"}\n]}\n]}\n';

/**
 * Writes the set (files: extra or replaced {path: text or bytes}; editManifest(manifest) may
 * change the manifest object before it is written); returns its folder.
 */
export function writeVectors(files = {}, editManifest = (manifest) => manifest) {
  const dir = mkdtempSync(join(tmpdir(), "cast-value-vectors-test-"));
  const all = { "cast/float32.json": CAST, "scalar_map.json": SCALAR_MAP, "metadata.json": METADATA, ...files };
  const listed = [];
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
    listed.push({ bytes: Buffer.byteLength(text), path, sha256: createHash("sha256").update(text).digest("hex") });
  }
  const manifest = editManifest({ schema: "cast-value-vectors-manifest", schema_version: 1, vectors_version: "0.0.0-test", files: listed });
  writeFileSync(join(dir, "manifest.json"), typeof manifest === "string" ? manifest : JSON.stringify(manifest));
  writeFileSync(join(dir, "README.md"), "documentation is not listed\n");
  return dir;
}
