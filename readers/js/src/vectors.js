// A vector folder: its groups and cases as plain objects, with a selection.

import { VectorsError } from "./errors.js";
import { identifyVectorSet } from "./identity.js";
import { parse, rawAt } from "./json.js";
import { DEFAULT_MAX_FILE_BYTES, checkManifest, sha256Of } from "./manifest.js";
import { decodeUtf8, readRegularFile } from "./read-file.js";
import { findRepeatedStableId } from "./stable-ids.js";
import { DATA_TYPES } from "./types.js";
import { ROUNDINGS, checkVectorFile, configurationLabel, forEachLineId, forEachStableId } from "./vector-file.js";

export { ROUNDINGS } from "./vector-file.js";
export const FAMILIES = Object.freeze(["cast", "scalar_map", "chain", "metadata", "scalars"]);
const DIRECTIONS = ["encode", "decode", "validate", "scalar"];
const SELECTION_KEYS = ["family", "type", "inputType", "outputType", "direction", "rounding"];

/** The family a listed file holds, from its path; null for files that hold no cases (stores). */
function familyOfPath(path) {
  if (/^cast\/[^/]+\.json$/.test(path)) return "cast";
  const m = /^([a-z_]+)\.json$/.exec(path);
  return m && FAMILIES.includes(m[1]) ? m[1] : null;
}

const NO_ALTERNATIVES = Object.freeze({});

const asList = (value) => (value === undefined ? null : Array.isArray(value) ? value : [value]);

/**
 * A selection, checked: each key (family, type, inputType, outputType, direction, rounding) absent
 * or a value or a list of values; a case is selected when it matches every key given (one of the
 * key's values). `type` is a type the case involves (its input or output type; for metadata the
 * array's or a cast_value codec's), as `cvc run --type` selects.
 */
function checkSelection(selection = {}) {
  if (selection === null || typeof selection !== "object" || Array.isArray(selection)) throw new Error(`the selection ${JSON.stringify(selection)} is not an object of {${SELECTION_KEYS.join(", ")}}`);
  for (const key of Object.keys(selection)) {
    if (!SELECTION_KEYS.includes(key)) throw new Error(`unknown selection key ${JSON.stringify(key)} (keys: ${SELECTION_KEYS.join(", ")})`);
  }
  const out = Object.fromEntries(SELECTION_KEYS.map((k) => [k, asList(selection[k])]));
  const known = { family: FAMILIES, direction: DIRECTIONS, rounding: ROUNDINGS };
  for (const [key, values] of Object.entries(known)) {
    for (const v of out[key] ?? []) {
      if (!values.includes(v)) throw new Error(`selection ${key}: unknown ${JSON.stringify(v)} (one of ${values.join(", ")})`);
    }
  }
  for (const key of ["type", "inputType", "outputType"]) {
    for (const v of out[key] ?? []) {
      if (typeof v !== "string" || !Object.hasOwn(DATA_TYPES, v)) throw new Error(`selection ${key}: unknown data type ${JSON.stringify(v)} (one of ${Object.keys(DATA_TYPES).join(", ")})`);
    }
  }
  return out;
}

const typeName = (t) => (t !== null && typeof t === "object" ? t.name : t);

/** The data types a metadata case involves: the array's and each cast_value codec's. */
function metadataTypes(item) {
  const types = [typeName(item.array_data_type)];
  if (Array.isArray(item.codecs)) {
    for (const codec of item.codecs) {
      if (codec?.name === "cast_value") types.push(typeName(codec.configuration?.data_type));
    }
  }
  return types.filter((t) => typeof t === "string");
}

/** The selection's direction and types, decided once for a group of one direction and pair. */
function groupSkipped(family, group, s) {
  if (family === "metadata" || family === "scalars") return false;
  if (s.direction && !s.direction.includes(group.direction)) return true;
  if (s.type && !s.type.includes(group.input_type) && !s.type.includes(group.output_type)) return true;
  if (s.inputType && !s.inputType.includes(group.input_type)) return true;
  return Boolean(s.outputType && !s.outputType.includes(group.output_type));
}

/** The alternatives ("FLAG=ALT" -> result) of configuration k of a cast or scalar_map line. */
function alternativesAt(item, names, k) {
  let alternatives = NO_ALTERNATIVES;
  for (const name of names) {
    const byIndex = item.alternatives[name];
    if (Object.hasOwn(byIndex, String(k))) {
      if (alternatives === NO_ALTERNATIVES) alternatives = {};
      alternatives[name] = byIndex[String(k)];
    }
  }
  return alternatives;
}

/**
 * The cases of a cast or scalar_map group: one per line and selected configuration, results
 * expanded as vectors/README.md says (a line and its results were checked with the whole file).
 */
function configuredCases(family, file, group, groupIndex, s) {
  const cases = [];
  const configurations = group.configurations;
  const count = configurations.length;
  const perRounding = family === "cast" ? count / ROUNDINGS.length : count;
  // What the cases of one configuration share, made once (frozen: shared by those cases).
  const shared = configurations.map((configuration, k) => ({
    configuration: Object.freeze({ data_type: group.data_type, ...configuration }),
    label: configurationLabel(configuration),
    codecJson: castValueCodecJson(group.data_type, configuration, rawAt(group, "configurations", k, "scalar_map")),
    selected: !s.rounding || s.rounding.includes(configuration.rounding ?? "nearest-even"),
  }));
  const fillValueJson = rawAt(group, "fill_value");
  const what = group.purpose ?? null;
  for (const item of group.cases) {
    const line = item.stable_id;
    const results = item.results;
    const flags = Array.isArray(item.flags) ? item.flags : [];
    const itemWhere = `${file} case ${item.id}`;
    const alternativeNames = item.alternatives === undefined ? [] : Object.keys(item.alternatives);
    for (let k = 0; k < count; k++) {
      if (!shared[k].selected) continue;
      cases.push({
        family,
        file,
        where: itemWhere,
        id: item.id,
        stableId: family === "cast" ? `${line}/${shared[k].label}` : line,
        lineId: line,
        direction: group.direction,
        arrayDataType: group.array_data_type,
        dataType: group.data_type,
        inputType: group.input_type,
        outputType: group.output_type,
        configuration: shared[k].configuration,
        configurationIndex: k,
        codecJson: shared[k].codecJson,
        codecs: null,
        codecsJson: null,
        fillValue: group.fill_value,
        fillValueJson,
        input: item.input,
        json: null,
        expected: results.length === count ? results[k] : results[k % perRounding],
        flags,
        alternatives: alternativesAt(item, alternativeNames, k),
        rule: null,
        what,
        groupIndex,
      });
    }
  }
  return cases;
}

/** The members of a chain, metadata or scalars case beyond those every case has, by family. */
const LINE_CASE = {
  chain: (group) => ({
    direction: group.direction,
    arrayDataType: group.array_data_type,
    dataType: null,
    inputType: group.input_type,
    outputType: group.output_type,
    codecJson: null,
    codecs: group.codecs,
    codecsJson: rawAt(group, "codecs"),
    fillValue: group.fill_value,
    fillValueJson: rawAt(group, "fill_value"),
    json: null,
    rule: null,
  }),
  metadata: (group, item, caseIndex) => {
    const types = metadataTypes(item);
    return {
      direction: "validate",
      arrayDataType: item.array_data_type,
      arrayDataTypeJson: rawAt(group, "cases", caseIndex, "array_data_type"),
      dataType: null,
      inputType: types[0] ?? null,
      outputType: types[1] ?? null,
      involvedTypes: types,
      codecJson: null,
      codecs: item.codecs,
      codecsJson: rawAt(group, "cases", caseIndex, "codecs"),
      fillValue: item.fill_value,
      fillValueJson: rawAt(group, "cases", caseIndex, "fill_value"),
      input: null,
      json: null,
      rule: item.rule ?? null,
      category: group.category ?? null,
    };
  },
  scalars: (group, item) => ({
    direction: "scalar",
    arrayDataType: null,
    dataType: group.data_type,
    inputType: null,
    outputType: group.data_type,
    codecJson: null,
    codecs: null,
    fillValue: null,
    fillValueJson: null,
    input: null,
    json: item.json,
    rule: null,
  }),
};

/**
 * The cases of one group of a file, as Case objects (index.d.ts): a cast or scalar_map group gives
 * one case per line and configuration; the others one per line.
 */
function groupCases(family, file, group, groupIndex, s) {
  if (groupSkipped(family, group, s)) return [];
  if (family === "cast" || family === "scalar_map") return configuredCases(family, file, group, groupIndex, s);
  return group.cases.map((item, caseIndex) => ({
    family,
    file,
    where: `${file} case ${item.id}`,
    id: item.id,
    flags: Array.isArray(item.flags) ? item.flags : [],
    stableId: item.stable_id,
    lineId: item.stable_id,
    configuration: null,
    configurationIndex: 0,
    alternatives: item.alternatives ?? {},
    groupIndex,
    what: item.what ?? group.purpose ?? null,
    input: item.input,
    expected: item.result,
    ...LINE_CASE[family](group, item, caseIndex),
  }));
}

/**
 * The cast_value codec of a configuration as zarr.json holds it, with the scalar_map's numbers
 * exactly as the vectors write them (the other members are strings).
 */
function castValueCodecJson(dataType, configuration, rawScalarMap) {
  const members = [`"data_type":${JSON.stringify(dataType)}`];
  for (const [key, value] of Object.entries(configuration)) {
    members.push(`${JSON.stringify(key)}:${key === "scalar_map" && rawScalarMap !== undefined ? rawScalarMap : JSON.stringify(value)}`);
  }
  return `{"name":"cast_value","configuration":{${members.join(",")}}}`;
}

function selected(c, s) {
  if (s.family && !s.family.includes(c.family)) return false;
  if (s.direction && !s.direction.includes(c.direction)) return false;
  if (s.rounding && !(c.configuration && s.rounding.includes(c.configuration.rounding ?? "nearest-even"))) return false;
  if (s.inputType && !s.inputType.includes(c.inputType)) return false;
  if (s.outputType && !s.outputType.includes(c.outputType)) return false;
  if (s.type) {
    const types = c.involvedTypes ?? [c.inputType, c.outputType];
    if (!types.some((t) => s.type.includes(t))) return false;
  }
  return true;
}

/** Group `index` of the checked `doc` at `file`: its selected cases, one part per configuration. */
function* groupParts(doc, file, index, s) {
  const group = doc.groups[index];
  const parts = new Map();
  for (const c of groupCases(doc.family, file, group, index, s)) {
    if (!selected(c, s)) continue;
    if (!parts.has(c.configurationIndex)) parts.set(c.configurationIndex, []);
    parts.get(c.configurationIndex).push(c);
  }
  for (const [configurationIndex, cases] of [...parts].sort((a, b) => a[0] - b[0])) {
    yield { family: doc.family, file, index, configurationIndex, header: group, cases };
  }
}

/**
 * A checked vector folder (index.d.ts, Vectors). Opening it checks the manifest and every listed
 * file's size and SHA-256; a file is checked whole (form, number_of_cases, stable ids unique in it)
 * each time it is read. Stable ids unique across the whole set: a published set's are proven by
 * its SHA-256s (the suite published it only after `cvc verify-vectors` checked them, and every
 * file is hashed here against the published manifest), so only a modified set is read whole when
 * it is opened, to check them.
 */
export class Vectors {
  /** Checks `dir` against its manifest (throws VectorsError naming what is wrong). */
  constructor(dir, { maxFileBytes = DEFAULT_MAX_FILE_BYTES } = {}) {
    const { manifest, manifestSha256 } = checkManifest(dir, { maxFileBytes });
    this.dir = dir;
    this.maxFileBytes = maxFileBytes;
    this.identity = identifyVectorSet(manifestSha256, manifest.vectors_version, manifest.files);
    this.version = this.identity.version;
    this.declaredVersion = manifest.vectors_version ?? null;
    this.published = this.identity.published;
    this.manifestSha256 = manifestSha256;
    this.specRevision = manifest.spec_revision;
    this.listed = new Map(manifest.files.map((f) => [f.path, f]));
    this.files = manifest.files.map((f) => f.path).filter((p) => familyOfPath(p) !== null);
    this.stableIdCount = null; // known once the set was read whole
    this.fileCache = null; // {path, doc}: the file groupAt read last
    if (!this.published) this.checkStableIds();
  }

  /** The files holding the families of the selection, in the manifest's order. */
  filesOf(selection) {
    const s = checkSelection(selection);
    return this.files.filter((p) => !s.family || s.family.includes(familyOfPath(p)));
  }

  /**
   * One vector file, read as the input contract says (a regular file, never a link; its size
   * checked before it is read; UTF-8; nesting bounded; no key twice), checked against the manifest
   * again (it may have changed since) and checked whole (vector-file.js).
   */
  readFile(path) {
    const entry = this.listed.get(path);
    if (entry === undefined) throw new VectorsError(`${path}: not a file of this vector set`);
    const family = familyOfPath(path);
    if (family === null) throw new VectorsError(`${path}: holds no cases (not a vector file of a family)`);
    const bytes = readRegularFile(this.dir, path, this.maxFileBytes);
    const sha256 = sha256Of(bytes);
    if (sha256 !== entry.sha256) throw new VectorsError(`${path}: changed since the manifest was checked (SHA-256 ${sha256})`);
    let doc;
    try {
      doc = parse(decodeUtf8(bytes, path), path);
    } catch (err) {
      throw err instanceof VectorsError ? err : new VectorsError(err.message);
    }
    checkVectorFile(family, path, doc);
    return doc;
  }

  /** Calls visit(stableId, where) for every case of the files of `families`, file by file. */
  forEachStableId(visit, families = FAMILIES) {
    for (const file of this.filesOf({ family: families })) forEachStableId(familyOfPath(file), file, this.readFile(file), visit);
  }

  /**
   * Reads every vector file whole and refuses (VectorsError) a stable id that two lines share
   * (as `cvc verify-vectors`: a case's id is its line's, and for cast its configuration's label,
   * unique in its group); returns the number of lines' stable ids checked (also kept as
   * `stableIdCount`).
   */
  checkStableIds() {
    let count = 0;
    const repeated = findRepeatedStableId((visit) => {
      count = 0;
      for (const file of this.files) {
        forEachLineId(file, this.readFile(file), (id, where) => {
          count++;
          visit(id, where);
        });
      }
    });
    if (repeated !== null) throw new VectorsError(`${repeated.second}: stable id ${repeated.id} also names ${repeated.first}`);
    this.stableIdCount = count;
    return count;
  }

  /**
   * The selected groups, file by file: {family, file, index, header, cases}, where header is the
   * group's own JSON object (its parameters) and cases its selected Case objects (index.d.ts); a
   * cast group comes once per configuration (`configurationIndex`), so that every group's cases
   * share every parameter. Groups with no selected case are left out.
   */
  *groups(selection = {}) {
    const s = checkSelection(selection);
    for (const file of this.filesOf(selection)) {
      const doc = this.readFile(file);
      for (const index of doc.groups.keys()) yield* groupParts(doc, file, index, s);
    }
  }

  /**
   * One group as groups(selection) gives it (file, index, configurationIndex), or null: for a test
   * that builds its cases when it runs rather than holding every case from registration on. The
   * last file read is kept, so that the groups of one file read it once.
   */
  groupAt(file, index, configurationIndex, selection = {}) {
    const s = checkSelection(selection);
    if (this.fileCache?.path !== file) this.fileCache = { path: file, doc: this.readFile(file), index: null, parts: null };
    const cache = this.fileCache;
    if (!Number.isInteger(index) || index < 0 || index >= cache.doc.groups.length) return null;
    // The parts of one group come one after the other: the group is built once for all of them.
    if (cache.index !== index || cache.selection !== selection) {
      Object.assign(cache, { index, selection, parts: [...groupParts(cache.doc, file, index, s)] });
    }
    return cache.parts.find((part) => part.configurationIndex === configurationIndex) ?? null;
  }

  /** Lets go of the file groupAt kept. */
  releaseCache() {
    this.fileCache = null;
  }

  /** The selected cases, one by one (Case objects, index.d.ts). */
  *cases(selection = {}) {
    for (const group of this.groups(selection)) yield* group.cases;
  }

  /** The ids of `ids` that no case of the vectors has (read file by file, never held all at once). */
  unknownStableIds(ids) {
    const wanted = new Set(ids);
    const families = [...new Set([...wanted].map((id) => String(id).split("/")[0]))].filter((f) => FAMILIES.includes(f));
    if (families.length > 0) this.forEachStableId((id) => wanted.delete(id), families);
    return [...wanted];
  }

  /** Every stable id of the families given (default: all), as a Set (a large one for cast: 3.4 M strings). */
  stableIds(families = FAMILIES) {
    const ids = new Set();
    this.forEachStableId((id) => ids.add(id), families);
    return ids;
  }
}

/** Opens and checks a vector folder: new Vectors(dir, options). */
export function openVectors(dir, options) {
  return new Vectors(dir, options);
}
