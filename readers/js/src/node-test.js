// Registers node:test tests over a selection of the vectors: one test per case (named by its
// stable id) or one per group (named by its parameters, failing cases named by stable id), with
// an expected-failure list keyed by stable id, and the counts printed and written as JSON. Never a
// silent pass (docs/input-contract.md, rules 11 to 13): every option is checked before any case
// runs, a selection that matches no case is refused naming it, a run that compared no case fails,
// and the summary says how many of the selected cases were compared.

import { after, test } from "node:test";
import { DIVERGENCE, FAIL, PASS, compare } from "./compare.js";
import { checkOutputPath } from "./output-path.js";
import { Tally } from "./tally.js";

/** What run / runGroup return for what the implementation cannot express (counted, never passed). */
export const UNSUPPORTED = Symbol("unsupported");

const MAX_LISTED = 20;

/** The test name of a group: its cases' common parameters. */
export function groupName(group) {
  const c = group.cases[0];
  const label = c.configuration ? ` [${c.configuration.rounding ?? "nearest-even"}${c.configuration.out_of_range ? "/" + c.configuration.out_of_range : ""}]` : "";
  if (c.family === "metadata") return `metadata/${group.header.category} (${group.file} group ${group.index})`;
  if (c.family === "scalars") return `scalars/${c.dataType}`;
  const types = c.family === "chain" ? `${c.arrayDataType} through ${c.codecs.map((k) => k.name).join(", ")}` : `${c.inputType} -> ${c.outputType}`;
  return `${c.family}/${c.direction} ${types}${label} (${group.file} group ${group.index})`;
}

/** What the counts JSON says of the set: its identity, never the declared version alone. */
function vectorsJson(vectors) {
  const { identity } = vectors;
  return {
    version: vectors.version,
    published: identity.published,
    declared_version: vectors.declaredVersion,
    manifest_sha256: vectors.manifestSha256,
    identity: identity.description,
  };
}

/** The expected failures as a Map(stable id -> reason), every id checked against the vectors. */
function expectedFailureMap(vectors, list) {
  const map = new Map(list instanceof Map ? list : Array.isArray(list) ? list.map((id) => [id, ""]) : Object.entries(list ?? {}));
  if (map.size === 0) return map;
  const unknown = vectors.unknownStableIds(map.keys());
  if (unknown.length) {
    throw new Error(`expected failures: ${unknown.length} stable id(s) not in the vectors (version ${vectors.version}): ${unknown.slice(0, MAX_LISTED).join(", ")}`);
  }
  return map;
}

/**
 * The judge of a group's answers: each case counted in the tally, expected failures kept apart;
 * the group's test fails (or is marked TODO) with its unexpected problems, or is skipped when the
 * implementation supports none of its cases.
 */
function groupJudge(tally, expected, strict, failuresAsTodo) {
  /** Judges one case; returns a problem (a line) or null. */
  const judge = (c, answer) => {
    if (answer === UNSUPPORTED) {
      tally.add(c, "unsupported");
      return null;
    }
    const { verdict, flag } = compare(c, answer);
    tally.add(c, verdict, flag);
    const listed = expected.has(c.stableId);
    const bad = verdict === FAIL || (strict && verdict === DIVERGENCE);
    if (bad && listed) tally.expectedFailures++;
    if (bad && !listed) return `${c.stableId}: expected ${c.expected}, got ${String(answer)}${verdict === DIVERGENCE ? ` (matches ${flag})` : ""}`;
    if (!bad && listed) return `${c.stableId}: listed as an expected failure, but ${verdict === PASS ? "passes" : `diverges (${flag})`}`;
    return null;
  };

  const judgeGroup = (group, answers, t) => {
    const problems = [];
    let skipped = 0;
    group.cases.forEach((c, k) => {
      if (answers[k] === UNSUPPORTED) skipped++;
      const problem = judge(c, answers[k]);
      if (problem !== null) problems.push(problem);
    });
    if (problems.length) {
      const message = `${problems.length} of ${group.cases.length} cases:\n  ${problems.slice(0, MAX_LISTED).join("\n  ")}${problems.length > MAX_LISTED ? `\n  ... and ${problems.length - MAX_LISTED} more` : ""}`;
      if (!failuresAsTodo) throw new Error(message);
      t.todo(message);
      return;
    }
    if (skipped === group.cases.length) t.skip("unsupported");
  };
  return judgeGroup;
}

/**
 * Registers the tests (see README.md, "registerTests"). options:
 *   selection         {family, type, direction, rounding} (index.d.ts, Selection)
 *   run(case)         the implementation's answer for one case (or a Promise of it), or UNSUPPORTED
 *   runGroup(group)   instead of run: the answers of a group's cases, in order, or UNSUPPORTED
 *   expectedFailures  stable ids (a list, or {id: reason}) whose failure is expected
 *   perCase           one test per case (default: one per group)
 *   strict            a divergence fails the test (default: it passes, and is counted)
 *   countsPath        where to write the counts as JSON at the end (default: none)
 *   failuresAsTodo    a group (or case) with unexpected failures is marked TODO with them,
 *                     instead of failing: counts are taken without failing the run (default false)
 *   print             print the counts at the end (default true)
 * Returns the Tally, filled as the tests run.
 */
export function registerTests(vectors, options = {}) {
  const { selection = {}, run, runGroup, perCase = false, strict = false, countsPath, print = true, failuresAsTodo = false } = options;
  checkOptionNames(options);
  checkCallbacks(run, runGroup);
  if (countsPath !== undefined) checkOutputPath(countsPath, "registerTests: countsPath");
  const expected = expectedFailureMap(vectors, options.expectedFailures);
  const tally = new Tally();
  const named = `the selection ${JSON.stringify(selection)} of the vectors (${vectors.version})`;

  const answersOf = (group) => answersOfGroup(group, run, runGroup);

  const judgeGroup = groupJudge(tally, expected, strict, failuresAsTodo);

  /**
   * A group's cases, built again when its test runs: registration keeps only where the group is,
   * never the 3.4 M cases of a whole selection (one test per case keeps them: its tests are named
   * by them).
   */
  const load = (registered) => {
    const group = vectors.groupAt(registered.file, registered.index, registered.configurationIndex, selection);
    if (group === null || group.cases.length !== registered.size) throw new Error(`${registered.name}: not the group registered (the vectors changed?)`);
    return group;
  };

  let selected = 0;
  for (const group of vectors.groups(selection)) {
    selected += group.cases.length;
    if (perCase) {
      // One answer per case; runGroup is called once, when the group's first case runs.
      let pending;
      group.cases.forEach((c, k) => {
        test(c.stableId, async (t) => {
          pending ??= answersOf(group).catch((err) => err);
          const answers = await pending;
          if (answers instanceof Error) {
            tally.add(c, "error");
            throw answers;
          }
          judgeGroup({ ...group, cases: [c] }, [answers[k]], t);
        });
      });
    } else {
      // Where the group is, and nothing of it: a case or the group's header would keep its file.
      const registered = { file: group.file, index: group.index, configurationIndex: group.configurationIndex, size: group.cases.length, name: groupName(group) };
      test(registered.name, async (t) => {
        const cases = load(registered);
        let answers;
        try {
          answers = await answersOf(cases);
        } catch (err) {
          for (const c of cases.cases) tally.add(c, "error");
          throw err;
        }
        judgeGroup(cases, answers, t);
      });
    }
  }
  tally.selected = selected;
  if (selected === 0) throw new Error(`registerTests: ${named} matches no case: nothing would be compared`);

  after(() => finish(vectors, tally, { selection, named, countsPath, print }));
  return tally;
}

/** The answers to a group's cases, in order, from run(case) or runGroup(group). */
async function answersOfGroup(group, run, runGroup) {
  if (runGroup !== undefined) {
    const answers = await runGroup(group);
    if (answers === UNSUPPORTED) return group.cases.map(() => UNSUPPORTED);
    if (!Array.isArray(answers) || answers.length !== group.cases.length) {
      throw new Error(`runGroup gave ${Array.isArray(answers) ? answers.length : typeof answers} answers for the ${group.cases.length} cases of ${groupName(group)}`);
    }
    return answers;
  }
  const answers = [];
  for (const c of group.cases) answers.push(await run(c));
  return answers;
}

const OPTION_NAMES = ["selection", "run", "runGroup", "expectedFailures", "perCase", "strict", "countsPath", "failuresAsTodo", "print"];

/** No option misspelt (a "countPath" would leave the counts unwritten without a word). */
function checkOptionNames(options) {
  if (options === null || typeof options !== "object") throw new Error("registerTests: the options are not an object");
  const unknown = Object.keys(options).filter((name) => !OPTION_NAMES.includes(name));
  if (unknown.length) throw new Error(`registerTests: unknown option ${JSON.stringify(unknown[0])} (options: ${OPTION_NAMES.join(", ")})`);
  const list = options.expectedFailures;
  if (list !== undefined && !(list instanceof Map) && (list === null || typeof list !== "object")) {
    throw new Error("registerTests: expectedFailures is not a list of stable ids, a Map or {id: reason}");
  }
}

/** Exactly one of run and runGroup, a function. */
function checkCallbacks(run, runGroup) {
  if ((run === undefined) === (runGroup === undefined)) throw new Error("registerTests: give exactly one of run(case) and runGroup(group)");
  for (const [name, f] of [["run", run], ["runGroup", runGroup]]) {
    if (f !== undefined && typeof f !== "function") throw new Error(`registerTests: ${name} is not a function`);
  }
}

/** At the end: the counts printed and written; a run that compared no case fails. */
function finish(vectors, tally, { selection, named, countsPath, print }) {
  vectors.releaseCache();
  if (print) console.log(`cast-value-vectors ${vectors.version}: ${tally.summary()}`);
  if (countsPath !== undefined) tally.write(countsPath, { vectors: vectorsJson(vectors), selection });
  // Every case unsupported (or its run threw), or no test run: nothing was certified.
  if (tally.compared === 0) throw new Error(`${named}: none of its ${tally.selected} cases was compared (${tally.summary()}): nothing certified`);
}
