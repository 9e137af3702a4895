// The agreement test has teeth: run on a mutant reader, it fails. Each mutant is a copy of
// readers/js with one planted bug; the agreement test (agreement.test.mjs) is run on it as a
// child node:test process, against the same cvc report, and must fail naming the counts.
//
// Environment: as agreement.test.mjs; CVC_AGREEMENT_REPORT (a `cvc run --json` report of the
// agreement selection) is required here, so that cvc runs once for all (agreement.sh makes it).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const readerDir = resolve(here, "..", "..", "..", "readers", "js");
const work = mkdtempSync(join(tmpdir(), "cvc-js-teeth-"));
after(() => rmSync(work, { recursive: true, force: true }));

const MUTANTS = [
  {
    name: "a reader that drops one case silently",
    file: "src/vectors.js",
    from: "      cases.push({\n        family,\n        file,\n        where: itemWhere,",
    to: "      if (!globalThis.droppedOne) {\n        globalThis.droppedOne = true;\n        continue;\n      }\n      cases.push({\n        family,\n        file,\n        where: itemWhere,",
  },
  {
    name: "a reader whose NaN does not match another NaN",
    file: "src/compare.js",
    from: "want === got || (isNaNPattern(outputType, want) && isNaNPattern(outputType, got))",
    to: "want === got",
  },
];

for (const mutant of MUTANTS) {
  test(`the agreement test fails on ${mutant.name}`, () => {
    assert.ok(process.env.CVC_AGREEMENT_REPORT, "CVC_AGREEMENT_REPORT names the cvc report to compare with");
    const copy = join(work, mutant.file.replace(/\W/g, "_"));
    cpSync(readerDir, copy, { recursive: true });
    const path = join(copy, mutant.file);
    const text = readFileSync(path, "utf8");
    // The planted bug must really be planted: the text it replaces is there exactly once.
    assert.equal(text.split(mutant.from).length, 2, `${mutant.file} holds the mutated text exactly once`);
    writeFileSync(path, text.replace(mutant.from, mutant.to));
    // NODE_TEST_CONTEXT (set by the node:test runner running this file) would make the child
    // report to this process instead of running as a test run of its own.
    const { NODE_TEST_CONTEXT, ...env } = process.env;
    const child = spawnSync(process.execPath, ["--test", "--test-reporter=spec", join(here, "agreement.test.mjs")], {
      env: { ...env, CVC_JS_READER: join(copy, "src", "index.js"), CVC_AGREEMENT_OUT: "" },
      encoding: "utf8",
      maxBuffer: 256 << 20,
    });
    const output = child.stdout + child.stderr;
    assert.notEqual(child.status, 0, `the agreement test passed on ${mutant.name}`);
    assert.match(output, /totals|cells whose counts differ/, `it failed for another reason than the counts:\n${output.slice(-3000)}`);
  });
}
