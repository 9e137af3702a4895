// A vector set's identity (docs/input-contract.md, rule 10): "published X" only when its
// manifest.json has the SHA-256 of a manifest the suite published (the table
// published-manifests.json, written by scripts/published-manifests from the git history);
// otherwise a modified set, based on the version it declares, with what it lacks against the last
// published manifest of that version. Never taken from the declared version alone.

import { readFileSync } from "node:fs";

const TABLE_URL = new URL("./published-manifests.json", import.meta.url);
let table; // read once, when a set is first identified

/** The published manifests, oldest first: [{version, sha256, commit, files: [{path, sha256}] | null}]. */
export function publishedManifests() {
  if (table === undefined) {
    const doc = JSON.parse(readFileSync(TABLE_URL, "utf8"));
    if (doc?.schema !== "cast-value-vectors-published-manifests" || !Array.isArray(doc.manifests)) {
      throw new Error(`${TABLE_URL.pathname}: not the table of published manifests (the package is damaged)`);
    }
    table = doc.manifests;
  }
  return table;
}

const SHOWN = 5; // names listed in a message line, not a listing
const QUOTED = 64; // characters of a name quoted in a message

/** `text` as a JSON string, cut after QUOTED characters: a message line, whatever the manifest holds. */
const quote = (text) => JSON.stringify(text.length > QUOTED ? `${text.slice(0, QUOTED)}...` : text);

/** "N" or "N (a, b, ... and K more)". */
function counted(names) {
  if (names.length === 0) return "0";
  const shown = names.slice(0, SHOWN).map(quote).join(", ");
  return `${names.length} (${shown}${names.length > SHOWN ? ` ... and ${names.length - SHOWN} more` : ""})`;
}

/**
 * The identity of a set whose manifest has SHA-256 `manifestSha256`, declares `declaredVersion`
 * (a string or undefined) and lists `files` ([{path, sha256}]):
 *   published      true for a published set
 *   version        "1.3.0", or 'modified (based on "1.3.0")': what every summary and JSON reports
 *   description    "published 1.3.0", or "modified: " and what it lacks
 *   missing, changed, added   the paths that differ from the last published manifest of the
 *                  declared version (empty for a published set, or when there is none)
 */
export function identifyVectorSet(manifestSha256, declaredVersion, files) {
  const rows = publishedManifests();
  const published = rows.find((row) => row.sha256 === manifestSha256);
  if (published !== undefined) {
    return { published: true, version: published.version, declaredVersion, description: `published ${published.version}`, missing: [], changed: [], added: [] };
  }
  const declared = typeof declaredVersion === "string" ? quote(declaredVersion) : "no version";
  const base = rows.filter((row) => row.version === declaredVersion && Array.isArray(row.files)).at(-1);
  const identity = { published: false, version: `modified (based on ${declared})`, declaredVersion, missing: [], changed: [], added: [] };
  if (base === undefined) {
    identity.description = `modified: its manifest is not one the suite published, and the suite published no vectors version ${declared} to compare it with`;
    return identity;
  }
  const expected = new Map(base.files.map((f) => [f.path, f.sha256]));
  for (const file of files) {
    const sha256 = expected.get(file.path);
    if (sha256 === undefined) identity.added.push(file.path);
    else if (sha256 !== file.sha256) identity.changed.push(file.path);
    expected.delete(file.path);
  }
  identity.missing = [...expected.keys()];
  identity.description = `modified: its manifest is not one the suite published; against the published ${base.version} (manifest SHA-256 ${base.sha256.slice(0, 12)}...) it lacks ${counted(identity.missing)} of its files, lists ${counted(identity.changed)} with another SHA-256, adds ${counted(identity.added)}`;
  return identity;
}
