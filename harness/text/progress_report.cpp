#include "harness/text/progress_report.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <iostream>

#include "harness/text/text_escape.hpp"

namespace cvc {

namespace {

// Redraws of the terminal line; the log's first line, then its period.
constexpr std::chrono::milliseconds kRedrawPeriod{100};
constexpr std::chrono::seconds kFirstLogLine{2};
constexpr std::chrono::seconds kLogPeriod{10};
// A label (a file name, a cell) is cut here, so that a log line stays well under 300 characters.
constexpr std::size_t kLabelBytes = 120;

// "1,234,567".
std::string grouped(std::uint64_t value) {
  const std::string digits = std::to_string(value);
  std::string text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text.push_back(',');
    text.push_back(digits[i]);
  }
  return text;
}

std::string fixed(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

// "250/s", "2500/s", "412 k/s", "1.3 M/s".
std::string rate_text(double per_second) {
  if (per_second < 10'000) return fixed(per_second, per_second < 10 ? 1 : 0) + "/s";
  if (per_second < 1e6) return fixed(per_second / 1e3, 0) + " k/s";
  return fixed(per_second / 1e6, 1) + " M/s";
}

// "5 s", "3 min", "2 h 05 min": a time left or taken, as precise as a person reads it.
std::string duration_text(double seconds) {
  if (seconds < 10) return fixed(seconds, 1) + " s";
  const auto whole = static_cast<std::uint64_t>(std::llround(seconds));
  if (whole < 120) return std::to_string(whole) + " s";
  if (whole < 3600) return std::to_string((whole + 30) / 60) + " min";
  char text[64];
  std::snprintf(text, sizeof text, "%llu h %02llu min",
                static_cast<unsigned long long>(whole / 3600),
                static_cast<unsigned long long>(whole / 60 % 60));
  return text;
}

std::size_t stderr_columns() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= 20) return size.ws_col;
  return 80;
}

}  // namespace

bool stderr_is_terminal() {
  return isatty(STDERR_FILENO) != 0;
}

ProgressReport::ProgressReport(std::string unit, bool quiet)
    : ProgressReport(std::move(unit), std::cerr,
                     quiet                  ? Form::off
                     : stderr_is_terminal() ? Form::terminal
                                            : Form::log,
                     &Clock::now, stderr_is_terminal() ? stderr_columns() : 80) {}

ProgressReport::ProgressReport(std::string unit, std::ostream& stream, Form form,
                               std::function<Clock::time_point()> clock, std::size_t columns)
    : unit_(std::move(unit)),
      stream_(stream),
      form_(form),
      clock_(std::move(clock)),
      columns_(columns < 20 ? 20 : columns) {}

std::string ProgressReport::text(std::uint64_t done, std::uint64_t total, std::string_view label,
                                 Clock::time_point now, bool finished) const {
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  std::string line = unit_ + " " + grouped(done);
  double left = -1;  // seconds, when known
  const double rate = elapsed >= 0.5 ? static_cast<double>(done) / elapsed : 0;
  if (total != 0) {
    line += " of " + grouped(total) + " (" +
            fixed(100.0 * static_cast<double>(done) / static_cast<double>(total), 1) + "%)";
    if (rate > 0 && total > done) left = static_cast<double>(total - done) / rate;
  } else if (time_limit_ > 0) {
    line += " (" + duration_text(elapsed) + " of " + duration_text(time_limit_) + ", " +
            fixed(std::min(100.0, 100.0 * elapsed / time_limit_), 1) + "%)";
    left = std::max(0.0, time_limit_ - elapsed);
  } else {
    line += " (total not known before the end)";
  }
  if (rate > 0) line += ", " + rate_text(rate);
  if (finished)
    line += ", took " + duration_text(elapsed);
  else if (left >= 0 && time_left_shown_)
    line += ", about " + duration_text(left) + " left";
  if (!label.empty()) line += ": " + truncate_text(sanitize_text(label, false), kLabelBytes);
  return line;
}

void ProgressReport::write_line(const std::string& text) {
  if (form_ == Form::terminal) {
    std::string shown = text;
    if (display_width(shown) >= columns_) shown = truncate_text(shown, columns_ - 1);
    stream_ << '\r' << shown << "\x1b[K" << std::flush;
    drawn_ = true;
  } else {
    stream_ << text << '\n' << std::flush;
    logged_ = true;
  }
}

void ProgressReport::update(std::uint64_t done, std::uint64_t total, std::string_view label) {
  if (form_ == Form::off) return;
  const Clock::time_point now = clock_();
  if (!started_) {
    started_ = true;
    start_ = now;
    last_written_ = now;
  }
  done_ = done;
  total_ = total;
  label_.assign(label.substr(0, 4 * kLabelBytes));
  const bool reached = total != 0 && done >= total;
  if (form_ == Form::terminal) {
    if (drawn_ && !reached && now - last_written_ < kRedrawPeriod) return;
  } else if (reached ||
             (logged_ ? now - last_written_ < kLogPeriod : now - start_ < kFirstLogLine)) {
    return;  // the end is finish()'s line
  }
  last_written_ = now;
  write_line(text(done, total, label_, now, false));
}

void ProgressReport::clear() {
  if (!drawn_) return;
  stream_ << "\r\x1b[K" << std::flush;
  drawn_ = false;
}

void ProgressReport::finish() {
  if (form_ == Form::terminal) return clear();
  if (form_ != Form::log || !started_) return;
  const Clock::time_point now = clock_();
  if (logged_ || now - start_ >= kFirstLogLine) write_line(text(done_, total_, label_, now, true));
  started_ = false;
  logged_ = false;
}

}  // namespace cvc
