// One vector file checked whole when it is opened (docs/input-contract.md, rules 6 to 9): its
// header, every group and line of the form vectors/README.md gives (the members the reader uses,
// of the types it uses them as), "number_of_cases" equal to the cases it holds, and no stable id
// twice in it. A deleted or added line is found even when the selection does not touch its group.

import { VectorsError } from "./errors.js";
import { rawAt } from "./json.js";
import { findRepeatedStableId } from "./stable-ids.js";
import { DATA_TYPES } from "./types.js";

export const ROUNDINGS = Object.freeze(["nearest-even", "towards-zero", "towards-positive", "towards-negative", "nearest-away"]);

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isString = (v) => typeof v === "string";
const hasConfigurations = (family) => family === "cast" || family === "scalar_map";

/** A cast configuration's part of a case's stable id: "nearest-even" or "nearest-even/clamp". */
export const configurationLabel = (configuration) =>
  configuration.rounding + (configuration.out_of_range === undefined ? "" : "/" + configuration.out_of_range);

/** The group members, by family, that must be strings. */
const GROUP_STRINGS = {
  cast: ["direction", "data_type", "input_type", "output_type"],
  scalar_map: ["direction", "data_type", "input_type", "output_type"],
  chain: ["direction", "input_type", "output_type"],
  metadata: [],
  scalars: ["data_type"],
};
/** The line members, by family, that must be strings. */
const LINE_STRINGS = { cast: ["input"], scalar_map: ["input"], chain: ["input", "result"], metadata: ["result"], scalars: ["json", "result"] };

/** A float's fill value written as a string: a special, or its bits in hex (Zarr v3). */
const FLOAT_FILL_STRING = /^(?:NaN|Infinity|-Infinity|0x[0-9a-fA-F]+)$/;

/** The group's fill_value, as written, is one of its array_data_type (cast, scalar_map, chain). */
function checkFillValue(group, at) {
  const type = DATA_TYPES[group.array_data_type];
  if (typeof group.array_data_type !== "string" || type === undefined) throw new VectorsError(`${at}: "array_data_type" is not a data type the vectors use`);
  const text = rawAt(group, "fill_value");
  let ok;
  if (type.kind === "float") {
    ok = typeof group.fill_value === "number" || (isString(group.fill_value) && FLOAT_FILL_STRING.test(group.fill_value));
  } else {
    const lowest = type.kind === "signed" ? -(2n ** BigInt(type.bits - 1)) : 0n;
    const highest = type.kind === "signed" ? 2n ** BigInt(type.bits - 1) - 1n : 2n ** BigInt(type.bits) - 1n;
    // Digits bounded before BigInt: a fill value of a million digits is refused, not converted.
    ok = text !== undefined && text.length <= 24 && /^-?(?:0|[1-9][0-9]*)$/.test(text) && BigInt(text) >= lowest && BigInt(text) <= highest;
  }
  if (!ok) throw new VectorsError(`${at}: "fill_value" ${text === undefined ? "is missing" : `${text.length > 40 ? text.slice(0, 40) + "..." : text} is not a value`} of ${group.array_data_type}`);
}

function checkGroup(family, group, at) {
  if (!isObject(group)) throw new VectorsError(`${at}: not an object`);
  for (const key of GROUP_STRINGS[family]) {
    if (!isString(group[key])) throw new VectorsError(`${at}: "${key}" is missing or not a string`);
  }
  if (!Array.isArray(group.cases) || group.cases.length === 0) throw new VectorsError(`${at}: "cases" is not a non-empty array`);
  if (family !== "metadata" && family !== "scalars") checkFillValue(group, at);
  if (family === "chain" && !Array.isArray(group.codecs)) throw new VectorsError(`${at}: "codecs" is not an array`);
  if (!hasConfigurations(family)) return;
  const configurations = group.configurations;
  if (!Array.isArray(configurations) || configurations.length === 0) throw new VectorsError(`${at}: "configurations" is not a non-empty array`);
  configurations.forEach((configuration, k) => {
    // A cast configuration names its rounding (it is part of its cases' stable ids); a scalar_map's may leave it out.
    const rounding = family === "cast" ? isString(configuration?.rounding) : [undefined, null].includes(configuration?.rounding) || isString(configuration.rounding);
    const ok = isObject(configuration) && rounding && (configuration.out_of_range === undefined || isString(configuration.out_of_range));
    if (!ok) throw new VectorsError(`${at}: configurations[${k}] is not an object with a "rounding" (and an "out_of_range") string`);
  });
  if (family === "cast" && configurations.length % ROUNDINGS.length !== 0) {
    throw new VectorsError(`${at}: ${configurations.length} configurations, not a multiple of the ${ROUNDINGS.length} rounding modes`);
  }
  // A cast case's stable id is its line's and its configuration's label: two alike would share it.
  const labels = configurations.map(configurationLabel);
  const twice = labels.find((label, k) => labels.indexOf(label) !== k);
  if (family === "cast" && twice !== undefined) throw new VectorsError(`${at}: the configuration ${twice} twice`);
}

/** The results a line of a cast or scalar_map group may hold: one per configuration (or, cast, one per R). */
function checkResults(family, group, item, at) {
  const count = group.configurations.length;
  const perRounding = family === "cast" ? count / ROUNDINGS.length : count;
  const results = item.results;
  if (!Array.isArray(results) || (results.length !== count && results.length !== perRounding) || !results.every(isString)) {
    throw new VectorsError(`${at}: "results" must be ${count} strings (or ${perRounding})`);
  }
  if (item.alternatives === undefined) return;
  const isIndex = (key) => /^(?:0|[1-9][0-9]*)$/.test(key) && Number(key) < count;
  const ok = isObject(item.alternatives) && Object.values(item.alternatives).every((byIndex) => isObject(byIndex) && Object.entries(byIndex).every(([k, v]) => isIndex(k) && isString(v)));
  if (!ok) throw new VectorsError(`${at}: "alternatives" is not {"FLAG=ALT": {configuration index: result}}`);
}

function checkLine(family, group, item, at) {
  if (!isObject(item)) throw new VectorsError(`${at}: not an object`);
  if (!Number.isSafeInteger(item.id)) throw new VectorsError(`${at}: "id" is not an integer`);
  if (!isString(item.stable_id) || item.stable_id === "") {
    throw new VectorsError(`${at}: no "stable_id" (vectors 1.3.0 and later carry one on every case)`);
  }
  for (const key of LINE_STRINGS[family]) {
    if (!isString(item[key])) throw new VectorsError(`${at}: "${key}" is missing or not a string`);
  }
  if (item.flags !== undefined && !(Array.isArray(item.flags) && item.flags.every(isString))) throw new VectorsError(`${at}: "flags" is not a list of strings`);
  if (hasConfigurations(family)) checkResults(family, group, item, at);
  else if (item.alternatives !== undefined && !(isObject(item.alternatives) && Object.values(item.alternatives).every(isString))) {
    throw new VectorsError(`${at}: "alternatives" is not {"FLAG=ALT": result}`);
  }
}

/** Calls visit(stable_id, where) for every line of a checked file: the ids unique across a set. */
export function forEachLineId(path, doc, visit) {
  for (const group of doc.groups) for (const item of group.cases) visit(item.stable_id, `${path} case ${item.id}`);
}

/**
 * Calls visit(stableId, where) for every case of a checked file: a cast line once per
 * configuration (its id + "/" + the configuration's label), any other line once.
 */
export function forEachStableId(family, path, doc, visit) {
  for (const group of doc.groups) {
    const labels = family === "cast" ? group.configurations.map(configurationLabel) : null;
    for (const item of group.cases) {
      const where = `${path} case ${item.id}`;
      if (labels === null) visit(item.stable_id, where);
      else for (const label of labels) visit(`${item.stable_id}/${label}`, where);
    }
  }
}

/** Checks the parsed vector file `doc` at `path`, of `family`, whole; throws VectorsError naming what is wrong. */
export function checkVectorFile(family, path, doc) {
  if (!isObject(doc) || doc.schema !== "cast-value-vectors" || doc.family !== family || !Array.isArray(doc.groups) || doc.groups.length === 0) {
    throw new VectorsError(`${path}: not a "cast-value-vectors" file of family ${family} with "groups"`);
  }
  const declared = rawAt(doc, "number_of_cases");
  if (declared === undefined || !/^(?:0|[1-9][0-9]*)$/.test(declared)) throw new VectorsError(`${path}: "number_of_cases" is missing or not a non-negative integer`);
  let counted = 0;
  doc.groups.forEach((group, index) => {
    checkGroup(family, group, `${path} group ${index}`);
    for (const item of group.cases) checkLine(family, group, item, `${path} group ${index} case ${isObject(item) && Number.isSafeInteger(item.id) ? item.id : "?"}`);
    counted += group.cases.length * (hasConfigurations(family) ? group.configurations.length : 1);
  });
  if (BigInt(declared) !== BigInt(counted)) {
    throw new VectorsError(`${path}: "number_of_cases" is ${declared} but the file holds ${counted} (a case line deleted or added?)`);
  }
  // The lines' ids (the cases' ids of a cast line add the configurations' labels, unique in a group).
  const repeated = findRepeatedStableId((visit) => forEachLineId(path, doc, visit));
  if (repeated !== null) throw new VectorsError(`${repeated.second}: stable id ${repeated.id} also names ${repeated.first}`);
}
