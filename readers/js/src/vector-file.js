// One vector file checked whole when it is opened (docs/input-contract.md, rules 6 to 9): its
// header, every group and line of the form vectors/README.md gives (the members the reader uses,
// of the types it uses them as), "number_of_cases" equal to the cases it holds, and no stable id
// twice in it. A deleted or added line is found even when the selection does not touch its group.

import { VectorsError } from "./errors.js";
import { rawAt } from "./json.js";
import { findRepeatedStableId } from "./stable-ids.js";

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

function checkGroup(family, group, at) {
  if (!isObject(group)) throw new VectorsError(`${at}: not an object`);
  for (const key of GROUP_STRINGS[family]) {
    if (!isString(group[key])) throw new VectorsError(`${at}: "${key}" is missing or not a string`);
  }
  if (!Array.isArray(group.cases)) throw new VectorsError(`${at}: "cases" is not an array`);
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
  const ok = isObject(item.alternatives) && Object.values(item.alternatives).every((byIndex) => isObject(byIndex) && Object.values(byIndex).every(isString));
  if (!ok) throw new VectorsError(`${at}: "alternatives" is not {"FLAG=ALT": {configuration: result}}`);
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
  if (!isObject(doc) || doc.schema !== "cast-value-vectors" || doc.family !== family || !Array.isArray(doc.groups)) {
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
  const repeated = findRepeatedStableId((visit) => forEachStableId(family, path, doc, visit));
  if (repeated !== null) throw new VectorsError(`${repeated.second}: stable id ${repeated.id} also names ${repeated.first}`);
}
