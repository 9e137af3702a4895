// ProgressReport: the terminal line's contents (share, rate, time left), its throttling, and the
// log's cadence (first line after 2 s, then one per 10 s, a last one at the end, no "\r"), under
// a fake clock.
#include "harness/text/progress_report.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <sstream>
#include <string>

namespace cvc::progress_report_test {
namespace {

using Form = ProgressReport::Form;
using Clock = ProgressReport::Clock;

// A clock the test moves by hand.
struct FakeClock {
  Clock::time_point now{};
  void advance(double seconds) {
    now += std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  }
  std::function<Clock::time_point()> function() {
    return [this] { return now; };
  }
};

std::size_t count_of(const std::string& text, char c) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), c));
}

TEST(ProgressReportTest, TheTerminalLineSaysShareRateAndTimeLeft) {
  FakeClock clock;
  std::ostringstream out;
  ProgressReport progress("cases", out, Form::terminal, clock.function(), 200);
  progress.update(0, 3'427'807, "cast/int8.json");
  clock.advance(3);
  progress.update(1'236'000, 3'427'807, "cast/int8.json");
  const std::string text = out.str();
  EXPECT_NE(text.find("\rcases 0 of 3,427,807 (0.0%): cast/int8.json\x1b[K"), std::string::npos)
      << text;
  // 1,236,000 in 3 s: 412 k/s, 2,191,807 left: about 5.3 s.
  EXPECT_NE(text.find("\rcases 1,236,000 of 3,427,807 (36.1%), 412 k/s, about 5.3 s left: "
                      "cast/int8.json\x1b[K"),
            std::string::npos)
      << text;
  progress.finish();
  EXPECT_TRUE(out.str().ends_with("\r\x1b[K"));  // the line erased at the end
}

TEST(ProgressReportTest, TheTerminalLineIsRedrawnAtMostTenTimesASecond) {
  FakeClock clock;
  std::ostringstream out;
  ProgressReport progress("cases", out, Form::terminal, clock.function());
  for (std::uint64_t done = 0; done < 10'000; ++done) {
    progress.update(done, 10'000);
    clock.advance(0.0001);  // 10,000 updates in one second
  }
  progress.update(10'000, 10'000);  // reaching the total always draws
  const std::string text = out.str();
  EXPECT_GE(count_of(text, '\r'), 10u);
  EXPECT_LE(count_of(text, '\r'), 12u);
  EXPECT_NE(text.find("cases 10,000 of 10,000 (100.0%)"), std::string::npos);
  EXPECT_EQ(count_of(text, '\n'), 0u);
}

TEST(ProgressReportTest, TheTerminalLineFitsTheTerminal) {
  FakeClock clock;
  std::ostringstream out;
  ProgressReport progress("cases", out, Form::terminal, clock.function(), 40);
  progress.update(5, 10, std::string(500, 'x'));
  const std::string text = out.str();
  EXPECT_LE(text.size(), std::string("\r\x1b[K").size() + 39 + 2);  // 39 columns, "…" 3 bytes
}

TEST(ProgressReportTest, ALogGetsWholeLinesEveryTenSecondsAndALastOne) {
  FakeClock clock;
  std::ostringstream out;
  ProgressReport progress("cases", out, Form::log, clock.function());
  // 35 s of updates, ten a second.
  for (int tick = 0; tick <= 350; ++tick) {
    progress.update(static_cast<std::uint64_t>(tick) * 1000, 1'000'000, "encode float32 -> int8");
    clock.advance(0.1);
  }
  progress.finish();
  const std::string text = out.str();
  EXPECT_EQ(text.find('\r'), std::string::npos);
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  // At 2 s, 12 s, 22 s, 32 s, and the last one.
  EXPECT_EQ(count_of(text, '\n'), 5u) << text;
  std::istringstream lines(text);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line,
            "cases 20,000 of 1,000,000 (2.0%), 10 k/s, about 98 s left: encode float32 -> int8");
  std::string last;
  while (std::getline(lines, line)) last = line;
  EXPECT_EQ(last, "cases 350,000 of 1,000,000 (35.0%), 9972/s, took 35 s: encode float32 -> int8");
}

// What a step of `seconds` writes in `form`: updates at its start and its end, then its finish.
std::string step_of(Form form, double seconds) {
  FakeClock clock;
  std::ostringstream out;
  ProgressReport progress("files", out, form, clock.function());
  progress.update(0, 3);
  clock.advance(seconds);
  progress.update(3, 3);
  progress.finish();
  return out.str();
}

TEST(ProgressReportTest, AShortStepLeavesTheLogAloneAndOffWritesNothing) {
  EXPECT_EQ(step_of(Form::log, 1.5), "");
  // Its end is said once, by the last line.
  EXPECT_EQ(step_of(Form::log, 2.5), "files 3 of 3 (100.0%), 1.2/s, took 2.5 s\n");
  EXPECT_EQ(step_of(Form::off, 60), "");
}

// The log of a step that starts at 0 of `total`, then after `seconds` is at `done` (the first
// log line), set up by `setup`.
std::string log_of(
    std::uint64_t done, std::uint64_t total, const std::string& label, double seconds = 2,
    const std::function<void(ProgressReport&)>& setup = [](ProgressReport&) {}) {
  FakeClock clock;
  std::ostringstream out;
  ProgressReport progress("cases", out, Form::log, clock.function());
  setup(progress);
  progress.update(0, total, label);
  clock.advance(seconds);
  progress.update(done, total, label);
  return out.str();
}

TEST(ProgressReportTest, ALogLineStaysUnder300CharactersWhateverTheLabel) {
  const std::string text = log_of(18'446'744'073'709'551'000u, 18'446'744'073'709'551'615u,
                                  std::string(5000, 'y') + "\r\n\x1b[2J");
  ASSERT_EQ(count_of(text, '\n'), 1u);
  EXPECT_LT(text.size(), 300u);
  EXPECT_EQ(text.find('\r'), std::string::npos);
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
}

TEST(ProgressReportTest, AnUnknownTotalIsSaidWithTheRate) {
  EXPECT_EQ(log_of(5000, 0, ""), "cases 5,000 (total not known before the end), 2500/s\n");
}

TEST(ProgressReportTest, ATimedStepCountsItsTime) {
  EXPECT_EQ(log_of(1500, 0, "2 findings", 15,
                   [](ProgressReport& progress) { progress.set_time_limit(60); }),
            "cases 1,500 (15 s of 60 s, 25.0%), 100/s, about 45 s left: 2 findings\n");
}

TEST(ProgressReportTest, UnitsOfDifferentSizesGetNoTimeLeft) {
  EXPECT_EQ(log_of(10, 40, "cast/int64.json", 2,
                   [](ProgressReport& progress) { progress.hide_time_left(); }),
            "cases 10 of 40 (25.0%), 5.0/s: cast/int64.json\n");
}

}  // namespace
}  // namespace cvc::progress_report_test
