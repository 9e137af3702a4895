// The check of the stable case ids of a vector set (cvc verify-vectors): every case line's
// "stable_id" is what its content gives (vector_format/stable_id.hpp), and no two cases of the
// set share an id. A set from 1.3.0 on must carry one on every line; an older one (1.0.0 to
// 1.2.0) has none, and an id it does carry is checked all the same.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>

#include "vector_format/vector_check.hpp"

namespace cvc {

class StableIdCheck {
 public:
  // `vectors_version`: the version the set's manifest declares.
  explicit StableIdCheck(const std::string& vectors_version);

  // Checks the case lines of one parsed vector file of `family`, adding a problem naming the file,
  // group and case for each id that is missing (when required), not a string, not the one its
  // content gives, or already another case's.
  void check_file(const std::string& path, const std::string& family, const nlohmann::json& file,
                  VectorCheckReport& report);

 private:
  bool required_;
  std::unordered_map<std::string, std::string> where_seen_;  // a line's stable id -> its case
};

}  // namespace cvc
