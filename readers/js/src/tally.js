// Counts of verdicts: in total and per cell (operation, input type, output type: the cells of a
// `cvc run` report), printable and writable as JSON.

import { writeFileSync } from "node:fs";

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
    return {
      totals: this.totals,
      expected_failures: this.expectedFailures,
      divergence_flags: Object.fromEntries([...this.divergenceFlags].sort()),
      cells: [...this.cells.values()],
    };
  }

  /** One line: "N cases: P pass, D divergence, F fail, U unsupported, E error". */
  summary() {
    const t = this.totals;
    return `${t.cases} cases: ${t.pass} pass, ${t.divergence} divergence, ${t.fail} fail (${this.expectedFailures} of them expected), ${t.unsupported} unsupported, ${t.error} error`;
  }

  /** Writes toJSON() (with `extra` members first) to `path`. */
  write(path, extra = {}) {
    writeFileSync(path, JSON.stringify({ ...extra, ...this.toJSON() }, null, 1) + "\n");
  }
}
