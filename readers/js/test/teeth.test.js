// The reader's own tests have teeth: on a copy of this package with one planted bug, reader.test.js
// fails. (The agreement test's teeth, on zarrita's run: tests/readers/js/agreement-teeth.test.mjs.)
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

const MUTANTS = [
  ["alternatives tried in file order, not name order", "src/compare.js", "Object.keys(c.alternatives).sort()", "Object.keys(c.alternatives)"],
  ["R-compressed results not expanded", "src/vectors.js", "results[k % perRounding]", "results[k]"],
  ["file sizes not checked against the manifest", "src/manifest.js", "if (size !== entry.bytes)", "if (false)"],
  ["an expected error matched only by ERROR, not by error:<kind>", "src/compare.js", "const refused = answer === ERROR || isErrorResult(answer);", "const refused = answer === ERROR;"],
];

for (const [what, file, from, to] of MUTANTS) {
  test(`reader.test.js fails on a reader with ${what}`, () => {
    const copy = join(work, file.replace(/\W/g, "_") + "_" + MUTANTS.findIndex((m) => m[0] === what));
    cpSync(join(packageDir, "src"), join(copy, "src"), { recursive: true });
    cpSync(join(packageDir, "test"), join(copy, "test"), { recursive: true });
    cpSync(join(packageDir, "package.json"), join(copy, "package.json"));
    const text = readFileSync(join(copy, file), "utf8");
    assert.equal(text.split(from).length, 2, `${file} holds the mutated text exactly once`);
    writeFileSync(join(copy, file), text.replace(from, to));
    const { NODE_TEST_CONTEXT, ...env } = process.env;
    const child = spawnSync(process.execPath, ["--test", join(copy, "test", "reader.test.js")], { env, encoding: "utf8" });
    assert.notEqual(child.status, 0, `reader.test.js passed on a reader with ${what}`);
    assert.match(child.stdout, /^not ok /m);
  });
}
