// Hostile input and misbehaving adapters (issue 9): JSON from outside is fuzzed (nesting, huge
// numbers, malformed text: an error or a value, never a crash or a recursion on input depth), and
// each adapter misbehaviour ends the run with the documented verdict, loses no case and leaves no
// process behind.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "harness/protocol/adapter_start.hpp"
#include "harness/reports/run_summary.hpp"
#include "harness/run/runner.hpp"
#include "harness/sources/live_source.hpp"
#include "oracle/io/json_exact.hpp"

// Each test file in a namespace of its own: the test binary is built in batches of files.
namespace cvc::hostile_test {
namespace {

namespace fs = std::filesystem;

// --- JSON from outside --------------------------------------------------------------------------

// Text built from JSON fragments: deep nesting, long numbers, strings, and broken pieces.
rc::Gen<std::string> json_like_text() {
  return rc::gen::map(rc::gen::pair(rc::gen::inRange<std::size_t>(0, 2000),
                                    rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 12))),
                      [](const std::pair<std::size_t, std::vector<int>>& drawn) {
                        const auto& [depth, pieces] = drawn;
                        std::string text(depth, '[');
                        for (const int piece : pieces) {
                          switch (piece) {
                            case 0:
                              text += "1";
                              break;
                            case 1:
                              text += std::string(5000, '9');
                              break;  // beyond the number limit
                            case 2:
                              text += "-0.5e-300";
                              break;
                            case 3:
                              text += "\"s\\u00e9\"";
                              break;
                            case 4:
                              text += ",";
                              break;
                            case 5:
                              text += "{\"k\":";
                              break;
                            case 6:
                              text += "}";
                              break;
                            case 7:
                              text += "]";
                              break;
                            case 8:
                              text += "nul";
                              break;  // malformed
                            case 9:
                              text += "\"unterminated";
                              break;
                            case 10:
                              text += "1e400";
                              break;
                            default:
                              text += "true";
                              break;
                          }
                        }
                        text += std::string(depth, ']');
                        return text;
                      });
}

std::size_t nesting_of(const nlohmann::json& value) {
  std::size_t deepest = 0;
  std::vector<std::pair<const nlohmann::json*, std::size_t>> stack = {{&value, 1}};
  while (!stack.empty()) {
    const auto [node, depth] = stack.back();
    stack.pop_back();
    if (!node->is_array() && !node->is_object()) continue;
    deepest = std::max(deepest, depth);
    for (const nlohmann::json& child : *node) stack.emplace_back(&child, depth + 1);
  }
  return deepest;
}

RC_GTEST_PROP(HostileJson, ParsesOrRefusesWithinTheLimits, ()) {
  const std::string text = *json_like_text();
  try {
    const nlohmann::json value = parse_json_exact(text);
    RC_ASSERT(nesting_of(value) <= kMaxJsonDepth);
    // What was accepted writes back and reads again as the same document.
    RC_ASSERT(dump_json_exact(parse_json_exact(dump_json_exact(value))) == dump_json_exact(value));
  } catch (const JsonError& error) {
    RC_ASSERT(std::string(error.what()).size() > 0);
  }
}

TEST(HostileJson, TheIssueReproducersAreRefusedClearly) {
  const std::string deep = "{\"data_type\":\"int8\",\"scalar_map\":" + std::string(30000, '[') +
                           std::string(30000, ']') + "}";
  try {
    parse_json_exact(deep);
    FAIL() << "30000 levels of nesting were accepted";
  } catch (const JsonError& error) {
    EXPECT_NE(std::string(error.what()).find("deeper than the limit of 256"), std::string::npos);
  }
  try {
    parse_json_exact("[" + std::string(1'000'000, '7') + "]");
    FAIL() << "a number of a million digits was accepted";
  } catch (const JsonError& error) {
    EXPECT_NE(std::string(error.what()).find("more than the limit of 4096"), std::string::npos);
  }
  try {
    parse_json_exact("{\"data_type\":\"int8\",\"x\":[12345 x]}");
    FAIL();
  } catch (const JsonError& error) {
    // The message quotes the input as given, not the parser's copy with numbers blanked.
    EXPECT_NE(std::string(error.what()).find("[12345 x"), std::string::npos) << error.what();
    EXPECT_EQ(std::string(error.what()).find("0     x"), std::string::npos) << error.what();
  }
  // Exactly at the limits: accepted.
  EXPECT_NO_THROW(
      parse_json_exact(std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']')));
  EXPECT_NO_THROW(parse_json_exact(std::string(kMaxJsonNumberChars, '1')));
}

// --- Misbehaving adapters -----------------------------------------------------------------------

const std::string kCvc = CVC_BINARY;

// A shell adapter written to a temporary file. Its processes carry a marker in their command
// lines (the script's path; "@SLEEP@" in the body becomes a sleep whose duration is unique to
// this test), so that the test can look for any left behind.
class ScriptAdapter {
 public:
  ScriptAdapter(std::string_view name, std::string body)
      : marker_("cvc-hostile-" + std::to_string(::getpid()) + "-" + std::string(name)),
        sleeper_("sleep 2999." + std::to_string(::getpid()) + std::to_string(name.size())),
        path_(fs::temp_directory_path() / (marker_ + ".sh")) {
    for (std::size_t at; (at = body.find("@SLEEP@")) != std::string::npos;)
      body.replace(at, 7, sleeper_);
    std::ofstream(path_) << "#!/bin/sh\n" << body;
    fs::permissions(path_, fs::perms::owner_all);
  }
  ~ScriptAdapter() {
    for (const std::string& pattern : {marker_, sleeper_})
      std::system(("pkill -9 -f '" + pattern + "' >/dev/null 2>&1").c_str());
    fs::remove(path_);
  }
  std::string command() const { return path_.string(); }
  // Processes still running with the marker or the sleep in their command line.
  int survivors() const {
    int count = 0;
    for (const std::string& pattern : {marker_, sleeper_}) {
      // "[c]vc-..." matches the adapter's command lines but not the shell running pgrep.
      std::string command = "pgrep -f -c '[";
      command.append(pattern, 0, 1).append("]").append(pattern, 1).append("'");
      FILE* pipe = ::popen(command.c_str(), "r");
      int found = 0;
      if (pipe != nullptr) {
        if (std::fscanf(pipe, "%d", &found) != 1) found = 0;
        ::pclose(pipe);
      }
      count += found;
    }
    return count;
  }

 private:
  std::string marker_, sleeper_;
  fs::path path_;
};

constexpr const char* kHello =
    "read line\n"
    "echo '{\"protocol\":1,\"implementation\":{\"name\":\"hostile\",\"version\":\"1\","
    "\"language\":\"sh\"},\"data_types\":[\"int8\",\"float64\"],\"operations\":[\"encode\","
    "\"decode\"]}'\n";

struct Outcome {
  RunEnd end;
  RunSummary summary;
  double seconds = 0;
};

std::unique_ptr<Outcome> run_live(const ScriptAdapter& adapter, std::vector<std::string> types,
                                  std::uint64_t count, std::chrono::milliseconds timeout) {
  auto outcome = std::make_unique<Outcome>();
  LiveOptions live;
  live.exhaustive = false;
  live.count = count;
  live.seed = 3;
  CaseFilter filter;
  filter.types = std::move(types);
  LiveCaseSource source(live, filter);
  RunnerOptions options;
  options.command = adapter.command();
  options.timeout = timeout;
  // Each start is waited for as an event: the adapters' timeouts under test are their requests'.
  options.start_timeout = std::chrono::minutes(10);
  options.mode = "test";
  const auto started = std::chrono::steady_clock::now();
  outcome->end = run_cases(source, options, {&outcome->summary});
  outcome->seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return outcome;
}

TEST(HostileAdapter, OneThatStopsReadingTimesOutAndLeavesNothingRunning) {
  // It shrinks its stdin pipe to 4 KiB (F_SETPIPE_SZ = 1031) and never reads again, so that a
  // request of 4096 elements (at least 8 KiB of hex) cannot be written. The pipe is shrunk
  // before the hello is answered: once a request is in it, it cannot shrink (EBUSY).
  const ScriptAdapter adapter("stop-reading",
                              "python3 -c 'import fcntl; fcntl.fcntl(0, 1031, 4096)'\n" +
                                  std::string(kHello) +
                                  "exec python3 -c 'import time; time.sleep(600)' @SLEEP@\n");
  const auto outcome = run_live(adapter, {"float64"}, 4096, std::chrono::milliseconds(1000));
  // Five timeouts in a row end it: aborted for that reason, not by a limit on the whole run.
  EXPECT_TRUE(outcome->end.aborted) << "the run must end with a reason";
  EXPECT_NE(outcome->end.abort_reason.find("in a row"), std::string::npos)
      << outcome->end.abort_reason;
  ASSERT_FALSE(outcome->summary.incidents().empty());
  EXPECT_NE(outcome->summary.incidents().front().detail.find("stopped reading its stdin"),
            std::string::npos)
      << outcome->summary.incidents().front().detail;
  EXPECT_GT(outcome->summary.incident_count(), 0u);
  EXPECT_LE(outcome->summary.incident_count(), 10u) << "five in a row, and their restarts";
  EXPECT_NE(exit_code(outcome->summary), 0);
  EXPECT_EQ(adapter.survivors(), 0);
}

TEST(HostileAdapter, AnOrphanedChildIsKilledWithItsGroup) {
  const ScriptAdapter adapter("orphan", std::string(kHello) + "@SLEEP@ &\nexit 0\n");
  const auto outcome = run_live(adapter, {"int8"}, 10, std::chrono::milliseconds(5000));
  EXPECT_LT(outcome->seconds, 30.0) << "an exited adapter was waited for like a slow one";
  ASSERT_FALSE(outcome->summary.incidents().empty());
  EXPECT_EQ(outcome->summary.incidents().front().kind, "crash");  // not a timeout
  EXPECT_EQ(adapter.survivors(), 0);
}

TEST(HostileAdapter, ACrashStormAbortsAndCountsWhatWasNotReached) {
  const ScriptAdapter adapter("crash-storm", std::string(kHello) + "read line\nexit 3\n");
  const auto outcome = run_live(adapter, {"int8"}, 50, std::chrono::milliseconds(5000));
  EXPECT_TRUE(outcome->end.aborted);
  EXPECT_NE(outcome->end.abort_reason.find("in a row"), std::string::npos)
      << outcome->end.abort_reason;
  EXPECT_LE(outcome->summary.incident_count(), 20u) << "restarted again and again";
  EXPECT_GT(outcome->end.not_reached, 0u) << "the cases after the abort are not counted";
  EXPECT_EQ(exit_code(outcome->summary), 1);
  EXPECT_EQ(adapter.survivors(), 0);
}

// A hello that names types outside the 26: the adapter cannot be started, said once with the names
// (cvc exits 2), and no case is counted.
TEST(HostileAdapter, UnknownTypeNamesInTheHelloAreAHandshakeError) {
  const ScriptAdapter adapter(
      "unknown-types",
      "read line\necho '{\"protocol\":1,\"implementation\":{\"name\":\"x\",\"version\":\"1\","
      "\"language\":\"sh\"},\"data_types\":[\"Int4\",\"int99\"],\"operations\":[\"encode\"]}'\n"
      "cat >/dev/null\n");
  try {
    run_live(adapter, {"int8"}, 10, std::chrono::milliseconds(5000));
    ADD_FAILURE() << "the run began";
  } catch (const CannotStartError& error) {
    EXPECT_NE(std::string(error.what()).find("\"Int4\", \"int99\""), std::string::npos)
        << error.what();
  }
}

TEST(HostileAdapter, ARunThatComparedNothingNeverPasses) {
  // Declares int8 and float64; asked only about float16 (every case involves it): all
  // unsupported, nothing compared.
  const ScriptAdapter adapter("compares-nothing", std::string(kHello) + "cat >/dev/null\n");
  const auto outcome = run_live(adapter, {"float16"}, 10, std::chrono::milliseconds(5000));
  EXPECT_FALSE(outcome->end.aborted);
  EXPECT_GT(outcome->summary.totals()[Verdict::Unsupported], 0u);
  EXPECT_EQ(outcome->summary.totals().compared(), 0u);
  EXPECT_EQ(exit_code(outcome->summary), 1);
  EXPECT_EQ(result_label(outcome->summary), "NOTHING COMPARED");
}

}  // namespace
}  // namespace cvc::hostile_test
