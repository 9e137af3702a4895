// The JavaScript reader agrees with the harness (issue 24, item 4): zarrita's cast_value run
// through the reader (node:test, one test per group) gives, cell by cell, exactly the pass /
// divergence / fail / unsupported counts that `cvc run --impl harness/adapters/zarrita/run.sh`
// gives on the same vectors and the same selection.
//
// Environment (agreement.sh sets it):
//   CVC_VECTORS          the vector folder (default: the repository's vectors/)
//   CVC_BIN              the cvc binary (default build/cvc)
//   CVC_ZARRITA_MODULES  zarrita's node_modules (default build/adapters/zarrita/node_modules)
//   CVC_JS_READER        the reader's entry point (default readers/js/src/index.js): the teeth test
//                        gives a mutant reader here
//   CVC_AGREEMENT_REPORT an existing `cvc run --json` report of this selection, instead of running cvc
//   CVC_AGREEMENT_OUT    a folder to keep the two counts in (reader.json, cvc.json)

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { loadZarrita, zarritaDecoder } from "./zarrita.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const vectorsDir = resolve(process.env.CVC_VECTORS ?? join(root, "vectors"));
const cvc = resolve(process.env.CVC_BIN ?? join(root, "build", "cvc"));
const modules = resolve(process.env.CVC_ZARRITA_MODULES ?? join(root, "build", "adapters", "zarrita", "node_modules"));
const reader = await import(pathToFileURL(resolve(process.env.CVC_JS_READER ?? join(root, "readers", "js", "src", "index.js"))).href);

// The selection: cast decodes from and to float16, where zarrita has failures (float16 -> float16,
// -> float32, -> float64: NaN payloads and rounding modes; float16 -> uint64) and divergences
// (int32, int64, uint32, uint64 -> float16): results/zarrita-0.7.5.md.
export const SELECTION = { family: "cast", direction: "decode", type: "float16" };
const cvcSelection = ["--family", "cast", "--direction", "decode", "--type", "float16"];

const out = process.env.CVC_AGREEMENT_OUT || mkdtempSync(join(tmpdir(), "cvc-js-agreement-"));

// cvc runs zarrita (through its adapter) meanwhile, unless a report is given.
const cvcReport = process.env.CVC_AGREEMENT_REPORT
  ? Promise.resolve(process.env.CVC_AGREEMENT_REPORT)
  : promisify(execFile)(cvc, ["run", "--impl", join(root, "harness", "adapters", "zarrita", "run.sh"), "--vectors", vectorsDir, ...cvcSelection, "--json", join(out, "cvc.json")], { maxBuffer: 64 << 20 })
      .catch((err) => {
        // exit 1 is cvc's negative verdict (zarrita fails cases): the report is written all the same
        if (err.code !== 1) throw new Error(`cvc run failed (exit ${err.code}): ${err.stderr}`);
      })
      .then(() => join(out, "cvc.json"));

const { zarr, version } = await loadZarrita(modules);
const vectors = reader.openVectors(vectorsDir);
const tally = reader.registerTests(vectors, {
  selection: SELECTION,
  runGroup: zarritaDecoder(zarr, reader),
  // zarrita's known failures are not listed: every case's verdict is counted, and this test
  // checks the counts, not zarrita: its failing groups are marked TODO.
  countsPath: join(out, "reader.json"),
  failuresAsTodo: true,
});
// After the reader's own after hook (which writes reader.json there): hooks run in order.
if (!process.env.CVC_AGREEMENT_OUT) after(() => rmSync(out, { recursive: true, force: true }));

test(`the reader's counts of zarrita ${version} equal cvc run's, cell by cell`, async () => {
  const report = JSON.parse(readFileSync(await cvcReport, "utf8"));
  const keys = ["cases", "pass", "divergence", "fail", "unsupported"];
  const pick = (counts) => Object.fromEntries(keys.map((k) => [k, counts[k]]));
  const cellKey = (c) => `${c.operation} ${c.input_type} -> ${c.output_type}`;
  const fromCvc = new Map(report.cells.map((c) => [cellKey(c), pick(c.counts)]));
  const fromReader = new Map(tally.toJSON().cells.map((c) => [cellKey(c), pick(c.counts)]));
  assert.equal(report.totals.adapter_error, 0, "cvc run had adapter errors");
  assert.equal(tally.totals.error, 0, "the reader's run had errors");
  assert.ok(tally.totals.fail > 0 && tally.totals.divergence > 0, "the selection has failures and divergences of zarrita in it");
  const differing = [...new Set([...fromCvc.keys(), ...fromReader.keys()])].filter(
    (k) => JSON.stringify(fromCvc.get(k)) !== JSON.stringify(fromReader.get(k)),
  );
  assert.deepEqual(
    differing.map((k) => ({ cell: k, cvc: fromCvc.get(k), reader: fromReader.get(k) })),
    [],
    "cells whose counts differ",
  );
  assert.deepEqual(pick(tally.totals), pick(report.totals), "totals");
  console.log(`agreement: ${fromCvc.size} cells; totals ${JSON.stringify(pick(tally.totals))} (reader) = ${JSON.stringify(pick(report.totals))} (cvc run)`);
});
