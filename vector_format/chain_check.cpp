#include "vector_format/chain_check.hpp"

#include <set>

#include "oracle/codec_chain.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/slow/slow_element_oracle.hpp"
#include "vector_format/chain_vector_reader.hpp"
#include "vector_format/vector_check_support.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {
// The file's helpers, in a namespace of their own: the library is built in unity batches.
namespace chain_checking {
namespace {

// Whether a flag acts on one element of a chain: the cast flags and the scale_offset flags.
bool acts_on_elements(Flag flag) {
  return is_cast_flag(flag) || is_scale_offset_flag(flag);
}

// What the slow oracle computes for the case under `readings`, in the vectors' terms.
ChainExpectation slow_expectation(const ChainVectorGroup& group, const ChainVectorCase& item,
                                  const Readings& readings = {}) {
  return chain_expectation(group.chain,
                           group.compute(item.input, readings, slow::slow_element_oracle()));
}

// "0x64", or "error:out_of_range at codecs[1]" (error_at as written, when it is given).
std::string described(const ChainVectorGroup& group, const ChainExpectation& expectation) {
  std::string text = chain_result_text(*group.output_type, expectation);
  if (!expectation.ok() && !expectation.error_at.empty()) text += " at " + expectation.error_at;
  return text;
}

// The default result and, on an error, the codec that failed.
void check_result(const ChainVectorGroup& group, const ChainVectorCase& item, const std::string& at,
                  VectorCheckReport& report, const FileProblems& problem) {
  const ChainExpectation computed = slow_expectation(group, item);
  ++report.results_checked;
  ++report.chain_results_checked;
  if (!computed.same_outcome(item.expected) || computed.error_at != item.expected.error_at)
    problem(at + ": vector says " + described(group, item.expected) +
            ", the slow oracle computes " + described(group, computed));
}

// The listed alternatives, each recomputed, each different from the default; returns the flags
// they belong to.
std::set<std::string> check_alternatives(const ChainVectorGroup& group, const ChainVectorCase& item,
                                         const std::string& at, VectorCheckReport& report,
                                         const FileProblems& problem) {
  std::set<std::string> flags;
  for (const auto& [name, listed] : item.alternatives) {
    const std::optional<Readings> readings = readings_for(name);
    if (!readings) {
      problem(at + ": unknown alternative " + name);
      continue;
    }
    flags.insert(name.substr(0, name.find('=')));
    const ChainExpectation computed = slow_expectation(group, item, *readings);
    ++report.alternatives_checked;
    if (!computed.same_outcome(listed))
      problem(at + " under " + name + ": vector says " + described(group, listed) +
              ", the slow oracle computes " + described(group, computed));
    if (listed.same_outcome(item.expected))
      problem(at + ": " + name + " is listed but gives the default result " +
              described(group, item.expected));
  }
  return flags;
}

// Completeness: no alternative of a flag acting on elements changes the result unlisted.
void check_completeness(const ChainVectorGroup& group, const ChainVectorCase& item,
                        const std::string& at, VectorCheckReport& report,
                        const FileProblems& problem) {
  ++report.completeness_cases;
  for (const FlagInfo& info : all_flags()) {
    if (!acts_on_elements(info.flag)) continue;
    for (int alternative = 1; alternative <= info.alternative_count(); ++alternative) {
      const std::string name = alternative_name(info, alternative);
      if (item.alternatives.count(name)) continue;
      const ChainExpectation computed =
          slow_expectation(group, item, Readings{}.with(info.flag, alternative));
      if (!computed.same_outcome(item.expected))
        problem(at + ": under " + name + " the result is " + described(group, computed) +
                " but the case lists no alternative");
    }
  }
}

// The group's array metadata (its fill value through its chain) is valid for the oracle: the
// harness sends it as the array's, so an invalid one is a defect of the vectors.
void check_metadata(const ChainVectorGroup& group, const FileProblems& problem) {
  const FillValueCheck check = validate_array_metadata(group.array_metadata());
  if (!check.valid)
    problem(group.where() + ": \"fill_value\" " + dump_json_exact(group.fill_value) +
            " with the group's codecs is not valid metadata: " + check.message);
}

void check_case(const ChainVectorGroup& group, const ChainVectorCase& item,
                const VectorCheckOptions& options, VectorCheckReport& report,
                const FileProblems& problem) {
  const std::string at = group.where() + " case " + std::to_string(item.id);
  check_result(group, item, at, report, problem);
  const std::set<std::string> flags = check_alternatives(group, item, at, report, problem);
  if (std::set<std::string>(item.flags.begin(), item.flags.end()) != flags ||
      item.flags.size() != flags.size())
    problem(at + ": \"flags\" does not list exactly the flags of \"alternatives\"");
  if (in_completeness_sample(options, item.id))
    check_completeness(group, item, at, report, problem);
}

}  // namespace
}  // namespace chain_checking

void check_chain_file(const std::string& path, const VectorCheckOptions& options,
                      VectorCheckReport& report) {
  std::vector<ChainVectorGroup> groups;
  std::uint64_t declared = 0;
  try {
    groups = read_chain_vector_file(path, &declared);
  } catch (const VectorFormatError& error) {
    report.problems.push_back(error.what());
    return;
  }
  const FileProblems problem(report);
  std::uint64_t counted = 0;
  std::set<std::uint64_t> ids;
  for (const ChainVectorGroup& group : groups) {
    chain_checking::check_metadata(group, problem);
    for (const ChainVectorCase& item : group.cases) {
      ++counted;
      if (!ids.insert(item.id).second)
        problem(group.where() + " case " + std::to_string(item.id) +
                ": the id is not unique in the file");
      chain_checking::check_case(group, item, options, report, problem);
    }
  }
  if (counted != declared)
    problem(path + ": \"number_of_cases\" is " + std::to_string(declared) + " but the file has " +
            std::to_string(counted) + " cases");
}

}  // namespace cvc
