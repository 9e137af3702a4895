// The manifest's rules (vectors/README.md, "The manifest's rules"): a vector folder is checked
// before any file of it is used. The folder is walked without following a link; it is refused,
// naming the path, when anything in it is not a regular file or a folder, when a file is not
// listed (but for manifest.json and the documentation), or when a listed file is missing, too
// large, or not of its listed size and SHA-256.

import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "./json.js";

/** Bad vectors: the folder or a file of it breaks the format; the message names the path. */
export class VectorsError extends Error {
  constructor(message) {
    super(message);
    this.name = "VectorsError";
  }
}

export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;
const DOCUMENTATION = new Set(["manifest.json", "README.md", "CHANGELOG.md", "STORES.md"]);

/** Every path below `dir` (relative, "/"-separated) that is a regular file; refuses anything else. */
function walk(dir, prefix, out) {
  for (const name of readdirSync(join(dir, prefix)).sort()) {
    const path = prefix === "" ? name : `${prefix}/${name}`;
    const stat = lstatSync(join(dir, path));
    if (stat.isDirectory()) walk(dir, path, out);
    else if (stat.isFile()) out.set(path, stat.size);
    else throw new VectorsError(`${path}: neither a regular file nor a folder (${stat.isSymbolicLink() ? "a symbolic link" : "a special file"}); never followed`);
  }
  return out;
}

/**
 * Checks the vector folder `dir` against its manifest.json and returns
 * {manifest, manifestSha256, files: Map(path -> bytes)}; throws VectorsError otherwise.
 */
export function checkManifest(dir, { maxFileBytes = DEFAULT_MAX_FILE_BYTES } = {}) {
  let text;
  try {
    text = readFileSync(join(dir, "manifest.json"));
  } catch (err) {
    throw new VectorsError(`manifest.json: cannot be read in the vector folder: ${err.message}`);
  }
  const manifestSha256 = createHash("sha256").update(text).digest("hex");
  let manifest;
  try {
    manifest = parse(text.toString("utf8"), "manifest.json");
  } catch (err) {
    throw new VectorsError(err.message);
  }
  if (manifest?.schema !== "cast-value-vectors-manifest" || !Array.isArray(manifest.files)) {
    throw new VectorsError('manifest.json: not a "cast-value-vectors-manifest" with a "files" list');
  }
  const found = walk(dir, "", new Map());
  const listed = new Map();
  for (const [k, entry] of manifest.files.entries()) {
    const ok = typeof entry?.path === "string" && Number.isSafeInteger(entry.bytes) && /^[0-9a-f]{64}$/.test(entry.sha256 ?? "");
    if (!ok) throw new VectorsError(`manifest.json: files[${k}] is not {path, bytes, sha256}`);
    if (listed.has(entry.path)) throw new VectorsError(`manifest.json: ${entry.path} is listed twice`);
    listed.set(entry.path, entry);
  }
  for (const path of found.keys()) {
    if (!listed.has(path) && !DOCUMENTATION.has(path) && !path.startsWith("schema/")) {
      throw new VectorsError(`${path}: not listed in manifest.json`);
    }
  }
  for (const [path, entry] of listed) {
    const size = found.get(path);
    if (size === undefined) throw new VectorsError(`${path}: listed in manifest.json but missing (or not a regular file)`);
    if (size > maxFileBytes) throw new VectorsError(`${path}: ${size} bytes, larger than the limit of ${maxFileBytes}`);
    if (size !== entry.bytes) throw new VectorsError(`${path}: ${size} bytes, manifest.json lists ${entry.bytes}`);
    const sha256 = createHash("sha256").update(readFileSync(join(dir, path))).digest("hex");
    if (sha256 !== entry.sha256) throw new VectorsError(`${path}: SHA-256 ${sha256}, manifest.json lists ${entry.sha256}`);
  }
  return { manifest, manifestSha256, files: found };
}
