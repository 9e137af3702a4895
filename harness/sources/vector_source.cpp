#include "harness/sources/vector_source.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "harness/sources/chain_batch.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/io/json_exact.hpp"
#include "vector_format/json_cursor.hpp"
#include "vector_format/store_check.hpp"
#include "vector_format/vector_file.hpp"
#include "vector_format/vector_reader.hpp"

namespace cvc {

// The group's header (its cases left out) and its cases as columns, results as bits.
struct SelectedGroup {
  struct Alternative {
    std::size_t case_index = 0;
    std::size_t configuration = 0;
    const std::string* name = nullptr;  // a key of `alternative_names`
    ExpectedResult result;
  };
  CastVectorGroup group;
  std::vector<std::uint64_t> ids, inputs;
  std::vector<ExpectedResult> results;    // case by case, one per configuration
  std::vector<Alternative> alternatives;  // in case order, then by name
  std::set<std::string> alternative_names;
};

namespace {

std::string rule_label(const CastRule& rule) {
  return std::string(rounding_name(rule.rounding)) + " / " +
         std::string(out_of_range_name(rule.out_of_range));
}

// The type of an array's data_type metadata (a name or {"name": ...}) when it is one of the 26.
const DataType* array_type_of(const nlohmann::json& data_type) {
  try {
    return &parse_data_type_metadata(data_type, "data_type");
  } catch (const MetadataError&) {
    return nullptr;
  }
}

// --- Families `cast` and `scalar_map`: one cast batch per group and configuration ---------------

// Keeps the groups the filter selects, with their cases as bits; a selected group whose metadata
// the oracle rejects is refused.
class SelectingSink : public CastVectorSink {
 public:
  SelectingSink(const CaseFilter& filter, std::vector<SelectedGroup>& selected,
                std::set<std::string>& valid_metadata)
      : filter_(filter), selected_(selected), valid_metadata_(valid_metadata) {}

  bool begin_group(const CastVectorGroup& group) override {
    if (!filter_.matches_direction(direction_name(group.direction)) ||
        !filter_.matches_types({&group.input_type(), &group.output_type()}))
      return false;
    // Invalid metadata in the vectors must be refused here, never blamed on the adapter. The
    // same metadata recurs (a group's encode and its decode, files of both types): checked once.
    for (std::size_t k = 0; k < group.rules.size(); ++k) {
      std::string key = std::string(group.array_type->name) + "\n" +
                        dump_json_exact(group.fill_value) + "\n" +
                        dump_json_exact(group.configuration_with_data_type(k));
      if (valid_metadata_.count(key)) continue;
      if (const std::optional<std::string> why = group.metadata_problem(k))
        throw VectorFormatError(*why);
      valid_metadata_.insert(std::move(key));
    }
    selected_.emplace_back().group = group;
    return true;
  }

  void add_case(const CastVectorGroup& /*group*/, const VectorCase& item) override {
    SelectedGroup& into = selected_.back();
    const std::size_t case_index = into.ids.size();
    into.ids.push_back(item.id);
    into.inputs.push_back(item.input);
    for (const CastResult& result : item.results)
      into.results.push_back(ExpectedResult::of(result));
    for (const auto& [name, by_configuration] : item.alternatives) {
      const std::string* kept = &*into.alternative_names.insert(name).first;
      for (const auto& [k, result] : by_configuration)
        into.alternatives.push_back({case_index, k, kept, ExpectedResult::of(result)});
    }
  }

 private:
  const CaseFilter& filter_;
  std::vector<SelectedGroup>& selected_;
  std::set<std::string>& valid_metadata_;
};

// The cases of `selected` under its configuration k, as one cast request.
CastBatch cast_batch(const SelectedGroup& selected, std::size_t k,
                     const std::string& relative_path) {
  const CastVectorGroup& group = selected.group;
  CastBatch batch;
  batch.family = group.family;
  batch.rule = group.rules[k];
  batch.request.direction = group.direction;
  batch.request.array_type = group.array_type;
  batch.request.fill_value = group.fill_value;
  nlohmann::json configuration = group.configuration_with_data_type(k);
  batch.configuration = dump_json_exact(configuration);
  batch.request.codec = {{"name", "cast_value"}, {"configuration", std::move(configuration)}};
  batch.request.input = &group.input_type();
  batch.request.output = &group.output_type();
  batch.rule_label = rule_label(batch.rule);
  batch.where_prefix = relative_path + " case ";
  const std::size_t configurations = group.rules.size();
  batch.elements.resize(selected.ids.size());
  auto alternative = selected.alternatives.begin();
  for (std::size_t c = 0; c < selected.ids.size(); ++c) {
    ExpectedElement& element = batch.elements[c];
    element.input = selected.inputs[c];
    element.expected = selected.results[c * configurations + k];
    element.id = selected.ids[c];
    for (; alternative != selected.alternatives.end() && alternative->case_index == c;
         ++alternative)
      if (alternative->configuration == k)
        element.alternatives.emplace_back(*alternative->name, alternative->result);
  }
  return batch;
}

// --- Family `metadata`: one validate batch per case ---------------------------------------------

// The case's "alternatives" (optional): "FLAG=ALT" -> "valid" or "invalid".
std::map<std::string, std::string> metadata_alternatives(const nlohmann::json& item,
                                                         const std::string& at) {
  std::map<std::string, std::string> out;
  if (!item.contains("alternatives")) return out;
  const nlohmann::json& alternatives = item["alternatives"];
  if (!alternatives.is_object())
    throw VectorFormatError(at + ": \"alternatives\" is not an object");
  for (const auto& [name, verdict] : alternatives.items()) {
    if (!verdict.is_string())
      throw VectorFormatError(at + ": alternative " + name + " is not a string");
    out[name] = verdict.get<std::string>();
  }
  return out;
}

// One metadata case (`group_where` names its file and group) as a validate request.
ValidateBatch validate_batch(const nlohmann::json& item, const std::string& family,
                             const std::string& path, const std::string& relative_path,
                             const std::string& group_where) {
  ValidateBatch batch;
  batch.family = family;
  batch.where = relative_path + " case " + dump_json_exact(vector_member(item, "id", group_where));
  const std::string at = path + " case " + dump_json_exact(item["id"]);
  // The array's data_type is sent as the vector holds it, even outside the 26 types.
  batch.request.array_data_type = vector_member(item, "array_data_type", at);
  batch.request.array_type = array_type_of(batch.request.array_data_type);
  batch.request.fill_value = vector_member(item, "fill_value", at);
  batch.request.codecs = vector_member(item, "codecs", at);
  batch.expected = vector_string(item, "result", at);
  if (batch.expected != "valid" && batch.expected != "invalid")
    throw VectorFormatError(at + ": \"result\" is neither \"valid\" nor \"invalid\"");
  if (item.contains("reason")) batch.expected_reason = vector_string(item, "reason", at);
  if (item.contains("rule")) batch.rule = vector_string(item, "rule", at);
  batch.alternatives = metadata_alternatives(item, at);
  return batch;
}

// The cases the filter selects, one batch each. `file` holds the header and the groups (small).
void load_metadata_family(const nlohmann::json& file, const std::string& path,
                          const std::string& relative_path, const std::string& family,
                          const CaseFilter& filter, std::deque<ValidateBatch>& pending) {
  if (!filter.matches_direction("validate")) return;
  const nlohmann::json& groups = vector_array(file, "groups", path);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const std::string group_where = path + " group " + std::to_string(g);
    for (const nlohmann::json& item : vector_array(groups[g], "cases", group_where)) {
      ValidateBatch batch = validate_batch(item, family, path, relative_path, group_where);
      if (!filter.matches_types(
              {batch.request.array_type, first_cast_data_type(batch.request.codecs)}))
        continue;
      pending.push_back(std::move(batch));
    }
  }
}

// --- Other families (scalars): outside the protocol ---------------------------------------------

// The line that accounts for such a file's cases in the report.
std::string outside_the_protocol(const nlohmann::json& header, const std::string& relative_path,
                                 const std::string& family) {
  return relative_path + ": " + dump_json_exact(header.value("number_of_cases", nlohmann::json())) +
         " cases of the " + family +
         " family, which no protocol operation exercises (scalars reach an implementation "
         "through the fill values and scalar_map entries of the other families)";
}

}  // namespace

VectorCaseSource::VectorCaseSource(std::string directory, CaseFilter filter,
                                   std::uintmax_t keep_bytes)
    : directory_(std::move(directory)), filter_(std::move(filter)) {
  // The vectors' integrity before any case is used: a corrupted file must be refused here, never
  // turn into a failure of the implementation under test.
  manifest_ = check_manifest(directory_, keep_bytes);
  if (!manifest_.problems.empty()) {
    std::string message = "the vector folder fails its manifest (" +
                          std::to_string(manifest_.problems.size()) +
                          " problems; run cvc "
                          "verify-vectors for all of them):";
    for (std::size_t i = 0; i < manifest_.problems.size() && i < 10; ++i)
      message += "\n  " + manifest_.problems[i];
    throw VectorFormatError(message);
  }
  manifest_sha256_ = manifest_.sha256;
  vectors_version_ = manifest_.vectors_version;
  total_ = declared_total();
}

std::uint64_t VectorCaseSource::declared_total() const {
  // Types and directions select within a file: its declared count no longer applies.
  if (!filter_.types.empty() || !filter_.directions.empty()) return 0;
  std::uint64_t total = 0;
  for (std::size_t file = 0; file < manifest_.paths.size(); ++file) {
    if (is_store_family_path(manifest_.paths[file])) continue;
    if (!manifest_.contents[file]) return 0;  // beyond the keep budget: not read twice for this
    try {
      // The header only: the cases are read (and checked) when the file is used.
      const nlohmann::json header =
          read_vector_header(*manifest_.contents[file], manifest_.paths[file]);
      const std::string family = vector_string(header, "family", manifest_.paths[file]);
      const std::uint64_t cases = vector_number_of_cases(header, manifest_.paths[file]);
      if (filter_.matches_family(family) &&
          std::find(kVectorCaseFamilies.begin(), kVectorCaseFamilies.end(), family) !=
              kVectorCaseFamilies.end())
        total += cases;
    } catch (const std::exception&) {
      return 0;  // refused when the file is used, with the reason
    }
  }
  return total;
}

VectorCaseSource::~VectorCaseSource() = default;

void VectorCaseSource::load(std::size_t file) {
  const std::string& relative_path = manifest_.paths[file];
  // The store-level family (vectors/STORES.md) is arrays, not cases: cvc check-store runs it.
  if (is_store_family_path(relative_path)) {
    manifest_.contents[file].reset();
    return;
  }
  const std::string path = (std::filesystem::path(directory_) / relative_path).string();
  // The bytes the manifest check hashed; read (and checked) again only beyond the keep budget.
  std::optional<std::string> kept = std::move(manifest_.contents[file]);
  manifest_.contents[file].reset();
  const std::string text =
      kept ? std::move(*kept)
           : read_listed_file(directory_, relative_path, manifest_.sha256s[file]);
  pending_groups_.clear();
  next_group_ = next_configuration_ = 0;
  std::vector<ChainVectorGroup> chain_groups;
  read_vector_text(text, path, [&](const nlohmann::json& header, JsonCursor* groups) {
    const std::string family = vector_string(header, "family", path);
    if (!filter_.matches_family(family)) {
      if (groups != nullptr) groups->skip_value();
    } else if (family == "cast" || family == "scalar_map") {
      SelectingSink sink(filter_, pending_groups_, valid_metadata_);
      read_cast_vector_groups(header, groups, path, sink);
    } else if (family == "chain") {
      chain_groups = read_chain_vector_groups(header, groups, path);
    } else if (family == "metadata") {
      nlohmann::json document = header;
      if (groups != nullptr) document["groups"] = groups->read_json();
      load_metadata_family(document, path, relative_path, family, filter_, pending_validate_);
    } else {
      if (groups != nullptr) groups->skip_value();
      outside_selection_.push_back(outside_the_protocol(header, relative_path, family));
    }
  });
  for (const ChainVectorGroup& group : chain_groups)
    if (std::optional<CastBatch> batch = chain_batch(group, relative_path, filter_))
      pending_chain_.push_back(std::move(*batch));
}

bool VectorCaseSource::fill_pending() {
  while (pending_validate_.empty() && pending_chain_.empty() &&
         next_group_ >= pending_groups_.size()) {
    if (next_file_ >= manifest_.paths.size()) return false;
    load(next_file_++);
  }
  return true;
}

bool VectorCaseSource::next(CaseBatch& batch) {
  if (!fill_pending()) return false;
  if (!pending_validate_.empty()) {
    batch = std::move(pending_validate_.front());
    pending_validate_.pop_front();
    return true;
  }
  if (!pending_chain_.empty()) {
    batch = std::move(pending_chain_.front());
    pending_chain_.pop_front();
    return true;
  }
  const SelectedGroup& selected = pending_groups_[next_group_];
  batch = cast_batch(selected, next_configuration_, manifest_.paths[next_file_ - 1]);
  if (++next_configuration_ == selected.group.rules.size()) {
    next_configuration_ = 0;
    ++next_group_;
  }
  return true;
}

std::optional<std::uint64_t> VectorCaseSource::skip_one() {
  if (!fill_pending()) return std::nullopt;
  if (!pending_validate_.empty()) {
    pending_validate_.pop_front();
    return 1;
  }
  if (!pending_chain_.empty()) {
    const std::uint64_t cases = pending_chain_.front().elements.size();
    pending_chain_.pop_front();
    return cases;
  }
  const SelectedGroup& selected = pending_groups_[next_group_];
  const std::uint64_t cases = selected.ids.size();
  if (++next_configuration_ == selected.group.rules.size()) {
    next_configuration_ = 0;
    ++next_group_;
  }
  return cases;
}

}  // namespace cvc
