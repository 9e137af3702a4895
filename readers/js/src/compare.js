// The comparison, exactly as `cvc run` judges an answer (harness/protocol/PROTOCOL.md, "How
// answers are judged"): a pattern must match bit for bit, except that any NaN matches any NaN;
// an expected error matches any refusal (the kind is informative); a result that differs from the
// expected one but equals an alternative reading's is a divergence named by the flag (the first
// in name order, as the harness takes them); everything else fails.

import { isNaNPattern } from "./types.js";
import { patternBits } from "./patterns.js";

/**
 * The answer of an implementation that refused the element (raised, returned an error); an
 * "error:<kind>" text is one too (the kind is not compared).
 */
export const ERROR = "error";
/**
 * The answer of an implementation that refused the configuration or the array itself (not one
 * element): every configuration and fill value of the vectors is valid, so it fails every case,
 * also those whose expected result is an error (the harness's `rejected`).
 */
export const REJECTED = "rejected";

export const PASS = "pass";
export const DIVERGENCE = "divergence";
export const FAIL = "fail";

const isErrorResult = (result) => typeof result === "string" && result.startsWith("error:");

/**
 * Does `answer` match the result `result` of a case whose output type is `outputType`? For the
 * element families: `result` a pattern or "error:<kind>", `answer` a pattern or ERROR. For
 * metadata and scalars, `result` and `answer` are verdicts or patterns compared as text
 * ("valid", "invalid", "0x7c00"), NaN patterns of a scalar's type matching each other.
 */
export function resultMatches(outputType, result, answer) {
  if (answer === REJECTED) return false;
  const refused = answer === ERROR || isErrorResult(answer);
  if (isErrorResult(result)) return refused;
  if (refused) return false;
  if (result === answer) return true;
  if (typeof result !== "string" || !result.startsWith("0x") || typeof answer !== "string" || !answer.startsWith("0x")) return false;
  const want = patternBits(outputType, result);
  const got = patternBits(outputType, answer);
  return want === got || (isNaNPattern(outputType, want) && isNaNPattern(outputType, got));
}

/**
 * The verdict of `answer` for case `c` (a Case of the reader): {verdict: "pass"} ,
 * {verdict: "divergence", flag: "FLAG=ALTERNATIVE"} or {verdict: "fail"}. `answer` is an output
 * pattern ("0x7f"), ERROR or REJECTED; for metadata "valid" or "invalid"; for scalars a pattern or
 * "invalid". Throws on an answer that is none of these (a pattern of the wrong width, say).
 */
export function compare(c, answer) {
  checkAnswer(c, answer);
  if (resultMatches(c.outputType, c.expected, answer)) return { verdict: PASS };
  for (const flag of Object.keys(c.alternatives).sort()) {
    if (resultMatches(c.outputType, c.alternatives[flag], answer)) return { verdict: DIVERGENCE, flag };
  }
  return { verdict: FAIL };
}

function checkAnswer(c, answer) {
  if (answer === ERROR || answer === REJECTED || isErrorResult(answer)) {
    if (c.family === "metadata" || c.family === "scalars") throw new Error(`${c.stableId}: a ${c.family} answer is a verdict or a pattern, not ${JSON.stringify(answer)}`);
    return;
  }
  if (c.family === "metadata") {
    if (answer !== "valid" && answer !== "invalid") throw new Error(`${c.stableId}: a metadata answer is "valid" or "invalid", got ${JSON.stringify(answer)}`);
    return;
  }
  if (c.family === "scalars" && answer === "invalid") return;
  patternBits(c.outputType, answer); // throws, naming the answer, when it is not a pattern of the type
}
