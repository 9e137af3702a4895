// What the checks of the vector families share (vector_check.cpp, chain_check.cpp): recording a
// file's problems, the readings a "FLAG=ALT" name denotes, and the completeness sample.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "oracle/readings.hpp"
#include "vector_format/vector_check.hpp"

namespace cvc {

inline constexpr std::size_t kMaxProblemsPerFile = 50;

// Records one file's problems into the report, at most kMaxProblemsPerFile of them (counted from
// the moment it is made).
class FileProblems {
 public:
  explicit FileProblems(VectorCheckReport& report)
      : report_(report), before_(report.problems.size()) {}
  void operator()(const std::string& text) const {
    if (report_.problems.size() - before_ < kMaxProblemsPerFile) report_.problems.push_back(text);
  }

 private:
  VectorCheckReport& report_;
  std::size_t before_;
};

// Parses "FLAG=ALT" into readings with that alternative; nullopt when unknown.
std::optional<Readings> readings_for(const std::string& name);

// "FLAG=ALT" for the alternative numbered `alternative` (from 1) of a flag.
std::string alternative_name(const FlagInfo& info, int alternative);

// Whether the case with this id is one of those checked for completeness.
bool in_completeness_sample(const VectorCheckOptions& options, std::uint64_t id);

}  // namespace cvc
