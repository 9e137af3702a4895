#include "harness/run/diagnosis.hpp"

#include <algorithm>
#include <bit>

#include "harness/protocol/adapter_client.hpp"
#include "harness/run/cell_names.hpp"
#include "harness/text/shell_quote.hpp"
#include "oracle/exact_value.hpp"
#include "oracle/io/json_exact.hpp"

namespace cvc {

Simplicity cast_simplicity(const CastRule& rule, std::uint64_t input_bits) {
  const std::uint64_t configuration = rule.scalar_map.size() * 4 +
                                      (rule.rounding != Rounding::NearestEven ? 2 : 0) +
                                      (rule.out_of_range != OutOfRange::None ? 1 : 0);
  const ExactValue value = decode_exact(*rule.input, input_bits);
  std::uint64_t significant = 0, magnitude = 0;
  if (value.kind == ExactValue::Kind::Finite && value.significand != 0) {
    significant = static_cast<std::uint64_t>(std::bit_width(value.significand) -
                                             std::countr_zero(value.significand));
    // The binary order of magnitude, offset to stay unsigned (exponents lie within +-1100).
    magnitude =
        static_cast<std::uint64_t>(value.exponent + std::bit_width(value.significand) + 2048);
  } else if (value.kind != ExactValue::Kind::Finite) {
    magnitude = 4096;  // infinities and NaN after every finite value
  }
  return {configuration, static_cast<std::uint64_t>(rule.input->bits + rule.output->bits),
          significant, magnitude, input_bits};
}

Simplicity validate_simplicity(std::size_t configuration_bytes) {
  return {configuration_bytes, 0, 0, 0, 0};
}

std::string replay_line(const CaseOutcome& outcome) {
  if (outcome.cast_request != nullptr) {
    const CastRequest& request = *outcome.cast_request;
    // The request's fields with this one element (not a copy of all its elements).
    const CastRequest one{request.direction, request.array_type,  request.fill_value,
                          request.codec,     request.chain,       request.input,
                          request.output,    {outcome.input_bits}};
    return dump_json_exact(cast_message(one, 1));
  }
  if (outcome.validate_request != nullptr)
    return dump_json_exact(validate_message(*outcome.validate_request, 1));
  return "";
}

std::string chain_command(const CastRequest& request, std::uint64_t input_bits) {
  return "cvc chain --array-type " + std::string(request.array_type->name) + " --fill-value " +
         shell_quoted(dump_json_exact(request.fill_value)) + " --codecs " +
         shell_quoted(dump_json_exact(request.chain)) + " --direction " +
         std::string(direction_name(request.direction)) + " " +
         pattern_hex(*request.input, input_bits);
}

std::string oracle_command(const CaseOutcome& outcome) {
  // A chain: cvc chain explains the element step by step (where its chain fails, and why).
  if (outcome.cast_request != nullptr && outcome.cast_request->is_chain())
    return chain_command(*outcome.cast_request, outcome.input_bits);
  if (const CastRequest* request = outcome.cast_request) {
    const nlohmann::json& configuration = request->codec.at("configuration");
    std::string command = "cvc cast --from ";
    command.append(request->array_type->name);
    command.append(" --config ");
    command.append(shell_quoted(dump_json_exact(configuration)));
    if (request->direction == Direction::Decode) command.append(" --decode");
    command.push_back(' ');
    command.append(pattern_hex(*request->input, outcome.input_bits));
    return command;
  }
  if (const ValidateRequest* request = outcome.validate_request) {
    return "cvc validate --array-type " +
           shell_quoted(request->array_data_type.is_string()
                            ? request->array_data_type.get<std::string>()
                            : dump_json_exact(request->array_data_type)) +
           " --fill-value " + shell_quoted(dump_json_exact(request->fill_value)) + " --codecs " +
           shell_quoted(dump_json_exact(request->codecs));
  }
  return "";
}

std::string explained_cell_text(const DiagnosisCell& cell, std::uint64_t cell_failures) {
  std::string text = std::to_string(cell.cases);
  text.append(" of ");
  text.append(std::to_string(cell_failures));
  text.append(cell_failures == 1 ? " failure in " : " failures in ");
  text.append(cell.operation);
  text.push_back(' ');
  text.append(type_label(cell.input));
  text.append(" -> ");
  text.append(type_label(cell.output));
  return text;
}

std::string replay_command(const std::string& impl_command, const std::string& line) {
  return "cvc replay --impl " + shell_quoted(impl_command) + " " + shell_quoted(line);
}

std::string DiagnosisGroup::id() const {
  return model != nullptr ? std::string(model->id) : "unexplained: " + kind;
}

std::string DiagnosisGroup::title() const {
  return model != nullptr ? std::string(model->title) : "unexplained (" + kind + ")";
}

CaseOutcome* Diagnosis::record(const CaseOutcome& failure) {
  ++failures_;
  if (!failure.models.empty()) ++explained_;
  Key key{failure.operation, failure.input, failure.output, failure.models,
          failure.models.empty() ? failure.kind : std::string()};
  auto [found, added] = buckets_.try_emplace(std::move(key));
  Bucket& bucket = found->second;
  ++bucket.cases;
  if (!added && bucket.simplest <= failure.simplicity) return nullptr;
  bucket.simplest = failure.simplicity;
  return &bucket.minimal;
}

std::vector<DiagnosisGroup> Diagnosis::groups() const {
  // How many failures each model reproduces over the whole run.
  std::array<std::uint64_t, kMaxBugModels> reproduced{};
  for (const auto& [key, bucket] : buckets_)
    for (const std::size_t index : std::get<3>(key).indices()) reproduced[index] += bucket.cases;
  // Each bucket goes to the model among its own that reproduces the most (catalogue order on a
  // tie): a mutant's failures then land on its own model even where another reproduces some.
  std::map<std::string, DiagnosisGroup> by_id;
  std::map<std::string, Simplicity> simplest;
  for (const auto& [key, bucket] : buckets_) {
    const auto& [operation, input, output, models, kind] = key;
    const BugModel* model = nullptr;
    for (const std::size_t index : models.indices()) {
      if (model == nullptr || reproduced[index] > reproduced[bug_model_index(*model)])
        model = &bug_models()[index];
    }
    DiagnosisGroup probe;
    probe.model = model;
    probe.kind = kind;
    const std::string id = probe.id();
    DiagnosisGroup& group = by_id.try_emplace(id, std::move(probe)).first->second;
    group.cases += bucket.cases;
    auto cell = std::find_if(group.cells.begin(), group.cells.end(), [&](const DiagnosisCell& c) {
      return c.operation == operation && c.input == input && c.output == output;
    });
    if (cell == group.cells.end())
      cell = group.cells.insert(group.cells.end(), DiagnosisCell{operation, input, output, 0});
    cell->cases += bucket.cases;
    const auto best = simplest.find(id);
    if (best == simplest.end() || bucket.simplest < best->second) {
      simplest[id] = bucket.simplest;
      group.minimal = bucket.minimal;
    }
  }
  std::vector<DiagnosisGroup> groups;
  for (auto& [id, group] : by_id) {
    std::sort(
        group.cells.begin(), group.cells.end(), [](const DiagnosisCell& a, const DiagnosisCell& b) {
          return std::make_tuple(operation_rank(a.operation), type_slot(a.input),
                                 type_slot(a.output)) < std::make_tuple(operation_rank(b.operation),
                                                                        type_slot(b.input),
                                                                        type_slot(b.output));
        });
    groups.push_back(std::move(group));
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [](const DiagnosisGroup& a, const DiagnosisGroup& b) {
                     const bool a_unexplained = a.model == nullptr;
                     const bool b_unexplained = b.model == nullptr;
                     if (a_unexplained != b_unexplained) return a_unexplained;
                     return a.cases > b.cases;
                   });
  return groups;
}

// --- Merging ---

std::vector<Diagnosis::BucketEntry> Diagnosis::buckets() const {
  std::vector<BucketEntry> entries;
  entries.reserve(buckets_.size());
  for (const auto& [key, bucket] : buckets_) {
    const auto& [operation, input, output, models, kind] = key;
    entries.push_back(
        {operation, input, output, models, kind, bucket.cases, bucket.simplest, bucket.minimal});
  }
  return entries;
}

void Diagnosis::add_bucket(const BucketEntry& entry) {
  failures_ += entry.cases;
  if (!entry.models.empty()) explained_ += entry.cases;
  Key key{entry.operation, entry.input, entry.output, entry.models,
          entry.models.empty() ? entry.kind : std::string()};
  auto [found, added] = buckets_.try_emplace(std::move(key));
  Bucket& bucket = found->second;
  bucket.cases += entry.cases;
  if (!added && std::tie(bucket.simplest, bucket.minimal.sequence) <=
                    std::tie(entry.simplest, entry.minimal.sequence))
    return;
  bucket.simplest = entry.simplest;
  bucket.minimal = entry.minimal;
}

}  // namespace cvc
