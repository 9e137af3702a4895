// The distinct findings of a run. A failing case is a duplicate, and is only counted, when an
// earlier finding has the same known-bug models (or, unexplained, the same kind of mismatch in the
// same operation and type pair) before shrinking, or the same shrunk form or models after it:
// each distinct minimal mismatch is reported once, and the shrinker's requests go to new ones.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "harness/fuzz/finding.hpp"

namespace cvc::fuzz {

class FindingSet {
 public:
  // The key of a mismatch before shrinking: "models:MASK", or "unexplained:KIND OPERATION
  // INPUT -> OUTPUT" (validate: the array type's JSON).
  static std::string class_key(const Scenario& scenario, const Mismatch& mismatch);

  // Counts the case against an earlier finding of the same class; false when there is none.
  bool count_known(const std::string& class_key);
  // Adds a shrunk finding, or counts it against an earlier one with the same shrunk form or the
  // same models; true when it is new.
  bool add(Finding finding, const std::string& class_key);

  const std::vector<Finding>& findings() const { return findings_; }

 private:
  std::vector<Finding> findings_;
  std::map<std::string, std::size_t> by_key_;
};

}  // namespace cvc::fuzz
