// The JUnit XML report, for CI systems: one <testsuite> per operation (encode, decode, validate),
// one <testcase> per cell (classname = operation, name = "float16 -> int8", time = the wall time
// of its requests, <properties> = its counts). A cell fails when a case failed or hit an adapter
// error (and, with strict, when one diverged). Its unsupported cases are never part of a pass:
// a cell whose cases were all unsupported is <skipped>; a cell with some unsupported cases also
// gets a second, skipped testcase "float16 -> int8 (unsupported part)" that counts them. A "run"
// suite, present when the run did not complete or the adapter had incidents, fails when the run
// was interrupted or aborted and lists the incidents.
#pragma once

#include <ostream>

#include "harness/reports/run_summary.hpp"

namespace cvc {

void write_junit_report(const RunSummary& summary, std::ostream& out);

}  // namespace cvc
