#include "harness/stores/store_check.hpp"

#include <algorithm>

#include "harness/stores/store_files.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/io/bounded_quote.hpp"
#include "oracle/io/input_file.hpp"
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
  bool incident = false;  // the adapter or program misbehaved (crash, timeout, malformed answer)
};

ArrayVerdict passed_with(std::string note = "") {
  return {StoreVerdict::Pass, "", std::move(note)};
}
ArrayVerdict failed_with(std::string detail) {
  return {StoreVerdict::Fail, std::move(detail), ""};
}

constexpr std::string_view kInterruptedDetail = "not reached: the check was interrupted";

// The verdict of an answer that is neither the expected success nor a refusal. An interruption
// (SIGINT, SIGTERM) while the array was in flight is no verdict on it: not reached.
std::optional<ArrayVerdict> other_answer(const AdapterAnswer& answer) {
  switch (answer.status) {
    case AdapterAnswer::Status::Unsupported:
      return ArrayVerdict{StoreVerdict::Unsupported,
                          "unsupported by the implementation: " + bounded_quote(answer.message),
                          ""};
    case AdapterAnswer::Status::Error:
      return ArrayVerdict{StoreVerdict::AdapterError,
                          "adapter error: " + bounded_quote(answer.message), ""};
    case AdapterAnswer::Status::Incident: {
      const std::string kind = answer.incident ? answer.incident->kind : std::string();
      if (kind == "interrupted")
        return ArrayVerdict{StoreVerdict::NotReached, std::string(kInterruptedDetail), ""};
      std::string detail = "adapter incident (" + kind + "): " + bounded_quote(answer.message);
      if (answer.incident && !answer.incident->stderr_tail.empty()) {
        const std::string& tail = answer.incident->stderr_tail;
        detail += "; its stderr ends: " +
                  tail.substr(tail.size() - std::min<std::size_t>(300, tail.size()));
      }
      return ArrayVerdict{StoreVerdict::AdapterError, detail, "", true};
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
    return store_case.expected_error
               ? passed_with()
               : failed_with("reading failed: " + bounded_quote(answer.message));
  if (store_case.expected_error)
    return failed_with("read values where reading must fail (" + *store_case.expected_error + ")");
  const std::string differ =
      compare_values(*store_case.data_type, store_case.expected_values, answer.outputs, "value");
  return differ.empty() ? passed_with() : failed_with(differ);
}

// `chunk_bound`: the largest chunk file the array can take (chunk_file_bound).
ArrayVerdict check_encode(const StoreCase& store_case, StoreTarget& target, const fs::path& array,
                          std::uint64_t chunk_bound) {
  const AdapterAnswer answer = target.write(array, store_case.metadata, *store_case.data_type,
                                            store_case.selection, store_case.write_values);
  if (std::optional<ArrayVerdict> other = other_answer(answer)) return *other;
  if (answer.status == AdapterAnswer::Status::Rejected)
    return store_case.expected_error
               ? passed_with()
               : failed_with("writing failed: " + bounded_quote(answer.message));
  if (store_case.expected_error)
    return failed_with("the write succeeded where it must fail (" + *store_case.expected_error +
                       ")");
  // Every chunk the implementation had to write is compared; the folder held none before.
  const WrittenFiles written = read_written_files(array, store_case.expected_chunks, chunk_bound);
  if (!written.listed) return failed_with(bounded_list(written.problems, "; "));
  std::vector<std::string> problems = written.problems, missing;
  for (const auto& [key, bytes] : store_case.expected_chunks) {
    const auto found = written.chunks.find(key);
    if (found == written.chunks.end()) {
      if (!written.present.contains(key) && !store_case.may_be_absent.contains(key))
        missing.push_back(key);
      continue;
    }
    const std::string differ = compare_chunk(store_case.metadata, key, bytes, found->second);
    if (!differ.empty()) problems.push_back(differ);
  }
  if (!missing.empty())
    problems.push_back("expected chunks not written (" + std::to_string(missing.size()) +
                       "): " + bounded_list(missing));
  if (!written.stray.empty())
    problems.push_back("files written that no expected chunk key names (" +
                       std::to_string(written.stray.size()) + "): " + bounded_list(written.stray));
  if (problems.empty()) return passed_with();
  return failed_with(bounded_list(problems, "; "));
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
      if (std::optional<ArrayVerdict> other = other_answer(read);
          other && other->verdict == StoreVerdict::NotReached)
        return *other;
      if (read.status == AdapterAnswer::Status::Rejected)
        return passed_with("opened, then refused at the first read: " +
                           bounded_quote(read.message));
      if (read.status == AdapterAnswer::Status::Ok)
        then = ", and read it (" + std::to_string(read.outputs.size()) + " elements, no error)";
    }
    return failed_with("opened an array whose metadata must be refused" + then);
  }
  return failed_with("refused valid metadata: " + bounded_quote(answer.message));
}

// A selected array and, for an encode array, the largest chunk file it can write (its folder's
// entries, what the implementation is given, are the case's own: StoreCase::folder).
struct PreparedCase {
  const StoreCase* store_case = nullptr;
  std::uint64_t chunk_bound = 0;
};

// What the folder's entries (checked when the vectors were read) do not say: an encode array's
// chunk bound, found before the first array runs (a StoreVectorError naming the array: exit 2,
// nothing run).
PreparedCase prepared(const StoreCase& store_case) {
  PreparedCase prepared{&store_case, 0};
  if (store_case.kind == StoreKind::Encode && !store_case.expected_error) {
    std::uint64_t expected = 0;
    for (const auto& [key, bytes] : store_case.expected_chunks)
      expected = std::max<std::uint64_t>(expected, bytes.size());
    const std::optional<std::uint64_t> bound = chunk_file_bound(store_case.metadata, expected);
    if (!bound)
      throw StoreVectorError(store_case.id +
                             ": zarr.json: a chunk of this array takes more than --max-file-bytes "
                             "(" +
                             std::to_string(max_input_file_bytes()) +
                             " bytes), or it is not an array of the store family");
    prepared.chunk_bound = *bound;
  }
  return prepared;
}

// The array's folder copied into the scratch directory (its parent also takes a write request).
fs::path scratch_copy(const StoreVectors& vectors, const PreparedCase& prepared,
                      const fs::path& scratch, std::size_t number) {
  const fs::path array = scratch / std::to_string(number) / "array";
  copy_array_folder(vectors.root / prepared.store_case->id, prepared.store_case->folder, array);
  return array;
}

// Every `from` in `text` replaced by `to`, in one pass.
void replace_all(std::string& text, const std::string& from, std::string_view to) {
  if (from.empty()) return;
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
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
  std::vector<PreparedCase> selected;
  for (const StoreCase& store_case : vectors.cases)
    if (store_case_selected(store_case, options)) selected.push_back(prepared(store_case));
  std::size_t incidents_in_a_row = 0, incidents = 0;
  for (std::size_t number = 0; number < selected.size(); ++number) {
    const StoreCase& store_case = *selected[number].store_case;
    StoreOutcome outcome{store_case.id,
                         store_case.what,
                         store_case.kind,
                         store_case.features,
                         std::string(store_case.data_type->name),
                         StoreVerdict::NotReached,
                         "",
                         ""};
    if (options.interrupted != nullptr && options.interrupted->load()) run.interrupted = true;
    if (run.interrupted || run.aborted) {
      outcome.detail = run.interrupted
                           ? std::string(kInterruptedDetail)
                           : "not reached: the check was aborted (" + run.abort_reason + ")";
      run.outcomes.push_back(std::move(outcome));
      continue;
    }
    ArrayVerdict verdict{StoreVerdict::Unsupported, "", ""};
    if (const std::optional<std::string> why = target.unsupported(store_case)) {
      verdict.detail = *why;
    } else {
      const fs::path array = scratch_copy(vectors, selected[number], options.scratch, number);
      verdict = store_case.kind == StoreKind::Decode ? check_decode(store_case, target, array)
                : store_case.kind == StoreKind::Encode
                    ? check_encode(store_case, target, array, selected[number].chunk_bound)
                    : check_open(store_case, target, array);
      // Best effort: an implementation may still be finishing writes it started before it
      // answered (the scratch directory goes at the end of the run anyway).
      std::error_code ignored;
      fs::remove_all(array.parent_path(), ignored);
      incidents_in_a_row = verdict.incident ? incidents_in_a_row + 1 : 0;
      incidents += verdict.incident ? 1 : 0;
    }
    run.interrupted = run.interrupted || verdict.verdict == StoreVerdict::NotReached;
    outcome.verdict = verdict.verdict;
    outcome.detail = std::move(verdict.detail);
    outcome.note = std::move(verdict.note);
    // Messages name the scratch copy; a report names the array instead.
    for (std::string* text : {&outcome.detail, &outcome.note})
      replace_all(*text, options.scratch.string(), "<scratch>");
    if (incidents_in_a_row >= options.max_incidents_in_a_row && number + 1 < selected.size()) {
      run.aborted = true;
      run.abort_reason = std::to_string(incidents_in_a_row) +
                         " arrays in a row ended in an adapter incident (the limit of "
                         "--max-incidents-in-a-row), the last: " +
                         bounded_quote(outcome.detail);
    } else if (incidents >= options.max_incidents && number + 1 < selected.size()) {
      run.aborted = true;
      run.abort_reason = std::to_string(incidents) +
                         " arrays ended in an adapter incident (the limit of --max-incidents), "
                         "the last: " +
                         bounded_quote(outcome.detail);
    }
    run.outcomes.push_back(std::move(outcome));
    if (options.progress) options.progress(number + 1, selected.size());
  }
  run.implementation = target.implementation();
}

}  // namespace cvc
