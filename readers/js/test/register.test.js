// registerTests never passes silently (docs/input-contract.md, rules 11 to 13): each test writes a
// node:test file using the reader and runs it with node --test in a child process.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { registerInChild } from "./child.js";
import { writeVectors } from "./fixture.js";

const work = mkdtempSync(join(tmpdir(), "cast-value-vectors-register-"));
after(() => rmSync(work, { recursive: true, force: true }));
const vectors = writeVectors();
// Right for the cast cases, unsupported for the others; a run that must never start throws.
const ANSWER_CAST = "run(c) { return c.family === 'cast' ? c.expected : UNSUPPORTED; }";
const NEVER_RUN = "run() { throw new Error('A CASE RAN'); }";

test("a selection that matches no case fails, naming the selection", () => {
  const child = registerInChild(work, vectors, `{ selection: { family: "chain" }, ${NEVER_RUN} }`);
  assert.notEqual(child.status, 0, "node --test passed having compared nothing");
  assert.match(child.stdout + child.stderr, /the selection \{"family":"chain"\} of the vectors \(modified \(based on "0\.0\.0-test"\)\) matches no case/);
});

test("a run whose every case is unsupported fails: nothing certified", () => {
  const child = registerInChild(work, vectors, "{ run: () => UNSUPPORTED }");
  assert.equal(child.status, 1, child.stdout);
  assert.match(child.stdout, /none of its 22 cases was compared \(0 of 22 selected cases compared \(0\.0%\), 22 unsupported/);
});

test("a run whose every answer threw fails too", () => {
  const child = registerInChild(work, vectors, "{ selection: { family: 'metadata' }, run() { throw new Error('broken adapter'); } }");
  assert.equal(child.status, 1);
  assert.match(child.stdout, /none of its 1 cases was compared/);
});

test("a misspelt option is refused before any case runs (its counts would go unwritten)", () => {
  const child = registerInChild(work, vectors, `{ countPath: "counts.json", ${NEVER_RUN} }`);
  assert.notEqual(child.status, 0);
  assert.doesNotMatch(child.stdout + child.stderr, /A CASE RAN/);
  assert.match(child.stdout + child.stderr, /registerTests: unknown option "countPath"/);
});

const BAD_COUNTS_PATHS = [
  ["a folder", () => work, /countsPath .*: a folder, not a regular file to write/],
  ["a FIFO", () => {
    const fifo = join(work, "counts.fifo");
    execFileSync("mkfifo", [fifo]);
    return fifo;
  }, /countsPath .*counts\.fifo: a FIFO, not a regular file to write/],
  ["in a missing folder", () => join(work, "missing", "counts.json"), /countsPath .*counts\.json: its folder .*missing does not exist/],
  ["not a string", () => 5, /countsPath: 5 is not a path/],
];

for (const [what, pathOf, message] of BAD_COUNTS_PATHS) {
  test(`a counts path that is ${what} is refused before any case runs`, () => {
    const child = registerInChild(work, vectors, `{ countsPath: ${JSON.stringify(pathOf())}, ${NEVER_RUN} }`);
    assert.equal(child.timedOut, false, "node --test hung on the counts path");
    assert.notEqual(child.status, 0);
    assert.doesNotMatch(child.stdout + child.stderr, /A CASE RAN/, "a case ran before the counts path was checked");
    assert.match(child.stdout + child.stderr, message);
  });
}

test("the summary and the counts say how many of the selected cases were compared, and which set", () => {
  const counts = join(work, "counts.json");
  const child = registerInChild(work, vectors, `{ countsPath: ${JSON.stringify(counts)}, ${ANSWER_CAST} }`);
  assert.equal(child.status, 0, child.stdout + child.stderr);
  assert.match(child.stdout, /cast-value-vectors modified \(based on "0\.0\.0-test"\): 20 of 22 selected cases compared \(90\.9%\), 2 unsupported: 20 pass, 0 divergence, 0 fail \(0 of them expected\), 0 error\n/);
  const json = JSON.parse(readFileSync(counts, "utf8"));
  assert.deepEqual([json.selected, json.compared, json.not_run, json.complete], [22, 20, 0, true]);
  assert.deepEqual([json.vectors.version, json.vectors.published, json.vectors.declared_version], ['modified (based on "0.0.0-test")', false, "0.0.0-test"]);
  assert.match(json.vectors.identity, /^modified: .*no vectors version "0\.0\.0-test"/);
});

test("a run that did not run every selected case says it is incomplete", () => {
  const counts = join(work, "incomplete.json");
  const child = registerInChild(work, vectors, `{ countsPath: ${JSON.stringify(counts)}, ${ANSWER_CAST} }`, ["--test-name-pattern=nearest-even\\]"]);
  assert.equal(child.status, 0, child.stdout + child.stderr);
  assert.match(child.stdout, /2 of 22 selected cases compared \(9\.0%\), 1 unsupported: 2 pass, .*; 19 not run: the run is incomplete/);
  assert.equal(JSON.parse(readFileSync(counts, "utf8")).complete, false);
});
