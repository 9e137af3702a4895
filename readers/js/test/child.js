// Runs the reader in a child process, so that a hang (a FIFO waited on) or a crash is seen as
// such: a test of bounded time fails on a timeout instead of hanging the test run.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

export const SRC = new URL("../src/", import.meta.url);
export const CHILD_TIMEOUT_MS = 60_000; // far above what a check takes; only a hang reaches it

/** Runs `node args...` (cwd: `cwd`); returns {status, stdout, stderr, timedOut}. */
export function runNode(args, { cwd, env = {} } = {}) {
  const { NODE_TEST_CONTEXT, ...inherited } = process.env; // the child is a run of its own
  const child = spawnSync(process.execPath, args, { cwd, env: { ...inherited, ...env }, encoding: "utf8", timeout: CHILD_TIMEOUT_MS, killSignal: "SIGKILL" });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr, timedOut: child.error?.code === "ETIMEDOUT" || child.signal === "SIGKILL" };
}

/**
 * Opens the vector folder `dir` in a child and reads the cases of `selection`; {status, stdout,
 * stderr, timedOut}. `afterOpen`: JS source run between opening and reading (execFileSync is
 * imported); `options`: openVectors's.
 */
export function openInChild(dir, { options = {}, afterOpen = "", selection = {} } = {}) {
  const script = `
    import { execFileSync } from "node:child_process";
    import { openVectors, VectorsError } from ${JSON.stringify(new URL("index.js", SRC).href)};
    try {
      const vectors = openVectors(${JSON.stringify(dir)}, ${JSON.stringify(options)});
      ${afterOpen}
      let n = 0;
      for (const c of vectors.cases(${JSON.stringify(selection)})) n++;
      console.log("read", n, "cases of", vectors.version);
    } catch (err) {
      console.error(err instanceof VectorsError ? "VectorsError: " + err.message : "not a VectorsError: " + err.stack);
      process.exitCode = err instanceof VectorsError ? 2 : 3;
    }`;
  return runNode(["--input-type=module", "-e", script]);
}

/**
 * Writes a node:test file registering the reader's tests on `dir` with `options` (JS source); runs
 * it with node --test (and `nodeArgs`).
 */
export function registerInChild(work, dir, optionsSource, nodeArgs = []) {
  const file = join(work, `register-${Math.random().toString(36).slice(2)}.test.mjs`);
  writeFileSync(file, `
    import { openVectors, registerTests, UNSUPPORTED, ERROR } from ${JSON.stringify(new URL("index.js", SRC).href)};
    registerTests(openVectors(${JSON.stringify(dir)}), ${optionsSource});
  `);
  return runNode(["--test", "--test-reporter=spec", ...nodeArgs, file], { cwd: work });
}
