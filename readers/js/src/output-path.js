// An output path (the counts JSON of registerTests) checked before any case runs
// (docs/input-contract.md, rule 12), and written without ever waiting on a FIFO: a folder, a FIFO,
// a link or a path in a missing folder is refused at registration, not after the whole run.

import { closeSync, constants, fstatSync, lstatSync, openSync, statSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { kindOf } from "./read-file.js";

/** Refuses (Error naming `what` and the path) a path that cannot be written as a regular file. */
export function checkOutputPath(path, what) {
  if (typeof path !== "string" || path === "" || path.includes("\u0000")) throw new Error(`${what}: ${JSON.stringify(path)} is not a path`);
  let stat = null;
  try {
    stat = lstatSync(path);
  } catch (err) {
    if (err.code !== "ENOENT") throw new Error(`${what} ${path}: cannot be examined: ${err.code}`);
  }
  if (stat !== null && !stat.isFile()) throw new Error(`${what} ${path}: ${kindOf(stat)}, not a regular file to write`);
  const folder = dirname(resolve(path));
  let folderStat = null;
  try {
    folderStat = statSync(folder);
  } catch {
    // reported below
  }
  if (folderStat === null || !folderStat.isDirectory()) throw new Error(`${what} ${path}: its folder ${folder} does not exist`);
}

const WRITE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** Writes `text` to the regular file `path` (created or truncated; never through a link, never to a FIFO). */
export function writeRegularFile(path, text, what = "output") {
  let fd;
  try {
    fd = openSync(path, WRITE_FLAGS, 0o666);
  } catch (err) {
    throw new Error(`${what} ${path}: cannot be written: ${err.code ?? err.message}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Error(`${what} ${path}: ${kindOf(stat)}, not a regular file to write`);
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
  } finally {
    closeSync(fd);
  }
}
