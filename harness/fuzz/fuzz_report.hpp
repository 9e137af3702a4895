// The reports of a fuzz run: terminal, JSON (harness/fuzz/fuzz-report.schema.json) and JUnit.
// Each lists every distinct minimal mismatch once, with its replay line and commands, the seed
// and case index that found it, and what the run tried per feature.
#pragma once

#include <ostream>
#include <string_view>

#include "harness/fuzz/fuzz_run.hpp"

namespace cvc::fuzz {

inline constexpr std::string_view kFuzzReportName = "cvc-fuzz";
inline constexpr int kFuzzReportVersion = 1;

void write_fuzz_terminal(const FuzzOutcome& outcome, std::ostream& out);
void write_fuzz_json(const FuzzOutcome& outcome, std::ostream& out);
void write_fuzz_junit(const FuzzOutcome& outcome, std::ostream& out);

}  // namespace cvc::fuzz
