// The progress of a long step (a run, a generation, a check), in the form its output allows: on
// a terminal, one line redrawn in place ("cases 1,234,567 of 3,427,807 (36.0%), 412 k/s, about
// 5 s left: cast/int8.json"); in a log (stderr is a file or a pipe), the same text as plain whole
// lines, the first after 2 s, then at most one every 10 s, and a last one at the end. Every
// command's progress goes through this class, so that a log never holds "\r" or escape codes.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace cvc {

class ProgressReport {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Form {
    terminal,  // redrawn with "\r" at most ten times a second
    log,       // plain lines, periodically
    off,       // nothing (--quiet)
  };

  // On stderr: terminal when it is one, log otherwise; off when `quiet`. `unit` names what is
  // counted ("cases", "files", "arrays").
  explicit ProgressReport(std::string unit, bool quiet = false);
  // Injectable for tests: the stream, the form, the clock and the terminal's width.
  ProgressReport(std::string unit, std::ostream& stream, Form form,
                 std::function<Clock::time_point()> clock = &Clock::now, std::size_t columns = 80);

  // A step bound by time rather than by a count (cvc fuzz --seconds): share and time left are of
  // this many seconds whenever the total is unknown.
  void set_time_limit(double seconds) { time_limit_ = seconds; }
  // For units of very different sizes (files): a time left from their rate would mislead.
  void hide_time_left() { time_left_shown_ = false; }

  // `done` of `total` (0: not known). The label (bounded, on one line) says where the step is.
  void update(std::uint64_t done, std::uint64_t total, std::string_view label = {});
  // Before other output: erases the terminal line (the next update draws it again).
  void clear();
  // At the end of the step: erases the terminal line; in a log, a last line (when the step lasted
  // long enough for the first).
  void finish();

  Form form() const { return form_; }
  // The text of one report, as both forms write it (without "\r" or a newline).
  std::string text(std::uint64_t done, std::uint64_t total, std::string_view label,
                   Clock::time_point now, bool finished) const;

 private:
  void write_line(const std::string& text);

  std::string unit_;
  std::ostream& stream_;
  Form form_;
  std::function<Clock::time_point()> clock_;
  std::size_t columns_;
  double time_limit_ = 0;
  bool time_left_shown_ = true;
  bool started_ = false, drawn_ = false, logged_ = false;
  Clock::time_point start_, last_written_;
  std::uint64_t done_ = 0, total_ = 0;
  std::string label_;
};

// Whether stderr is a terminal (then progress is redrawn in place).
bool stderr_is_terminal();

}  // namespace cvc
