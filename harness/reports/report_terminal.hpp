// The terminal report: the run's identity and the accounting of its cases, the cells and rules
// that did not purely pass, the divergences by flag, the adapter incidents and the failure groups
// (each with one example in full).
// Also the progress line the runner redraws while the run goes on.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <ostream>
#include <string>
#include <string_view>

#include "harness/reports/run_summary.hpp"

namespace cvc {

struct TerminalOptions {
  std::size_t failures_shown = 20;   // failure groups printed with an example (JSON keeps all)
  std::size_t incidents_shown = 20;  // adapter incidents printed
};

// Writes the terminal report of a summary (plain text, no colour, control characters escaped).
void write_terminal_report(const RunSummary& summary, std::ostream& out,
                           const TerminalOptions& options = {});

// The plain-text account of one outcome: a title line ("FAIL encode float16 -> int8 (where)")
// then one indented line per field (configuration, rule, input, expected, got, explanation,
// flag). Shared by the text forms (terminal, JUnit failure bodies).
std::string describe_outcome(const CaseOutcome& outcome, std::string_view indent = "  ");
// The same for an adapter incident.
std::string describe_incident(const AdapterIncident& incident, std::string_view indent = "  ");
// How the run accounts for its selection: "888567 pass + 7 divergence + ... = 3370054 cases
// selected: every one counted" (or what was not reached).
std::string accounting_text(const RunSummary& summary);
// "pass", "divergence", "fail", "unsupported", "adapter error".
std::string verdict_label(Verdict verdict);

// One line on a terminal, redrawn in place ("\r") at most ten times a second:
// "  1234567 / 100000000 cases (1.2%)  250000/s  ETA 6m35s  label". Draws nothing when disabled
// (by default: when stderr is not a terminal).
class ProgressLine {
 public:
  ProgressLine();  // stderr, enabled when isatty(stderr)
  ProgressLine(std::FILE* stream, bool enabled);

  // total 0: unknown. Redraws when 100 ms have passed since the last drawing, and on the first
  // call and the call that reaches total.
  void update(std::uint64_t done, std::uint64_t total, std::string_view label);
  void clear();  // erases the line if one is drawn (before other output, and at the end)
  bool enabled() const { return enabled_; }

 private:
  std::FILE* stream_;
  bool enabled_;
  bool drawn_ = false;
  bool started_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace cvc
