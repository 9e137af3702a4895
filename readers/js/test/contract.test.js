// The input contract (docs/input-contract.md), one test per defect class: each broken folder is
// opened and read in a child process (a hang is a timeout there, a crash an exit code), and must
// be refused with a VectorsError naming the file and what is wrong, in bounded time.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { VectorsError } from "../src/index.js";
import { readRegularFile } from "../src/read-file.js";
import { openInChild } from "./child.js";
import { CAST, METADATA, SCALAR_MAP, writeVectors } from "./fixture.js";

const mkfifo = (path) => execFileSync("mkfifo", [path]);
const replaceBy = (make) => (d, path) => {
  unlinkSync(join(d, path));
  make(join(d, path));
};
const deep = (levels) => "[".repeat(levels) + "]".repeat(levels);
const CAST_LINE = '{"id":1,"input":"0x3fc00000","results":["0x02","0x02","0x01","0x01","0x02","0x02","0x01","0x01","0x02","0x02"],"stable_id":"cast/encode/float32/int8/0x3fc00000"}';

/** Each: what, how the folder is broken (d: its path), the message it must get. */
const BROKEN = [
  // Rules 1 and 2: never opened before lstat, never followed, never read past the limit.
  ["manifest.json a FIFO", (d) => replaceBy(mkfifo)(d, "manifest.json"), /manifest\.json: a FIFO, not a regular file/],
  ["manifest.json a link to /dev/zero", (d) => replaceBy((p) => symlinkSync("/dev/zero", p))(d, "manifest.json"), /manifest\.json: a symbolic link, not a regular file/],
  ["a listed file a FIFO", (d) => replaceBy(mkfifo)(d, "metadata.json"), /metadata\.json: a FIFO, neither a regular file nor a folder/],
  ["a listed file a link to /dev/zero", (d) => replaceBy((p) => symlinkSync("/dev/zero", p))(d, "metadata.json"), /metadata\.json: a symbolic link/],
  ["a listed folder a link", (d) => {
    rmSync(join(d, "cast"), { recursive: true });
    symlinkSync(writeVectors(), join(d, "cast"));
  }, /cast: a symbolic link/],
  // Rule 3: the manifest's form, strictly.
  ["manifest.json an array", (d) => writeFileSync(join(d, "manifest.json"), "[]"), /manifest\.json: not a JSON object/],
  ['"files": 5', (d) => writeFileSync(join(d, "manifest.json"), '{"schema":"cast-value-vectors-manifest","files":5}'), /manifest\.json: "files" is not a non-empty array/],
  ["a files entry that is no object", (d) => writeFileSync(join(d, "manifest.json"), '{"schema":"cast-value-vectors-manifest","files":[null]}'), /manifest\.json: files\[0\] is not an object/],
  ["manifest.json not UTF-8", (d) => writeFileSync(join(d, "manifest.json"), Buffer.from([0x7b, 0xff, 0x7d])), /manifest\.json: not UTF-8 \(first bad byte at offset 1\)/],
  ["manifest.json nested 100000 deep", (d) => writeFileSync(join(d, "manifest.json"), deep(100000)), /manifest\.json: not JSON at line 1, column 257: nested deeper than the limit of 256 levels/],
  ["manifest.json with a key twice", (d) => writeFileSync(join(d, "manifest.json"), '{"schema":"cast-value-vectors-manifest","files":[],"files":[]}'), /manifest\.json: not JSON at .*: the key "files" twice/],
  ...[["-1", "-1"], ["1.0", "1\\.0"], ['"20"', '"20"'], ["1e3", "1e3"]].map(([bytes, shown]) => [
    `bytes ${bytes}`, (d) => {
      const text = readFileSync(join(d, "manifest.json"), "utf8").replace(/"bytes":\d+/, `"bytes":${bytes}`);
      writeFileSync(join(d, "manifest.json"), text);
    }, new RegExp(`manifest\\.json: files\\[0\\] \\("cast/float32\\.json"\\): "bytes" is not a non-negative integer|${shown}`)]),
  ["a SHA-256 in upper case", (d) => {
    const text = readFileSync(join(d, "manifest.json"), "utf8").replace(/"sha256":"([0-9a-f]{64})"/, (m, h) => `"sha256":"${h.toUpperCase()}"`);
    writeFileSync(join(d, "manifest.json"), text);
  }, /files\[0\] \("cast\/float32\.json"\): "sha256" is not 64 lower-case hex digits/],
  // Rule 4: entries unique and inside the folder.
  ...[["../outside.json", /a "\.\." component/], ["/etc/passwd", /an absolute path/], ["cast//float32.json", /an empty component/], ["./metadata.json", /a "\." component/],
    ["cast\\float32.json", /a backslash/], ["", /an empty path/], ["README.md", /the manifest or the documentation/], ["schema/x.json", /the manifest or the documentation/]].map(([path, why]) => [
    `a listed path ${JSON.stringify(path)}`, (d) => {
      const manifest = JSON.parse(readFileSync(join(d, "manifest.json"), "utf8"));
      manifest.files.push({ ...manifest.files[0], path });
      writeFileSync(join(d, "manifest.json"), JSON.stringify(manifest));
    }, new RegExp(`manifest\\.json: files\\[3\\]: the path .* is refused: ${why.source}`)]),
  ["a path listed twice with another SHA-256", (d) => {
    const manifest = JSON.parse(readFileSync(join(d, "manifest.json"), "utf8"));
    manifest.files.push({ ...manifest.files[2], sha256: "0".repeat(64) });
    writeFileSync(join(d, "manifest.json"), JSON.stringify(manifest));
  }, /manifest\.json: metadata\.json is listed twice/],
  // Rules 6 to 9: the files, whole.
  ["a vector file not UTF-8", () => writeVectors({ "metadata.json": Buffer.concat([Buffer.from(METADATA.slice(0, 40)), Buffer.from([0xc3, 0x28]), Buffer.from(METADATA.slice(40))]) }), /metadata\.json: not UTF-8 \(first bad byte at offset 40\)/],
  ["a vector file nested 100000 deep", () => writeVectors({ "metadata.json": METADATA.replace('"fill_value":-0.0', `"fill_value":${deep(100000)}`) }), /metadata\.json: not JSON at line 4, .*nested deeper than the limit of 256 levels/],
  // Either of the two would be read without a word (both of the right length): neither is taken.
  ['"results" twice in a case line', () => writeVectors({ "cast/float32.json": CAST.replace('"stable_id":"cast/encode/float32/int8/0x3fc00000"', `"results":[${'"0x01",'.repeat(9)}"0x01"],"stable_id":"cast/encode/float32/int8/0x3fc00000"`) }), /cast\/float32\.json: not JSON at line 4, column \d+: the key "results" twice in one object/],
  ["a header key twice", () => writeVectors({ "metadata.json": METADATA.replace('"family":"metadata"', '"family":"metadata","family":"metadata"') }), /metadata\.json: not JSON at line 1, .*the key "family" twice/],
  ["a case line deleted, number_of_cases left", () => writeVectors({ "cast/float32.json": CAST.replace(CAST_LINE + ",\n", "") }), /cast\/float32\.json: "number_of_cases" is 20 but the file holds 10/],
  ["a case line added, number_of_cases left", () => writeVectors({ "metadata.json": METADATA.replace('"stable_id":"metadata/fill_negative_zero/0123456789ab"}', '"stable_id":"metadata/fill_negative_zero/0123456789ab"},\n{"id":2,"result":"valid","stable_id":"metadata/x/1"}') }), /metadata\.json: "number_of_cases" is 1 but the file holds 2/],
  ["two cases of one file with one stable id", () => writeVectors({ "cast/float32.json": CAST.replace("cast/encode/float32/int8/0x7fc00000", "cast/encode/float32/int8/0x3fc00000") }), /cast\/float32\.json case 2: stable id cast\/encode\/float32\/int8\/0x3fc00000 also names cast\/float32\.json case 1/],
  ["two files sharing a stable id", () => writeVectors({ "scalar_map.json": SCALAR_MAP.replace("scalar_map/decode/float32/int64/abc/0x7fffffffffffffff", "metadata/fill_negative_zero/0123456789ab") }), /stable id metadata\/fill_negative_zero\/0123456789ab also names/],
  ["a group without cases", () => writeVectors({ "metadata.json": METADATA.replace('"cases":[', '"cases":{"x":[').replace("]}\n]}", "]}}\n]}") }), /metadata\.json group 0: "cases" is not a non-empty array/],
  ["a manifest listing no file", (d) => {
    for (const path of ["cast/float32.json", "scalar_map.json", "metadata.json"]) unlinkSync(join(d, path));
    writeFileSync(join(d, "manifest.json"), '{"schema":"cast-value-vectors-manifest","vectors_version":"1.3.0","files":[]}');
  }, /manifest\.json: "files" is not a non-empty array/],
  ["a file with no group", () => writeVectors({ "metadata.json": METADATA.replace(/"groups":\[[^]*$/, '"groups":[]}\n').replace('"number_of_cases":1', '"number_of_cases":0') }), /metadata\.json: not a "cast-value-vectors" file of family metadata with "groups"/],
  ["a group with no case", () => writeVectors({ "metadata.json": METADATA.replace(/"cases":\[\n[^\n]*\n\]/, '"cases":[]').replace('"number_of_cases":1', '"number_of_cases":0') }), /metadata\.json group 0: "cases" is not a non-empty array/],
  ["a fill value of no value of its type", () => writeVectors({ "cast/float32.json": CAST.replace('"fill_value":1', '"fill_value":"zzz"') }), /cast\/float32\.json group 0: "fill_value" "zzz" is not a value of float32/],
  ["an integer fill value of a million digits", () => writeVectors({ "scalar_map.json": SCALAR_MAP.replace('"array_data_type":"float32"', '"array_data_type":"int8"').replace('"fill_value":-0.0', `"fill_value":${"9".repeat(1000000)}`) }), /scalar_map\.json group 0: "fill_value" 9{40}\.\.\. is not a value of int8/],
  ["an alternative at no configuration's index", () => writeVectors({ "cast/float32.json": CAST.replace('"ZFlag=b":{"1":"0x00"}', '"ZFlag=b":{"x":"0x00"}') }), /cast\/float32\.json group 0 case 2: "alternatives" is not \{"FLAG=ALT": \{configuration index: result\}\}/],
  ["two cases of different files, one stable id", () => writeVectors({ "scalar_map.json": SCALAR_MAP.replace("scalar_map/decode/float32/int64/abc/0x7fffffffffffffff", "cast/encode/float32/int8/0x3fc00000") }), /stable id cast\/encode\/float32\/int8\/0x3fc00000 also names/],
  ["results of the wrong length", () => writeVectors({ "cast/float32.json": CAST.replace('"results":["error:nan","error:nan"]', '"results":["error:nan"]') }), /cast\/float32\.json group 0 case 2: "results" must be 10 strings \(or 2\)/],
];

for (const [what, breakIt, message] of BROKEN) {
  test(`refused, naming the file, in bounded time: ${what}`, () => {
    const dir = writeVectors();
    const made = breakIt(dir) ?? dir;
    // Only the metadata is selected: a defect of another file is found all the same.
    const child = openInChild(made, { selection: { family: "metadata" } });
    assert.equal(child.timedOut, false, `${what}: the reader hung (killed after the timeout)`);
    assert.equal(child.status, 2, `${what}: exit ${child.status}\n${child.stdout}${child.stderr}`);
    assert.match(child.stderr, /^VectorsError: /, what);
    assert.match(child.stderr, message, what);
  });
}

test("the files are read whole only when they are opened: a good set reads its 22 cases", () => {
  const child = openInChild(writeVectors());
  assert.equal(child.status, 0, child.stderr);
  assert.match(child.stdout, /read 22 cases of modified \(based on "0\.0\.0-test"\)/);
});

test("a listed file larger than the limit is refused before it is read, and so is manifest.json", () => {
  assert.match(openInChild(writeVectors(), { options: { maxFileBytes: 100 } }).stderr, /VectorsError: manifest\.json: \d+ bytes, larger than the limit of 100\n/);
  assert.match(openInChild(writeVectors(), { options: { maxFileBytes: 1000 } }).stderr, /VectorsError: cast\/float32\.json: \d+ bytes, larger than the limit of 1000\n/);
});

test("a file replaced by a FIFO after the set was opened is refused when it is read, never waited on", () => {
  const dir = writeVectors();
  const path = JSON.stringify(join(dir, "metadata.json"));
  const child = openInChild(dir, { afterOpen: `execFileSync("rm", [${path}]); execFileSync("mkfifo", [${path}]);` });
  assert.equal(child.timedOut, false, "the reader waited on the FIFO");
  assert.match(child.stderr, /^VectorsError: metadata\.json: a FIFO, not a regular file/);
});

test("a file is never read past the size fstat gave: one that grows while it is read is refused", () => {
  // /proc files say 0 bytes and hold more: exactly a file that grew after fstat.
  assert.throws(() => readRegularFile("/proc/self", "status"), (err) => err instanceof VectorsError && /^status: grew while it was read \(more than the 0 bytes fstat gave\)/.test(err.message));
});
