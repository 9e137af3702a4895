// The reader's own tests have teeth: on a copy of this package with one planted bug, the test that
// checks that part fails. (The agreement test's teeth, on zarrita's run:
// tests/readers/js/agreement-teeth.test.mjs.)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "cast-value-vectors-teeth-"));
after(() => rmSync(work, { recursive: true, force: true }));

// [the planted bug, file, text, replaced by, the test file that must fail, the tests of it run (a name pattern)]
const MUTANTS = [
  ["alternatives tried in file order, not name order", "src/compare.js", "Object.keys(c.alternatives).sort()", "Object.keys(c.alternatives)", "reader.test.js"],
  ["R-compressed results not expanded", "src/vectors.js", "results[k % perRounding]", "results[k]", "reader.test.js"],
  ["file sizes not checked against the manifest", "src/manifest.js", "if (size !== entry.bytes)", "if (false)", "reader.test.js"],
  ["an expected error matched only by ERROR, not by error:<kind>", "src/compare.js", "const refused = answer === ERROR || isErrorResult(answer);", "const refused = answer === ERROR;", "reader.test.js"],
  // The input contract (contract.test.js, identity.test.js).
  ["a repeated key taken (the last)", "src/json.js", "if (Object.hasOwn(object, key)) {", "if (false) {", "contract.test.js", "twice"],
  ["nesting not bounded (a stack overflow)", "src/json.js", "if (this.depth >= MAX_JSON_DEPTH) this.fail(", "if (false) this.fail(", "contract.test.js", "nested"],
  ["a link opened when lstat is skipped", "src/read-file.js", "if (!stat.isFile()) throw new VectorsError(`${path}: ${kindOf(stat)}, not a regular file (never opened or followed)`);", "", "contract.test.js", "manifest.json a link"],
  ["manifest.json read before its size is checked", "src/read-file.js", "if (stat.size > maxBytes) throw", "if (false) throw", "contract.test.js", "larger than the limit"],
  ["bytes not UTF-8 decoded with replacement characters", "src/read-file.js", "return UTF8.decode(bytes);", 'return Buffer.from(bytes).toString("utf8");', "contract.test.js", "UTF-8"],
  ["number_of_cases not checked", "src/vector-file.js", "if (BigInt(declared) !== BigInt(counted)) {", "if (false) {", "contract.test.js", "number_of_cases"],
  ["a modified set's stable ids not checked across its files", "src/vectors.js", "if (!this.published) this.checkStableIds();", "", "contract.test.js", "two files sharing"],
  ['a listed path with ".." taken', "src/manifest.js", "if (parts.includes(\"..\")) return 'a \".\" component (outside the folder)';".replace('"."', '".."'), "", "contract.test.js", "outside"],
  ["a set called published by its declared version", "src/identity.js", "rows.find((row) => row.sha256 === manifestSha256)", "rows.find((row) => row.version === declaredVersion)", "identity.test.js", "published only"],
  ["a hash collision taken for a repeated id", "src/stable-ids.js", "if (repeated !== null || !shared.has(hash(id))) return;", "if (repeated !== null) return;\n    repeated = { id, first: where, second: where };", "identity.test.js", "stable ids"],
  ["a share rounded as a double", "src/share.js", "const tenths = (p * 1000n) / w;", "const tenths = BigInt(Math.round((Number(p) * 1000) / Number(w)));", "identity.test.js", "integers"],
  // registerTests (register.test.js).
  ["a selection matching no case passes", "src/node-test.js", "if (selected === 0) throw", "if (false) throw", "register.test.js", "matches no case"],
  ["a run that compared nothing passes", "src/node-test.js", "if (tally.compared === 0) throw", "if (false) throw", "register.test.js", "every case is unsupported"],
  ["a misspelt option ignored", "src/node-test.js", "if (unknown.length) throw", "if (false) throw", "register.test.js", "misspelt"],
  ["the counts path checked only when written", "src/node-test.js", "if (countsPath !== undefined) checkOutputPath(", "if (false) checkOutputPath(", "register.test.js", "counts path that is a folder"],
];

MUTANTS.forEach(([what, file, from, to, testFile, pattern], k) => {
  test(`${testFile} fails on a reader with ${what}`, () => {
    const copy = join(work, `mutant-${k}`);
    for (const part of ["src", "test", "package.json"]) cpSync(join(packageDir, part), join(copy, part), { recursive: true });
    const text = readFileSync(join(copy, file), "utf8");
    assert.equal(text.split(from).length, 2, `${file} holds the mutated text exactly once`);
    writeFileSync(join(copy, file), text.replace(from, to));
    const { NODE_TEST_CONTEXT, ...env } = process.env;
    const args = ["--test", ...(pattern ? [`--test-name-pattern=${pattern}`] : []), join(copy, "test", testFile)];
    const child = spawnSync(process.execPath, args, { env, encoding: "utf8" });
    assert.notEqual(child.status, 0, `${testFile} passed on a reader with ${what}`);
    assert.match(child.stdout, /^not ok /m);
  });
});
