// cli.js verify DIR: the interface the hostile corpus runs (docs/input-contract.md, "The verify
// command of each consumer"): exit 0 with the last line "published X" / "modified: ...", exit 2
// with one message on stderr naming the file or the argument.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { unlinkSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { SRC, runNode } from "./child.js";
import { CAST, writeVectors } from "./fixture.js";

const cli = fileURLToPath(new URL("cli.js", SRC));
const verify = (...args) => runNode([cli, ...args]);
const lastLine = (text) => text.trimEnd().split("\n").at(-1);

test("verify: a modified set that checks exits 0, its last line saying what it lacks", () => {
  const child = verify("verify", writeVectors());
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stderr, "");
  assert.match(child.stdout, /^3 vector files and 4 stable ids checked in /);
  assert.match(lastLine(child.stdout), /^modified: its manifest is not one the suite published, and the suite published no vectors version "0\.0\.0-test"/);
});

test("verify: a published set exits 0 with the last line 'published X' (CAST_VALUE_VECTORS)", { skip: process.env.CAST_VALUE_VECTORS ? false : "CAST_VALUE_VECTORS names no vector folder" }, () => {
  const child = verify("verify", process.env.CAST_VALUE_VECTORS);
  assert.equal(child.status, 0, child.stderr);
  assert.match(lastLine(child.stdout), /^(published \d+\.\d+\.\d+|modified: .*)$/);
});

const REFUSED = [
  ["a case line deleted, number_of_cases left", () => writeVectors({ "cast/float32.json": CAST.replace(/\n\{"id":1,[^\n]*,\n/, "\n") }), /^cast-value-vectors verify: cast\/float32\.json: "number_of_cases" is 20 but the file holds 10/],
  ["manifest.json a FIFO", () => {
    const dir = writeVectors();
    unlinkSync(join(dir, "manifest.json"));
    execFileSync("mkfifo", [join(dir, "manifest.json")]);
    return dir;
  }, /^cast-value-vectors verify: manifest\.json: a FIFO, not a regular file/],
  ["a missing folder", () => "/nonexistent/vectors", /^cast-value-vectors verify: the vector folder \/nonexistent\/vectors: ENOENT/],
  ["a file, not a folder", () => {
    const dir = writeVectors();
    writeFileSync(join(dir, "x"), "");
    return join(dir, "x");
  }, /^cast-value-vectors verify: the vector folder .*\/x: not a folder/],
];

for (const [what, dirOf, message] of REFUSED) {
  test(`verify: ${what} exits 2 with one message naming it`, () => {
    const child = verify("verify", dirOf());
    assert.equal(child.timedOut, false, "verify hung");
    assert.equal(child.status, 2, child.stdout + child.stderr);
    assert.equal(child.stdout, "");
    assert.match(child.stderr, message);
    assert.equal(child.stderr.trimEnd().split("\n").length, 1, "one message");
  });
}

test("verify: wrong arguments exit 2 with the usage", () => {
  for (const args of [[], ["verify"], ["verify", "a", "b"], ["check", "a"]]) {
    const child = verify(...args);
    assert.equal(child.status, 2, JSON.stringify(args));
    assert.match(child.stderr, /usage: cast-value-vectors verify DIR/);
  }
  assert.equal(verify("--help").status, 0);
});
