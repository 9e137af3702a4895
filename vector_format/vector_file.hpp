// Writing and reading vector files (vectors/README.md): one JSON object per file, header keys in a
// fixed order, then the groups, each case on a line of its own so that diffs stay readable.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cvc {

class JsonCursor;

// A vector file or folder that is not what the format says (vectors/README.md); every error of the
// format's reading and checking is of this type and names the file, and the group and case.
class VectorFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr std::string_view kVectorSchemaName = "cast-value-vectors";
inline constexpr int kVectorSchemaVersion = 1;
// The header's "spec" of the cast_value families.
inline constexpr std::string_view kCastValueSpecText =
    "zarr-extensions codecs/cast_value/README.md (with the change log entry fixing \"+Infinity\"), "
    "data-types/*/README.md, zarr-specs v3 core data types";

// The header every file starts with; `notes` is filled from the flags the cases use.
struct VectorFileHeader {
  std::string family;
  std::uint64_t number_of_cases = 0;
  std::vector<std::string> flags_used;  // names of flags; their notes go into the registry
  // The spec documents the results follow; empty: cast_value.md and the data types (every family
  // but chain, which follows scale_offset.md too).
  std::string spec;
};

// A group: its parameters (any keys but "cases") and its cases, in order.
struct VectorGroup {
  nlohmann::json parameters = nlohmann::json::object();
  std::vector<nlohmann::json> cases;
};

// The file's text, deterministic: keys sorted within each object, numbers kept exact.
std::string format_vector_file(const VectorFileHeader& header,
                               const std::vector<VectorGroup>& groups);

// The notes registry entry for a flag name (question, default, alternatives, spec text).
nlohmann::json note_for_flag(std::string_view flag_name);

// The text of the vector file at `path` (oracle/io/input_file.hpp's size cap); throws
// VectorFormatError naming it when it cannot be read.
std::string read_vector_file_text(const std::string& path);

// Parse a vector file with exact numbers; throws VectorFormatError naming `path` and the problem
// when the file cannot be read (oracle/io/input_file.hpp), the text is not JSON or the header is
// not cast-value-vectors version 1.
nlohmann::json read_vector_file(const std::string& path);

// Reads a vector file's text in one pass, for files too large for a JSON tree: every top-level
// member but "groups" goes into the returned header (small), which is checked as read_vector_file
// checks the file; `read_groups` is called once, with the header and the cursor at the "groups"
// value, which it must read or skip whole (or with null when the file has no "groups"). It is
// called where "groups" stands when the header members before it make a cast-value-vectors file
// (as written: "schema", "schema_version", "family", "number_of_cases" come first), else after
// the whole text is checked. Throws VectorFormatError naming `path`; JSON errors that
// `read_groups` meets are reported as the file's.
using VectorGroupsReader = std::function<void(const nlohmann::json& header, JsonCursor* groups)>;
nlohmann::json read_vector_text(std::string_view text, const std::string& path,
                                const VectorGroupsReader& read_groups);

// A vector file's header alone, for a count before the cases are read: reads the text as far as
// "groups" when the members before it make a cast-value-vectors header (as written), else the
// whole text with its groups skipped (checked as JSON). The groups and what follows them are
// then not checked: a caller of the cases reads the file with read_vector_text. Throws
// VectorFormatError naming `path`, as read_vector_text does.
nlohmann::json read_vector_header(std::string_view text, const std::string& path);

}  // namespace cvc
