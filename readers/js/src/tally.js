// Counts of verdicts: in total and per cell (operation, input type, output type: the cells of a
// `cvc run` report), printable and writable as JSON; they say how much of the selection was
// compared (docs/input-contract.md, rule 13).

import { writeRegularFile } from "./output-path.js";
import { shareText } from "./share.js";

export const COUNT_KEYS = Object.freeze(["cases", "pass", "divergence", "fail", "unsupported", "error"]);

const zero = () => Object.fromEntries(COUNT_KEYS.map((k) => [k, 0]));

/** The cell of a case: its operation (direction) and its input and output types. */
export function cellOf(c) {
  return { operation: c.direction, input_type: c.inputType ?? "(none)", output_type: c.outputType ?? "(none)" };
}

export class Tally {
  constructor() {
    this.totals = zero();
    this.cells = new Map();
    this.expectedFailures = 0;
    this.divergenceFlags = new Map();
    this.selected = null; // the number of cases selected (registerTests sets it); null: those counted
  }

  /** The cases compared: those given an answer that was judged (pass, divergence or fail). */
  get compared() {
    return this.totals.pass + this.totals.divergence + this.totals.fail;
  }

  /** The cases selected but never counted (their tests did not run: filtered out, or the run stopped). */
  get notRun() {
    return this.selected === null ? 0 : this.selected - this.totals.cases;
  }

  /** Counts one case under `outcome`: "pass", "divergence", "fail", "unsupported" or "error". */
  add(c, outcome, flag) {
    if (!COUNT_KEYS.includes(outcome) || outcome === "cases") throw new Error(`unknown outcome ${JSON.stringify(outcome)}`);
    const cell = cellOf(c);
    const key = `${cell.operation} ${cell.input_type} -> ${cell.output_type}`;
    if (!this.cells.has(key)) this.cells.set(key, { ...cell, counts: zero() });
    for (const counts of [this.totals, this.cells.get(key).counts]) {
      counts.cases++;
      counts[outcome]++;
    }
    if (flag !== undefined) this.divergenceFlags.set(flag, (this.divergenceFlags.get(flag) ?? 0) + 1);
  }

  toJSON() {
    const selected = this.selected ?? this.totals.cases;
    return {
      selected,
      compared: this.compared,
      not_run: this.notRun,
      complete: this.notRun === 0,
      totals: this.totals,
      expected_failures: this.expectedFailures,
      divergence_flags: Object.fromEntries([...this.divergenceFlags].sort()),
      cells: [...this.cells.values()],
    };
  }

  /**
   * One line: "C of S selected cases compared (share), U unsupported: P pass, D divergence,
   * F fail (X of them expected), E error", and what was not run when the run is incomplete.
   */
  summary() {
    const t = this.totals;
    const selected = this.selected ?? t.cases;
    const notRun = this.notRun === 0 ? "" : `; ${this.notRun} not run: the run is incomplete`;
    return `${this.compared} of ${selected} selected cases compared (${shareText(this.compared, selected)}), ${t.unsupported} unsupported: ${t.pass} pass, ${t.divergence} divergence, ${t.fail} fail (${this.expectedFailures} of them expected), ${t.error} error${notRun}`;
  }

  /** Writes toJSON() (with `extra` members first) to the regular file `path` (never through a link or to a FIFO). */
  write(path, extra = {}) {
    writeRegularFile(path, JSON.stringify({ ...extra, ...this.toJSON() }, null, 1) + "\n", "the counts file");
  }
}
