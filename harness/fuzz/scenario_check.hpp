// Sends a scenario to the adapter and judges the answer against the oracle, element by element,
// as `cvc run` judges cases (exact bits, any NaN for a NaN, any refusal for an error; a result of
// an alternative reading is a divergence, a failure only with --strict). Adapter faults are
// handled as `cvc run` handles them: the adapter is restarted after a crash, timeout or malformed
// answer, the incident is counted, and after max_incidents_in_a_row requests in a row end in one
// the checker gives up (aborted).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "harness/bug_models/bug_model.hpp"
#include "harness/fuzz/scenario.hpp"
#include "harness/protocol/adapter_client.hpp"

namespace cvc::fuzz {

struct CheckerOptions {
  std::string command;  // --impl
  std::chrono::milliseconds timeout{60000};
  std::chrono::milliseconds start_timeout{0};  // the wait for each hello; zero: `timeout`
  int max_incidents_in_a_row = 5;
  int max_incidents = 50;  // requests in all that end in an incident (--max-incidents)
  int max_restarts_in_a_row = 3;
  bool strict = false;  // divergences count as mismatches
  const std::atomic<bool>* interrupted = nullptr;
};

// One element (cast) or the metadata (validate) the adapter got wrong.
struct Mismatch {
  std::size_t element = 0;  // index into the scenario's elements (0 for validate)
  // "wrong value", "a value where the oracle gives an error", "an error where the oracle gives a
  // value", "rejected the configuration", "accepted invalid metadata", "refused valid metadata",
  // or "matches FLAG=ALT" (a divergence under --strict).
  std::string kind;
  BugModelSet models;  // the known-bug models reproducing the answer exactly
  std::string expected, got;
};

enum class CheckStatus { Match, Mismatch, Unsupported, AdapterError, Stopped };

struct CheckResult {
  CheckStatus status = CheckStatus::Match;
  std::vector<Mismatch> mismatches;                  // Mismatch: every element that failed
  std::map<std::string, std::uint64_t> divergences;  // flag -> elements (not under --strict)
  std::string detail;                                // Unsupported / AdapterError: why
  std::uint64_t elements = 0;                        // elements (or metadata) compared
};

class ScenarioChecker {
 public:
  explicit ScenarioChecker(CheckerOptions options);
  ~ScenarioChecker();

  // Starts the adapter, once: false with `why` only when interrupted; CannotStartError
  // (harness/protocol/adapter_start.hpp) when it cannot be started.
  bool start(std::string& why);
  const Handshake& handshake() const { return handshake_; }
  CheckResult check(const Scenario& scenario);
  void close();

  // Stopped: interrupted by a signal, or aborted (the reason says which).
  bool stopped() const { return interrupted_ || !abort_reason_.empty(); }
  bool interrupted() const { return interrupted_; }
  const std::string& abort_reason() const { return abort_reason_; }
  std::uint64_t requests() const { return requests_; }
  std::uint64_t incident_count() const { return incident_count_; }
  // The first incidents (kind, detail, pending request), for the report.
  const std::vector<AdapterIncident>& incidents() const { return incidents_; }

 private:
  CheckResult check_cast(const CastScenario& scenario);
  CheckResult check_validate(const ValidateScenario& scenario);
  // An incident answer: counted, the adapter restarted; a Stopped or AdapterError result.
  CheckResult take_incident(const AdapterAnswer& answer);
  bool connect();

  CheckerOptions options_;
  AdapterClient client_;
  Handshake handshake_;
  bool connected_ = false, interrupted_ = false;
  std::string abort_reason_;
  int consecutive_incidents_ = 0;
  std::uint64_t requests_ = 0, incident_count_ = 0;
  std::vector<AdapterIncident> incidents_;
};

}  // namespace cvc::fuzz
