// What a run's verdict covers, said in every report form (terminal, JSON, JUnit, HTML) in the same
// words: how many of the selected cases were compared with the oracle, what share that is, and why
// the others were not ("PASS: 808 of 252,209 selected cases compared (0.3%), 251,401 unsupported").
// A pass of 808 cases out of a quarter of a million is a pass of those 808 cases, and says so.
//
// Shares are computed in integers and rounded down: 10^17 cases of 10^17 + 1 are "99.9%", never
// "100%"; 100% means every case.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "harness/reports/run_summary.hpp"
#include "harness/text/share_text.hpp"  // share_text, said here as in every report

namespace cvc {

// 252209 as "252,209".
std::string grouped_count(std::uint64_t count);

// The selected cases, when known: those counted plus those not reached (an interrupted run that did
// not count the rest of its selection knows only those counted).
std::optional<std::uint64_t> selected_cases(const RunSummary& summary);

// How much of the selection the verdict covers: "808 of 252,209 selected cases compared (0.3%),
// 251,401 unsupported", then the adapter errors and the cases not reached when there are any; "808
// cases compared; the rest of the selection was not reached (not counted)" when the selection's
// size is not known.
std::string coverage_text(const RunSummary& summary);

// The verdict with its coverage, the text after "Result: " without the exit code: "PASS:
// <coverage>" (then the divergences allowed without --strict and a modified vector set, when so),
// "FAIL (3 failed, 1 adapter errors): <coverage>", "INCOMPLETE (interrupted): <coverage>", "NOTHING
// COMPARED: <coverage>: the run certifies nothing". Starts with result_label(summary).
std::string verdict_text(const RunSummary& summary);

}  // namespace cvc
