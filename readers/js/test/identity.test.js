// The set's identity (docs/input-contract.md, rule 10), stable ids across a set in compact memory,
// and shares in integers (rule 13).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { identifyVectorSet, publishedManifests } from "../src/identity.js";
import { shareText } from "../src/share.js";
import { findRepeatedStableId } from "../src/stable-ids.js";

test("the package ships the table of published manifests", () => {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  assert.ok(pkg.files.includes("src"), 'package.json "files" ships src/, and with it src/published-manifests.json');
  assert.equal(pkg.bin["cast-value-vectors"], "src/cli.js");
  assert.ok(publishedManifests().some((row) => row.version === "1.3.0" && Array.isArray(row.files)));
});

test("published only by the manifest's SHA-256; otherwise modified, saying what it lacks", () => {
  const last = publishedManifests().filter((row) => row.version === "1.3.0" && Array.isArray(row.files)).at(-1);
  const published = identifyVectorSet(last.sha256, "1.3.0", last.files);
  assert.deepEqual([published.published, published.version, published.description], [true, "1.3.0", "published 1.3.0"]);
  // The same files, one missing, one changed, one added: declared 1.3.0, but modified.
  const files = last.files.slice(1).map((f, k) => (k === 0 ? { ...f, sha256: "0".repeat(64) } : f));
  files.push({ path: "cast/int1.json", sha256: "1".repeat(64) });
  const modified = identifyVectorSet("f".repeat(64), "1.3.0", files);
  assert.equal(modified.published, false);
  assert.equal(modified.version, 'modified (based on "1.3.0")');
  assert.deepEqual([modified.missing, modified.changed, modified.added], [[last.files[0].path], [last.files[1].path], ["cast/int1.json"]]);
  assert.match(modified.description, /^modified: .*against the published 1\.3\.0 .* lacks 1 \("cast\/int2\.json"\) of its files, lists 1 \("cast\/int4\.json"\) with another SHA-256, adds 1 \("cast\/int1\.json"\)$/);
  // A folder holding only cast/int8.json, declaring 1.3.0: modified, lacking the rest.
  const one = identifyVectorSet("e".repeat(64), "1.3.0", [last.files.find((f) => f.path === "cast/int8.json")]);
  assert.match(one.description, new RegExp(`lacks ${last.files.length - 1} \\(.* more\\) of its files, lists 0 with another SHA-256, adds 0$`));
  // No version declared, or one never published.
  assert.equal(identifyVectorSet("e".repeat(64), undefined, []).version, "modified (based on no version)");
  assert.match(identifyVectorSet("e".repeat(64), "9.9.9", []).description, /the suite published no vectors version "9\.9\.9"/);
});

test("stable ids: a repeated one is found, a collision of two hashes is not one", () => {
  const ids = (list) => (visit) => list.forEach(([id, where]) => visit(id, where));
  const list = [["a", "f case 1"], ["b", "f case 2"], ["c", "g case 1"]];
  assert.equal(findRepeatedStableId(ids(list)), null);
  // Every id hashed alike: the second pass tells the ids apart.
  assert.equal(findRepeatedStableId(ids(list), () => 7), null);
  assert.deepEqual(findRepeatedStableId(ids([...list, ["b", "g case 9"]]), () => 7), { id: "b", first: "f case 2", second: "g case 9" });
  assert.deepEqual(findRepeatedStableId(ids([...list, ["a", "h case 3"]])), { id: "a", first: "f case 1", second: "h case 3" });
  // Past the first buffer (65536 hashes): it grows.
  const many = Array.from({ length: 70000 }, (_, k) => [`id/${k}`, `case ${k}`]);
  assert.equal(findRepeatedStableId(ids(many)), null);
  assert.equal(findRepeatedStableId(ids([...many, ["id/3", "late"]])).second, "late");
});

test("shares are computed in integers: 10^17 of 10^17 + 1 is not 100%", () => {
  assert.equal(shareText(808, 252209), "0.3%");
  assert.equal(shareText(10n ** 17n, 10n ** 17n + 1n), "99.9%");
  assert.equal(shareText(2n ** 60n, 2n ** 60n), "100.0%");
  assert.equal(shareText(1, 10000), "under 0.1%");
  assert.equal(shareText(0, 5), "0.0%");
});
