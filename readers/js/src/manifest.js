// The manifest's rules (docs/input-contract.md, rules 1 to 5; vectors/README.md, "The manifest's
// rules"): a vector folder is checked before any file of it is used. manifest.json is read first
// and checked strictly; the folder is walked without following a link; it is refused, naming the
// path, when anything in it is not a regular file or a folder, when a file is not listed (but for
// manifest.json and the documentation), or when a listed file is missing, too large, or not of
// its listed size and SHA-256.

import { createHash } from "node:crypto";
import { lstatSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { VectorsError } from "./errors.js";
import { parse, rawAt } from "./json.js";
import { DEFAULT_MAX_FILE_BYTES, decodeUtf8, kindOf, readRegularFile } from "./read-file.js";

export { VectorsError } from "./errors.js";
export { DEFAULT_MAX_FILE_BYTES } from "./read-file.js";

const DOCUMENTATION = new Set(["manifest.json", "README.md", "CHANGELOG.md", "STORES.md"]);
const isDocumentation = (path) =>
  DOCUMENTATION.has(path) || ["schema", "changes"].some((folder) => path === folder || path.startsWith(`${folder}/`));

/** Why a file system call failed, in words. */
const reason = (err) => (err?.code ? `${err.code}: ${err.message}` : String(err?.message ?? err));

/** Every path below `dir` (relative, "/"-separated) that is a regular file -> its size; refuses anything else. */
function walk(dir, prefix, out) {
  let names;
  try {
    names = readdirSync(join(dir, prefix)).sort();
  } catch (err) {
    throw new VectorsError(`${prefix === "" ? "the vector folder" : prefix}: cannot be listed: ${reason(err)}`);
  }
  for (const name of names) {
    const path = prefix === "" ? name : `${prefix}/${name}`;
    let stat;
    try {
      stat = lstatSync(join(dir, path));
    } catch (err) {
      throw new VectorsError(`${path}: cannot be examined: ${reason(err)}`);
    }
    if (stat.isDirectory()) walk(dir, path, out);
    else if (stat.isFile()) out.set(path, stat.size);
    else throw new VectorsError(`${path}: ${kindOf(stat)}, neither a regular file nor a folder; never followed`);
  }
  return out;
}

/** Why a listed path may not be used (rule 4), or null when it may. */
function unsafePathReason(path) {
  if (path === "") return "an empty path";
  if (path.startsWith("/")) return "an absolute path";
  if (path.includes("\\")) return "a backslash";
  if (/[\u0000-\u001f]/.test(path)) return "a control character";
  const parts = path.split("/");
  if (parts.includes("..")) return 'a ".." component (outside the folder)';
  if (parts.includes(".")) return 'a "." component';
  if (parts.includes("")) return "an empty component";
  if (isDocumentation(path)) return "the manifest or the documentation, which are never listed";
  return null;
}

/** The text of a manifest member is a non-negative integer as written (no fraction, exponent or sign). */
const isCountText = (text) => text !== undefined && /^(?:0|[1-9][0-9]*)$/.test(text);

/** Checks manifest.json's form (rule 3) and its entries (rule 4); returns the manifest. */
function checkManifestForm(manifest) {
  if (manifest === null || typeof manifest !== "object" || Array.isArray(manifest)) {
    throw new VectorsError("manifest.json: not a JSON object");
  }
  if (manifest.schema !== "cast-value-vectors-manifest") {
    throw new VectorsError('manifest.json: "schema" is not "cast-value-vectors-manifest"');
  }
  if (manifest.vectors_version !== undefined && typeof manifest.vectors_version !== "string") {
    throw new VectorsError('manifest.json: "vectors_version" is not a string');
  }
  if (!Array.isArray(manifest.files) || manifest.files.length === 0) throw new VectorsError('manifest.json: "files" is not a non-empty array');
  const listed = new Set();
  manifest.files.forEach((entry, k) => {
    const at = `manifest.json: files[${k}]`;
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) throw new VectorsError(`${at} is not an object`);
    if (typeof entry.path !== "string") throw new VectorsError(`${at}: "path" is not a string`);
    if (!Number.isSafeInteger(entry.bytes) || !isCountText(rawAt(manifest, "files", k, "bytes"))) {
      throw new VectorsError(`${at} (${JSON.stringify(entry.path)}): "bytes" is not a non-negative integer`);
    }
    if (typeof entry.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(entry.sha256)) {
      throw new VectorsError(`${at} (${JSON.stringify(entry.path)}): "sha256" is not 64 lower-case hex digits`);
    }
    const unsafe = unsafePathReason(entry.path);
    if (unsafe !== null) throw new VectorsError(`${at}: the path ${JSON.stringify(entry.path)} is refused: ${unsafe}`);
    if (listed.has(entry.path)) throw new VectorsError(`manifest.json: ${entry.path} is listed twice`);
    listed.add(entry.path);
  });
  return manifest;
}

/** The SHA-256 of `bytes`, as 64 lower-case hex digits. */
export const sha256Of = (bytes) => createHash("sha256").update(bytes).digest("hex");

/**
 * Checks the vector folder `dir` against its manifest.json and returns
 * {manifest, manifestSha256, files: Map(path -> bytes)}; throws VectorsError otherwise.
 */
export function checkManifest(dir, { maxFileBytes = DEFAULT_MAX_FILE_BYTES } = {}) {
  if (typeof dir !== "string" || dir === "") throw new VectorsError(`the vector folder ${JSON.stringify(dir)}: not a path`);
  let stat;
  try {
    stat = statSync(dir);
  } catch (err) {
    throw new VectorsError(`the vector folder ${dir}: ${reason(err)}`);
  }
  if (!stat.isDirectory()) throw new VectorsError(`the vector folder ${dir}: not a folder`);
  const bytes = readRegularFile(dir, "manifest.json", maxFileBytes);
  const manifestSha256 = sha256Of(bytes);
  let manifest;
  try {
    manifest = parse(decodeUtf8(bytes, "manifest.json"), "manifest.json");
  } catch (err) {
    throw err instanceof VectorsError ? err : new VectorsError(err.message);
  }
  checkManifestForm(manifest);
  const found = walk(dir, "", new Map());
  const listed = new Map(manifest.files.map((entry) => [entry.path, entry]));
  for (const path of found.keys()) {
    if (!listed.has(path) && !isDocumentation(path)) throw new VectorsError(`${path}: not listed in manifest.json`);
  }
  for (const [path, entry] of listed) {
    const size = found.get(path);
    if (size === undefined) throw new VectorsError(`${path}: listed in manifest.json but missing (or not a regular file)`);
    if (size > maxFileBytes) throw new VectorsError(`${path}: ${size} bytes, larger than the limit of ${maxFileBytes}`);
    if (size !== entry.bytes) throw new VectorsError(`${path}: ${size} bytes, manifest.json lists ${entry.bytes}`);
    const sha256 = sha256Of(readRegularFile(dir, path, maxFileBytes));
    if (sha256 !== entry.sha256) throw new VectorsError(`${path}: SHA-256 ${sha256}, manifest.json lists ${entry.sha256}`);
  }
  return { manifest, manifestSha256, files: found };
}
