#include "harness/stores/store_check.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>

#include "oracle/exact_value.hpp"
#include "vector_format/store_chunks.hpp"

namespace cvc {
namespace {

namespace fs = std::filesystem;

// Patterns match exactly, except that any NaN matches any NaN.
bool same_pattern(const DataType& type, std::uint64_t expected, std::uint64_t got) {
  return expected == got ||
         (decode_exact(type, expected).is_nan() && decode_exact(type, got).is_nan());
}

// "" when `got` equals `expected`; otherwise the first differing elements and how many differ,
// and whether they all lie in an edge chunk's padding (`padding`: per element; empty: none).
std::string compare_values(const DataType& type, const std::vector<std::uint64_t>& expected,
                           const std::vector<std::uint64_t>& got, const std::string& where,
                           const std::vector<bool>& padding = {}) {
  std::string shown;
  std::size_t differing = 0, in_padding = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (same_pattern(type, expected[i], got[i])) continue;
    in_padding += !padding.empty() && padding[i];
    if (++differing <= 3)
      shown += (shown.empty() ? "" : ", ") + where + "[" + std::to_string(i) + "] " +
               pattern_hex(type, got[i]) + " (expected " + pattern_hex(type, expected[i]) + ")";
  }
  if (differing == 0) return "";
  return std::to_string(differing) + " of " + std::to_string(expected.size()) +
         " elements differ: " + shown + (differing > 3 ? ", ..." : "") +
         (in_padding == differing ? " (only in the padding beyond the array's edge, which the "
                                    "spec leaves open; the vectors expect the encoded fill value)"
                                  : "");
}

std::string file_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The files the write left in the array directory, but zarr.json: chunk key -> bytes.
std::map<std::string, std::string> written_chunks(const fs::path& array) {
  std::map<std::string, std::string> chunks;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(array)) {
    if (!entry.is_regular_file()) continue;
    const std::string key = fs::relative(entry.path(), array).generic_string();
    if (key != "zarr.json") chunks[key] = file_bytes(entry.path());
  }
  return chunks;
}

// The array the expected chunk `key` belongs to, and the chunk's position in its grid; a
// StoreVectorError when the vectors' zarr.json or key are not such an array and chunk.
std::pair<StoreArray, Extents> array_of_chunk(const nlohmann::json& metadata,
                                              const std::string& key) {
  const std::string why = ": the expected chunk is not a chunk of the array: ";
  try {
    StoreArray array = parse_store_array(metadata);
    const std::optional<Extents> position = chunk_position_of(array.shape, array.chunk_shape, key);
    if (!position) throw StoreVectorError(key + why + "not a chunk key of its grid");
    return {std::move(array), *position};
  } catch (const StoreFormatError& error) {
    throw StoreVectorError(key + why + error.what());
  }
}

// "" when the written chunk file matches the expected one (vectors/STORES.md, "Comparing"):
// element by element as stored patterns, inner chunk by inner chunk in a shard, an empty inner
// chunk matching one holding only the encoded fill value.
std::string compare_chunk(const nlohmann::json& metadata, const std::string& key,
                          const std::string& expected_file, const std::string& written_file) {
  const auto [array, position] = array_of_chunk(metadata, key);
  StoredChunk expected, written;
  try {
    expected = stored_chunk(array, position, expected_file, key);
  } catch (const StoreFormatError& error) {
    throw StoreVectorError(key +
                           ": the expected chunk is not a chunk of the array: " + error.what());
  }
  try {
    written = stored_chunk(array, position, written_file, key);
  } catch (const StoreFormatError& error) {
    return key + " is not a valid chunk of the array: " + error.what();
  }
  const DataType& type = *array.stored_type;
  const std::uint64_t encoded_fill = encode_element(array, array.fill_bits).bits;
  for (std::size_t k = 0; k < expected.inner.size(); ++k) {
    const std::string where =
        expected.inner.size() == 1 ? key : key + " inner chunk " + std::to_string(k);
    const auto& want = expected.inner[k];
    const auto& got = written.inner[k];
    if (!want && !got) continue;
    const std::size_t size = want ? want->size() : got->size();
    const std::vector<std::uint64_t> fill(size, encoded_fill);
    const std::string differ =
        compare_values(type, want ? *want : fill, got ? *got : fill, where, expected.padding[k]);
    if (!differ.empty()) return differ + (want ? "" : " (expected an empty inner chunk)");
  }
  return "";
}

struct ArrayVerdict {
  StoreVerdict verdict;
  std::string detail, note;
};

ArrayVerdict passed_with(std::string note = "") {
  return {StoreVerdict::Pass, "", std::move(note)};
}
ArrayVerdict failed_with(std::string detail) {
  return {StoreVerdict::Fail, std::move(detail), ""};
}

// The verdict of an answer that is neither the expected success nor a refusal.
std::optional<ArrayVerdict> other_answer(const AdapterAnswer& answer) {
  switch (answer.status) {
    case AdapterAnswer::Status::Unsupported:
      return ArrayVerdict{StoreVerdict::Unsupported,
                          "unsupported by the implementation: " + answer.message, ""};
    case AdapterAnswer::Status::Error:
      return ArrayVerdict{StoreVerdict::AdapterError, "adapter error: " + answer.message, ""};
    case AdapterAnswer::Status::Incident: {
      std::string detail = "adapter incident (" +
                           (answer.incident ? answer.incident->kind : std::string()) +
                           "): " + answer.message;
      if (answer.incident && !answer.incident->stderr_tail.empty())
        detail += "; its stderr ends: " +
                  answer.incident->stderr_tail.substr(
                      answer.incident->stderr_tail.size() -
                      std::min<std::size_t>(300, answer.incident->stderr_tail.size()));
      return ArrayVerdict{StoreVerdict::AdapterError, detail, ""};
    }
    default:
      return std::nullopt;
  }
}

ArrayVerdict check_decode(const StoreCase& store_case, StoreTarget& target, const fs::path& array) {
  const AdapterAnswer answer =
      target.read(array, *store_case.data_type, store_case.element_count());
  if (std::optional<ArrayVerdict> other = other_answer(answer)) return *other;
  if (answer.status == AdapterAnswer::Status::Rejected)
    return store_case.expected_error ? passed_with()
                                     : failed_with("reading failed: " + answer.message);
  if (store_case.expected_error)
    return failed_with("read values where reading must fail (" + *store_case.expected_error + ")");
  const std::string differ =
      compare_values(*store_case.data_type, store_case.expected_values, answer.outputs, "value");
  return differ.empty() ? passed_with() : failed_with(differ);
}

ArrayVerdict check_encode(const StoreCase& store_case, StoreTarget& target, const fs::path& array) {
  const AdapterAnswer answer = target.write(array, store_case.metadata, *store_case.data_type,
                                            store_case.selection, store_case.write_values);
  if (std::optional<ArrayVerdict> other = other_answer(answer)) return *other;
  if (answer.status == AdapterAnswer::Status::Rejected)
    return store_case.expected_error ? passed_with()
                                     : failed_with("writing failed: " + answer.message);
  if (store_case.expected_error)
    return failed_with("the write succeeded where it must fail (" + *store_case.expected_error +
                       ")");
  const std::map<std::string, std::string> written = written_chunks(array);
  std::vector<std::string> problems;
  for (const auto& [key, bytes] : written)
    if (!store_case.expected_chunks.contains(key))
      problems.push_back(key + " written, but no such chunk is expected");
  for (const auto& [key, bytes] : store_case.expected_chunks) {
    const auto found = written.find(key);
    if (found == written.end()) {
      if (!store_case.may_be_absent.contains(key)) problems.push_back(key + " not written");
      continue;
    }
    const std::string differ = compare_chunk(store_case.metadata, key, bytes, found->second);
    if (!differ.empty()) problems.push_back(differ);
  }
  if (problems.empty()) return passed_with();
  std::string detail;
  for (const std::string& problem : problems) detail += (detail.empty() ? "" : "; ") + problem;
  return failed_with(detail);
}

ArrayVerdict check_open(const StoreCase& store_case, StoreTarget& target, const fs::path& array) {
  const AdapterAnswer answer = target.open(array);
  if (std::optional<ArrayVerdict> other = other_answer(answer)) return *other;
  const bool valid = answer.status == AdapterAnswer::Status::Valid;
  if (valid == store_case.expected_valid) return passed_with();
  if (valid)  // vectors/STORES.md: refusing at the first read instead of at opening passes
  {
    std::string then;
    if (target.can_read()) {
      const AdapterAnswer read =
          target.read(array, *store_case.data_type, store_case.element_count());
      if (read.status == AdapterAnswer::Status::Rejected)
        return passed_with("opened, then refused at the first read: " + read.message);
      if (read.status == AdapterAnswer::Status::Ok)
        then = ", and read it (" + std::to_string(read.outputs.size()) + " elements, no error)";
    }
    return failed_with("opened an array whose metadata must be refused" + then);
  }
  return failed_with("refused valid metadata: " + answer.message);
}

// The array directory copied into the scratch directory (its parent also takes a write request).
fs::path scratch_copy(const StoreVectors& vectors, const StoreCase& store_case,
                      const fs::path& scratch, std::size_t number) {
  const fs::path place = scratch / std::to_string(number);
  fs::create_directories(place);
  const fs::path array = place / "array";
  fs::copy(vectors.root / store_case.id, array, fs::copy_options::recursive);
  return array;
}

bool any_of_given(const std::vector<std::string>& wanted, const std::vector<std::string>& have) {
  return wanted.empty() || std::any_of(wanted.begin(), wanted.end(), [&](const std::string& w) {
           return std::find(have.begin(), have.end(), w) != have.end();
         });
}

}  // namespace

std::string_view store_verdict_name(StoreVerdict verdict) {
  switch (verdict) {
    case StoreVerdict::Pass:
      return "pass";
    case StoreVerdict::Fail:
      return "fail";
    case StoreVerdict::Unsupported:
      return "unsupported";
    case StoreVerdict::AdapterError:
      return "adapter_error";
    case StoreVerdict::NotReached:
      return "not_reached";
  }
  return "?";
}

void StoreCounts::add(StoreVerdict verdict) {
  ++arrays;
  switch (verdict) {
    case StoreVerdict::Pass:
      ++pass;
      break;
    case StoreVerdict::Fail:
      ++fail;
      break;
    case StoreVerdict::Unsupported:
      ++unsupported;
      break;
    case StoreVerdict::AdapterError:
      ++adapter_error;
      break;
    case StoreVerdict::NotReached:
      ++not_reached;
      break;
  }
}

StoreCounts StoreRun::totals() const {
  StoreCounts counts;
  for (const StoreOutcome& outcome : outcomes) counts.add(outcome.verdict);
  return counts;
}

std::map<std::string, StoreCounts> StoreRun::by_kind() const {
  std::map<std::string, StoreCounts> counts;
  for (const StoreOutcome& outcome : outcomes)
    counts[std::string(store_kind_name(outcome.kind))].add(outcome.verdict);
  return counts;
}

std::map<std::string, StoreCounts> StoreRun::by_feature() const {
  std::map<std::string, StoreCounts> counts;
  for (const StoreOutcome& outcome : outcomes)
    for (const std::string& feature : outcome.features) counts[feature].add(outcome.verdict);
  return counts;
}

bool StoreRun::passed() const {
  const StoreCounts counts = totals();
  return !interrupted && counts.pass > 0 && counts.fail == 0 && counts.adapter_error == 0 &&
         counts.not_reached == 0;
}

bool store_case_selected(const StoreCase& store_case, const StoreCheckOptions& options) {
  const std::vector<std::string> kind = {std::string(store_kind_name(store_case.kind))};
  const std::vector<std::string> types(store_case.types.begin(), store_case.types.end());
  return any_of_given(options.kinds, kind) && any_of_given(options.features, store_case.features) &&
         any_of_given(options.types, types);
}

void check_store_arrays(const StoreVectors& vectors, StoreTarget& target,
                        const StoreCheckOptions& options, StoreRun& run) {
  std::vector<const StoreCase*> selected;
  for (const StoreCase& store_case : vectors.cases)
    if (store_case_selected(store_case, options)) selected.push_back(&store_case);
  for (std::size_t number = 0; number < selected.size(); ++number) {
    const StoreCase& store_case = *selected[number];
    StoreOutcome outcome{store_case.id,
                         store_case.what,
                         store_case.kind,
                         store_case.features,
                         std::string(store_case.data_type->name),
                         StoreVerdict::NotReached,
                         "",
                         ""};
    if (options.interrupted != nullptr && options.interrupted->load()) {
      run.interrupted = true;
      outcome.detail = "not reached: the check was interrupted";
      run.outcomes.push_back(std::move(outcome));
      continue;
    }
    ArrayVerdict verdict{StoreVerdict::Unsupported, "", ""};
    if (const std::optional<std::string> why = target.unsupported(store_case)) {
      verdict.detail = *why;
    } else {
      const fs::path array = scratch_copy(vectors, store_case, options.scratch, number);
      verdict = store_case.kind == StoreKind::Decode   ? check_decode(store_case, target, array)
                : store_case.kind == StoreKind::Encode ? check_encode(store_case, target, array)
                                                       : check_open(store_case, target, array);
      // Best effort: an implementation may still be finishing writes it started before it
      // answered (the scratch directory goes at the end of the run anyway).
      std::error_code ignored;
      fs::remove_all(array.parent_path(), ignored);
    }
    outcome.verdict = verdict.verdict;
    outcome.detail = std::move(verdict.detail);
    outcome.note = std::move(verdict.note);
    // Messages name the scratch copy; a report names the array instead.
    for (std::string* text : {&outcome.detail, &outcome.note})
      for (std::size_t at; (at = text->find(options.scratch.string())) != std::string::npos;)
        text->replace(at, options.scratch.string().size(), "<scratch>");
    run.outcomes.push_back(std::move(outcome));
    if (options.progress) options.progress(number + 1, selected.size());
  }
  run.implementation = target.implementation();
}

}  // namespace cvc
