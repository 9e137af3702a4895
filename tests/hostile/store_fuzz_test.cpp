// A fuzzer over store arrays (issue 22), like the JSON one of hostile_test.cpp: a small vector
// folder of published store arrays (a plain decode array, a sharded one with crc32c, a sharded
// encode array with its index at the start, a sharded open array) takes one random damage per case:
// a chunk truncated or with a bit flipped, a byte changed behind the manifest's back, a zarr.json
// field set to a huge, negative or wrong-typed value, a file replaced by a FIFO or a symbolic link
// (to /dev/zero, to itself, to a sibling), a stray file. The verifier (check_vectors) and
// check-store's reader (read_store_vectors) must end with problems or an error naming what is
// wrong, or a verdict, never a crash, hang or unbounded allocation; and never "valid" when the
// damage changed what is checked.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "harness/stores/store_vectors.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/io/input_tree.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/manifest.hpp"
#include "vector_format/vector_check.hpp"

namespace cvc::store_fuzz_test {
namespace {

namespace fs = std::filesystem;

const char* const kArrays[] = {"decode/pair-int8-int16", "decode/shard-crc32c-float32-bfloat16",
                               "encode/shard-start-float32-int16", "open/valid-sharded"};

std::string read_text(const fs::path& path) {
  return read_input_file(path.string());
}

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// The manifest of every regular file of the folder (the stores family only).
void write_manifest(const fs::path& root) {
  std::vector<std::pair<std::string, std::string>> files;
  for (const TreeEntry& entry : list_input_tree(root))
    if (entry.kind == TreeEntryKind::RegularFile && entry.relative != "manifest.json")
      files.emplace_back(entry.relative, read_text(root / entry.relative));
  write_text(root / "manifest.json", manifest_text(files));
}

// The base folder: the arrays above, an index.json of just them, a manifest.
const fs::path& base_folder() {
  static const fs::path base = [] {
    const fs::path root =
        fs::temp_directory_path() / ("cvc-store-fuzz-" + std::to_string(getpid()));
    const fs::path published = fs::path(CVC_SOURCE_DIR) / "vectors" / "stores";
    fs::remove_all(root);
    nlohmann::json index = parse_json_exact(read_text(published / "index.json"));
    nlohmann::json arrays = nlohmann::json::array();
    for (const nlohmann::json& entry : index["arrays"])
      for (const char* id : kArrays)
        if (entry["id"] == id) arrays.push_back(entry);
    index["arrays"] = arrays;
    index["number_of_arrays"] = arrays.size();
    for (const char* id : kArrays) {
      fs::create_directories(root / "stores" / id);
      fs::copy(published / id, root / "stores" / id, fs::copy_options::recursive);
    }
    write_text(root / "stores" / "index.json", dump_json_exact(index));
    write_manifest(root);
    return root;
  }();
  return base;
}

// The regular files of a folder, relative, but the manifest.
std::vector<std::string> files_of(const fs::path& root) {
  std::vector<std::string> files;
  for (const TreeEntry& entry : list_input_tree(root))
    if (entry.kind == TreeEntryKind::RegularFile && entry.relative != "manifest.json")
      files.push_back(entry.relative);
  return files;
}

// A value for a zarr.json field: huge, negative, zero, wrong-typed, wrapping.
nlohmann::json hostile_value(int k) {
  static const char* const kValues[] = {"[]",
                                        "-1",
                                        "[0]",
                                        "[4294967296, 4294967296]",
                                        "[999999999, 999999999]",
                                        "\"x\"",
                                        "{}",
                                        "null",
                                        "[1, 2, 3, 4, 5, 6, 7, 8, 9]",
                                        "18446744073709551616",
                                        "[-3]",
                                        "1.5",
                                        "\"int8\"",
                                        "[[4]]",
                                        "true"};
  return parse_json_exact(kValues[k % std::size(kValues)]);
}

enum Damage {
  kTruncateChunk,     // the manifest updated: must be found
  kFlipChunkBit,      // the manifest updated: may be benign (padding, upper bits)
  kChangeUnlisted,    // a byte of any file changed, the manifest not updated: must be found
  kCheckedFieldEdit,  // shape, chunk_shape or data_type of a zarr.json: must be found
  kOtherFieldEdit,    // fill_value, codecs, key encoding, format: no crash
  kFifo,              // a file replaced by a FIFO: must be found
  kSymlink,           // a file replaced by a link: must be found
  kStrayFile,         // a file added (listed or not): must be found
  kDamageKinds
};

// Sets the field at `path` (keys) of a JSON object to `value` (creating it).
void set_field(nlohmann::json& object, const std::vector<std::string>& path,
               const nlohmann::json& value) {
  nlohmann::json* at = &object;
  for (std::size_t k = 0; k + 1 < path.size(); ++k) {
    if (!at->is_object()) return;
    at = &(*at)[path[k]];
  }
  if (at->is_object()) (*at)[path.back()] = value;
}

struct Outcome {
  bool must_be_found = false;
  bool in_an_array_folder = false;  // read_store_vectors must refuse it too
};

// A zarr.json field set to a hostile value: one the index copies (shape, chunk_shape, data_type),
// which must be found unless the value is the one it had, or another (no crash is all).
Outcome edit_field(const fs::path& root, const std::string& zarr, bool checked, std::size_t b,
                   int c) {
  static const std::vector<std::vector<std::string>> kChecked = {
      {"shape"}, {"chunk_grid", "configuration", "chunk_shape"}, {"data_type"}};
  static const std::vector<std::vector<std::string>> kOther = {
      {"fill_value"}, {"chunk_key_encoding"}, {"zarr_format"}, {"codecs"},
      {"node_type"},  {"chunk_grid", "name"}, {"attributes"}};
  const auto& fields = checked ? kChecked : kOther;
  nlohmann::json metadata = parse_json_exact(read_text(root / zarr));
  const std::vector<std::string>& field = fields[b % fields.size()];
  const nlohmann::json value = hostile_value(c);
  set_field(metadata, field, value);
  write_text(root / zarr, dump_json_exact(metadata));
  write_manifest(root);
  if (!checked) return {};
  const nlohmann::json original = parse_json_exact(read_text(base_folder() / zarr));
  const nlohmann::json* before = &original;
  for (const std::string& key : field) before = &(*before)[key];
  if (dump_json_exact(*before) == dump_json_exact(value)) return {};
  return {true, true};
}

// A stray file in an array's folder, listed in the manifest or not: found either way.
Outcome add_stray(const fs::path& root, const std::string& zarr, std::size_t b, int c) {
  const std::string names[] = {"c/9", "extra.json", "zarr.json.bak", "c/1/5"};
  const fs::path folder = root / fs::path(zarr).parent_path();
  fs::path stray = folder / names[b % std::size(names)];
  std::error_code error;
  fs::create_directories(stray.parent_path(), error);
  if (error || fs::exists(stray)) stray = folder / "stray";  // a chunk of that name is there
  write_text(stray, "stray");
  if (c % 2 == 0) write_manifest(root);
  return {true, true};
}

// Applies damage `kind` to the folder, with `a`, `b`, `c` choosing where and how.
Outcome damage(const fs::path& root, int kind, std::size_t a, std::size_t b, int c) {
  const std::vector<std::string> files = files_of(root);
  std::vector<std::string> chunks, zarrs;
  for (const std::string& file : files) {
    if (file.ends_with("zarr.json"))
      zarrs.push_back(file);
    else if (file.find("/c/") != std::string::npos)
      chunks.push_back(file);
  }
  Outcome outcome;
  const std::string& chunk = chunks[a % chunks.size()];
  const std::string& zarr = zarrs[a % zarrs.size()];
  const std::string& any = files[a % files.size()];
  switch (kind) {
    case kTruncateChunk: {
      const std::string text = read_text(root / chunk);
      write_text(root / chunk, text.substr(0, b % text.size()));
      write_manifest(root);
      outcome.must_be_found = true;
      break;
    }
    case kFlipChunkBit: {
      std::string text = read_text(root / chunk);
      text[b % text.size()] = static_cast<char>(text[b % text.size()] ^ (1 << (c % 8)));
      write_text(root / chunk, text);
      write_manifest(root);
      break;
    }
    case kChangeUnlisted: {
      std::string text = read_text(root / any);
      text[b % text.size()] = static_cast<char>(text[b % text.size()] ^ (1 << (c % 8)));
      write_text(root / any, text);
      outcome.must_be_found = true;
      break;
    }
    case kCheckedFieldEdit:
    case kOtherFieldEdit:
      outcome = edit_field(root, zarr, kind == kCheckedFieldEdit, b, c);
      break;
    case kFifo:  // every file is index.json or in an array's folder
      fs::remove(root / any);
      if (mkfifo((root / any).c_str(), 0600) != 0) throw std::runtime_error("mkfifo");
      outcome = {true, true};
      break;
    case kSymlink: {
      fs::remove(root / any);
      const std::string targets[] = {"/dev/zero", fs::path(any).filename().string(),
                                     (root / files[b % files.size()]).string(), "/tmp"};
      fs::create_symlink(targets[c % 4], root / any);
      outcome = {true, true};
      break;
    }
    default:
      outcome = add_stray(root, zarr, b, c);
      break;
  }
  return outcome;
}

bool vectors_refused(const fs::path& root) {
  try {
    read_store_vectors(root);
  } catch (const StoreVectorError& error) {
    return std::string(error.what()).size() > 0;
  }
  return false;
}

void one_case() {
  // Everything drawn (nothing from a counter), so that a failure shrinks and reproduces; the kind
  // at full size, so that every kind is as likely at the start of a run as at its end.
  static int serial = 0;  // names the case's folder only
  const int kind = *rc::gen::resize(100, rc::gen::inRange(0, static_cast<int>(kDamageKinds)));
  const std::size_t a = *rc::gen::inRange<std::size_t>(0, 1000);
  const std::size_t b = *rc::gen::inRange<std::size_t>(0, 100000);
  const int c = *rc::gen::inRange(0, 1000);
  const fs::path root = base_folder().string() + "-case-" + std::to_string(serial++);
  // Removed on every way out, a failed assertion (an exception) included.
  struct RemovedAtTheEnd {
    fs::path path;
    ~RemovedAtTheEnd() {
      std::error_code ignored;
      fs::remove_all(path, ignored);
    }
  } const removed{root};
  fs::remove_all(root);
  fs::copy(base_folder(), root, fs::copy_options::recursive);
  const Outcome outcome = damage(root, kind, a, b, c);
  const auto start = std::chrono::steady_clock::now();
  VectorCheckOptions options;
  options.completeness_sample = 0;
  const VectorCheckReport report = check_vectors(root.string(), options);
  const bool check_store_refused = vectors_refused(root);
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start);
  RC_TAG(kind);
  RC_LOG() << "damage " << kind << " (a " << a << ", b " << b << ", c " << c << "), problems "
           << report.problems.size() << ", check-store refused " << check_store_refused << "\n";
  RC_ASSERT(seconds.count() < 10.0);
  for (const std::string& problem : report.problems) RC_ASSERT(!problem.empty());
  if (outcome.must_be_found) RC_ASSERT(!report.problems.empty());
  if (outcome.in_an_array_folder) RC_ASSERT(check_store_refused);
}

TEST(StoreFuzz, EveryDamageEndsInProblemsOrAVerdictAndWhatChangedIsFound) {
  ASSERT_TRUE(check_vectors(base_folder().string(), {}).problems.empty());
  ASSERT_FALSE(vectors_refused(base_folder()));
  for (int round = 0; round < 3; ++round) ASSERT_TRUE(rc::check("one damaged folder", one_case));
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  EXPECT_LT(usage.ru_maxrss, 512 * 1024) << "peak RSS in KB";
  fs::remove_all(base_folder());
}

}  // namespace
}  // namespace cvc::store_fuzz_test
