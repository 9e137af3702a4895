#include "vector_format/store_check.hpp"

#include <filesystem>
#include <functional>
#include <map>
#include <set>

#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/io/json_exact.hpp"
#include "oracle/slow/slow_element_oracle.hpp"
#include "vector_format/store_chunks.hpp"
#include "vector_format/store_index.hpp"
#include "vector_format/vector_file.hpp"

namespace cvc {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxStoreProblems = 50;

// Reading `index.json`'s entries, with the problems they have.
struct StoreFamilyCheck {
  const std::string& directory;
  VectorCheckReport& report;
  std::map<std::string, std::string> sha256_of;  // listed path -> digest, stores/ only
  std::set<std::string> claimed;                 // listed paths an array accounts for
  std::size_t problems = 0;

  void problem(const std::string& text) {
    if (problems++ < kMaxStoreProblems) report.problems.push_back(text);
  }
  std::string read(const std::string& path) const {
    return read_listed_file(directory, path, sha256_of.at(path));
  }
};

// The slow oracle's element functions (cast_value and scale_offset) under `readings`.
ChainOracle slow_oracle_under(const Readings& readings) {
  return {&slow::slow_element_oracle(), readings};
}

// Every alternative of every flag an element computation reads (cast and scale_offset flags).
std::vector<Readings> element_alternatives() {
  std::vector<Readings> all;
  for (const FlagInfo& info : all_flags())
    if (is_cast_flag(info.flag) || is_scale_offset_flag(info.flag))
      for (int k = 1; k <= info.alternative_count(); ++k)
        all.push_back(Readings{}.with(info.flag, k));
  return all;
}

std::string outcome_text(const DataType& type, const std::vector<std::uint64_t>& values,
                         const std::string& error) {
  if (!error.empty()) return "error " + error;
  std::string text;
  for (const std::uint64_t bits : values)
    text += (text.empty() ? "" : " ") + pattern_hex(type, bits);
  return text;
}

// What the index says an array gives: "error KIND" or the values.
std::string listed_outcome(const StoreIndexEntry& entry) {
  if (entry.expected_error) return "error " + *entry.expected_error;
  return outcome_text(*entry.data_type, entry.expected_values, "");
}

// The listed outcome against the slow oracle's under the default reading, and the slow oracle's
// under every alternative element reading (cast and scale_offset flags) against its default
// (version 1 has no reading-dependent array). `verb` is "reads" or "writes".
void compare_outcomes(StoreFamilyCheck& check, const std::string& at, const std::string& listed,
                      const std::function<std::string(const Readings&)>& outcome,
                      const std::string& verb, const std::string& legend) {
  const std::string computed = outcome({});
  ++check.report.results_checked;
  if (computed != listed)
    check.problem(at + ": the index says [" + listed + "], the slow oracle " + verb + " [" +
                  computed + "]" + legend);
  for (const Readings& readings : element_alternatives()) {
    ++check.report.alternatives_checked;
    if (outcome(readings) != computed)
      check.problem(at + ": an alternative reading changes what the array " + verb);
  }
}

// The chunk files the manifest lists under the array's directory (zarr.json aside), by key.
std::map<std::string, std::string> listed_chunks(StoreFamilyCheck& check, const std::string& dir) {
  std::map<std::string, std::string> files;
  for (auto it = check.sha256_of.lower_bound(dir);
       it != check.sha256_of.end() && it->first.starts_with(dir); ++it) {
    const std::string key = it->first.substr(dir.size());
    if (key == "zarr.json") continue;
    files[key] = check.read(it->first);
    check.claimed.insert(it->first);
  }
  return files;
}

void check_decode(StoreFamilyCheck& check, const StoreArray& array, const StoreIndexEntry& entry,
                  const std::string& dir, const std::string& at) {
  const std::map<std::string, std::string> files = listed_chunks(check, dir);
  // A file the reading would not look at is still handed to the implementation with the array.
  for (const auto& [key, bytes] : files)
    if (!chunk_position_of(array.shape, array.chunk_shape, key))
      check.problem(at + ": " + dir + bounded_quote(key) + " is not a chunk file of the grid");
  const auto outcome = [&](const Readings& readings) {
    const StoreRead read = read_chunks(array, files, slow_oracle_under(readings));
    return outcome_text(*array.array_type, read.values, read.error);
  };
  compare_outcomes(check, at, listed_outcome(entry), outcome, "reads", "");
}

// The written chunks as the index lists them ("error KIND" or each key, its hex and whether it
// may be absent), and as computed.
std::string write_text(const StoreWrite& write) {
  if (!write.error.empty()) return "error " + write.error;
  std::string text;
  const std::set<std::string> may_be_absent(write.chunks.all_fill.begin(),
                                            write.chunks.all_fill.end());
  for (const auto& [key, bytes] : write.chunks.files)
    text += key + "=" + bytes_hex(bytes) + (may_be_absent.count(key) ? "?" : "") + " ";
  return text;
}

std::string listed_write_text(const StoreIndexEntry& entry) {
  if (entry.expected_error) return "error " + *entry.expected_error;
  std::string text;
  for (const auto& [key, bytes] : entry.expected_chunks)
    text += key + "=" + bytes_hex(bytes) + (entry.may_be_absent.count(key) ? "?" : "") + " ";
  return text;
}

void check_encode(StoreFamilyCheck& check, const StoreArray& array, const StoreIndexEntry& entry,
                  const std::string& dir, const std::string& at) {
  if (!listed_chunks(check, dir).empty())
    check.problem(at + ": an encode array's directory holds chunk files (only zarr.json belongs)");
  const auto outcome = [&](const Readings& readings) {
    return write_text(
        write_selection(array, entry.selection, entry.write_values, slow_oracle_under(readings)));
  };
  compare_outcomes(check, at, listed_write_text(entry), outcome, "writes",
                   " (key=hex, ? when it may be absent)");
}

void check_open(StoreFamilyCheck& check, const nlohmann::json& zarr, const StoreIndexEntry& entry,
                const std::string& at) {
  const std::string computed = validate_store_metadata(zarr).valid ? "valid" : "invalid";
  ++check.report.results_checked;
  const std::string listed = entry.expected_valid ? "valid" : "invalid";
  if (computed != listed)
    check.problem(at + ": the index says " + listed + ", the oracle's validation says " + computed);
  for (const FlagInfo& info : all_flags())
    for (int k = 1; k <= info.alternative_count(); ++k) {
      ++check.report.alternatives_checked;
      if ((validate_store_metadata(zarr, Readings{}.with(info.flag, k)).valid
               ? "valid"
               : "invalid") != computed)
        check.problem(at + ": the verdict depends on the reading " + std::string(info.name));
    }
}

// zarr.json against the index entry's copies of its facts (store_index.hpp's one comparison).
void check_entry_facts(StoreFamilyCheck& check, const nlohmann::json& zarr,
                       const StoreIndexEntry& entry, const std::string& at) {
  if (const std::optional<std::string> problem = index_entry_disagreement(entry, zarr))
    check.problem(at + ": " + *problem);
}

// The entry's array against its zarr.json and the slow oracle.
void check_array(StoreFamilyCheck& check, const StoreIndexEntry& entry, const std::string& dir,
                 const std::string& at) {
  const nlohmann::json zarr = parse_json_exact(check.read(dir + "zarr.json"));
  check_entry_facts(check, zarr, entry, at);
  if (entry.kind == StoreKind::Open) {
    check_open(check, zarr, entry, at);
    return;
  }
  const StoreArray array = parse_store_array(zarr);
  if (entry.stored_data_type != array.stored_type)
    check.problem(at + ": \"stored_data_type\" is not the type at the bytes codec");
  if (entry.kind == StoreKind::Decode)
    check_decode(check, array, entry, dir, at);
  else
    check_encode(check, array, entry, dir, at);
}

void check_entry(StoreFamilyCheck& check, const nlohmann::json& item, std::size_t position,
                 std::set<std::string>& ids) {
  StoreIndexEntry entry;
  try {
    entry = parse_store_index_entry(item, position);
  } catch (const StoreIndexError& error) {
    check.problem(std::string(kStoresPrefix) + error.what());
    return;
  }
  const std::string at = "stores/index.json array " + entry.id;
  if (!ids.insert(entry.id).second) check.problem(at + ": the id is not unique");
  const std::string dir = std::string(kStoresPrefix) + entry.id + "/";
  if (!check.sha256_of.count(dir + "zarr.json")) {
    check.problem(at + ": " + dir + "zarr.json is not listed in the manifest");
    return;
  }
  check.claimed.insert(dir + "zarr.json");
  try {
    check_array(check, entry, dir, at);
  } catch (const VectorFormatError& error) {
    check.problem(at + ": " + error.what());
  } catch (const StoreFormatError& error) {
    check.problem(at + ": " + error.what());
  } catch (const JsonError& error) {
    check.problem(at + ": zarr.json is not JSON: " + error.what());
  }
}

}  // namespace

bool is_store_family_path(std::string_view path) {
  return path.starts_with(kStoresPrefix);
}

void check_store_family(const std::string& directory, const ManifestCheck& manifest,
                        VectorCheckReport& report) {
  StoreFamilyCheck check{directory, report, {}, {}, 0};
  for (std::size_t i = 0; i < manifest.paths.size(); ++i)
    if (is_store_family_path(manifest.paths[i]))
      check.sha256_of[manifest.paths[i]] = manifest.sha256s[i];
  if (check.sha256_of.empty()) return;
  const std::string index_path = std::string(kStoresPrefix) + "index.json";
  if (!check.sha256_of.count(index_path)) {
    check.problem(index_path + ": not listed in the manifest, but other stores/ files are");
    return;
  }
  check.claimed.insert(index_path);
  ++report.files;
  nlohmann::json index;
  try {
    index = parse_json_exact(check.read(index_path));
  } catch (const VectorFormatError& error) {
    check.problem(error.what());
    return;
  } catch (const JsonError& error) {
    check.problem(index_path + ": not JSON: " + error.what());
    return;
  }
  try {
    parse_store_index_header(index);
  } catch (const StoreIndexError& error) {
    check.problem(std::string(kStoresPrefix) + error.what());
    return;
  }
  std::set<std::string> ids;
  for (std::size_t k = 0; k < index["arrays"].size(); ++k)
    check_entry(check, index["arrays"][k], k, ids);
  for (const auto& [path, digest] : check.sha256_of)
    if (!check.claimed.count(path))
      check.problem(path + ": listed, but belongs to no array of the index");
}

}  // namespace cvc
