#!/usr/bin/env node
// The reader's command line (the package's "bin"): `cast-value-vectors verify DIR` checks a vector
// folder whole as docs/input-contract.md says (the manifest, every file and every line, the stable
// ids across the set) and says what set it is. The hostile corpus (tests/hostile/readers_agree.sh)
// runs exactly this: exit 0 with the last line "published X" or "modified: <what it lacks>"; exit 2
// with one message on stderr naming the file (or the argument) and what is wrong; 3 for a bug here.

import { VectorsError } from "./errors.js";
import { Vectors } from "./vectors.js";

const USAGE = "usage: cast-value-vectors verify DIR   (node readers/js/src/cli.js verify DIR)";

/** Checks the folder `dir` whole; returns the lines to print. */
function verify(dir) {
  const vectors = new Vectors(dir);
  // A modified set was read whole when it was opened (its stable ids checked across the set); a
  // published set's files are read whole here, every line checked, and its stable ids too.
  const ids = vectors.published ? vectors.checkStableIds() : vectors.stableIdCount;
  return [`${vectors.files.length} vector files and ${ids} stable ids checked in ${dir}`, vectors.identity.description];
}

function main(args) {
  if (args.length === 1 && ["-h", "--help"].includes(args[0])) {
    console.log(USAGE);
    return 0;
  }
  if (args.length !== 2 || args[0] !== "verify") {
    console.error(`cast-value-vectors: ${args.length === 0 ? "no command" : `unknown arguments ${JSON.stringify(args)}`}\n${USAGE}`);
    return 2;
  }
  try {
    for (const line of verify(args[1])) console.log(line);
    return 0;
  } catch (err) {
    if (!(err instanceof VectorsError)) throw err;
    console.error(`cast-value-vectors verify: ${err.message}`);
    return 2;
  }
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (err) {
  console.error(`cast-value-vectors: internal error (a bug of the reader): ${err?.stack ?? err}`);
  process.exitCode = 3;
}
