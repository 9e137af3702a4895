// The terminal report: the run's identity and the accounting of its cases, the cells and rules
// that did not purely pass, the divergences by flag, the adapter incidents and the failure groups
// (each with one example in full).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <ostream>
#include <string>
#include <string_view>

#include "harness/reports/last_screen.hpp"
#include "harness/reports/run_summary.hpp"

namespace cvc {

struct TerminalOptions {
  std::size_t failures_shown = 20;   // failure groups printed with an example (JSON keeps all)
  std::size_t incidents_shown = 20;  // adapter incidents printed
  LastScreenSources last_screen;     // what the last screen adds from outside the run
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
// A text from outside (an adapter's name, a note) as the terminal prints it: on one line, control
// characters escaped, cut to 4096 bytes with its size said.
std::string one_line(std::string_view text);
// "pass", "divergence", "fail", "unsupported", "adapter error".
std::string verdict_label(Verdict verdict);

}  // namespace cvc
