#include "harness/reports/reason_applicability.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace cvc {
namespace {

constexpr std::string_view kNotDeclared = "the adapter does not declare ";
constexpr std::string_view kAnswered = "the adapter answered unsupported: ";

// A cell's operation as the runner names it: "encode", "decode", "validate", "chain encode".
struct CellOperation {
  bool chain = false;
  std::string_view direction;  // "encode", "decode", "validate"
};

CellOperation operation_of(const CellSummary& cell) {
  std::string_view name = cell.operation;
  const bool chain = name.starts_with("chain ");
  if (chain) name.remove_prefix(6);
  return {chain, name};
}

// What a "does not declare" reason names: the text between the prefix and " (hello: ...)".
std::optional<std::string_view> declared_thing(std::string_view reason) {
  if (!reason.starts_with(kNotDeclared)) return std::nullopt;
  reason.remove_prefix(kNotDeclared.size());
  const std::size_t hello = reason.rfind(" (hello: ");
  if (hello == std::string_view::npos || !reason.ends_with(")")) return std::nullopt;
  return reason.substr(0, hello);
}

bool names_cell_type(const CellSummary& cell, std::string_view type) {
  return (cell.input != nullptr && cell.input->name == type) ||
         (cell.output != nullptr && cell.output->name == type);
}

// `name` is among the strings of declaration[key] (an array).
bool declares(const nlohmann::json& declaration, const char* key, std::string_view name) {
  if (!declaration.is_object() || !declaration.contains(key) || !declaration[key].is_array())
    return false;
  const nlohmann::json& names = declaration[key];
  return std::any_of(names.begin(), names.end(), [&](const nlohmann::json& item) {
    return item.is_string() && item.get<std::string>() == name;
  });
}

// "the operation OP" and "the data type T": the cell's, and not declared by the hello.
std::optional<std::string> operation_or_type_problem(const CellSummary& cell,
                                                     std::string_view thing,
                                                     const nlohmann::json& declaration) {
  const CellOperation operation = operation_of(cell);
  if (thing.starts_with("the operation ")) {
    const std::string_view named = thing.substr(14);
    if (named != (operation.chain ? "chain" : operation.direction))
      return "it names the operation " + std::string(named) + ", not the cell's";
    if (declares(declaration, "operations", named))
      return "run.declaration declares the operation " + std::string(named);
    return std::nullopt;
  }
  const std::string_view named = thing.substr(14);  // "the data type "
  // A chain's cases involve its intermediate types too; a cast's and a validation's only the
  // cell's two.
  if (!operation.chain && !names_cell_type(cell, named))
    return "it names the data type " + std::string(named) + ", not one of the cell's";
  if (declares(declaration, "data_types", named))
    return "run.declaration declares the data type " + std::string(named);
  return std::nullopt;
}

// What names a direction: "the pair DIR IN -> OUT", "the rounding mode R for DIR", "the
// out_of_range rule X for DIR", "scalar_map for DIR", "chains for DIR", "the codec C in a chain".
std::optional<std::string> direction_problem(const CellSummary& cell, std::string_view thing) {
  const CellOperation operation = operation_of(cell);
  if (thing.starts_with("the pair ")) {
    const std::string expected = "the pair " + std::string(operation.direction) + " " +
                                 std::string(type_label(cell.input)) + " -> " +
                                 std::string(type_label(cell.output));
    if (operation.chain || thing != expected)
      return "it names " + std::string(thing.substr(4)) + ", not the cell";
    return std::nullopt;
  }
  if (thing.starts_with("the codec ") && thing.ends_with(" in a chain")) {
    if (!operation.chain) return std::string("it is about chains, and the cell is not one");
    return std::nullopt;
  }
  const std::size_t for_at = thing.rfind(" for ");
  if (for_at == std::string_view::npos) return std::string("the harness writes no such reason");
  const std::string_view what = thing.substr(0, for_at);
  const std::string_view direction = thing.substr(for_at + 5);
  const bool chains = what == "chains";
  if (!chains && !what.starts_with("the rounding mode ") &&
      !what.starts_with("the out_of_range rule ") && what != "scalar_map")
    return std::string("the harness writes no such reason");
  if (chains && !operation.chain) return std::string("it is about chains, and the cell is not one");
  if (direction != operation.direction)
    return "it is about " + std::string(direction) + ", and the cell is " + cell.operation;
  return std::nullopt;
}

}  // namespace

std::optional<std::string> inapplicable_reason(const CellSummary& cell, std::string_view reason,
                                               std::string_view declaration_text) {
  if (reason == kNoUnsupportedReason || reason == "(other)" || reason.starts_with(kAnswered))
    return std::nullopt;
  if (cell.operation == "(other)") return std::nullopt;  // pooled operations: nothing to match
  const std::optional<std::string_view> thing = declared_thing(reason);
  if (!thing) return std::string("the harness writes no such reason");
  nlohmann::json declaration;
  if (!declaration_text.empty())
    declaration = nlohmann::json::parse(declaration_text, nullptr, false);
  if (thing->starts_with("the operation ") || thing->starts_with("the data type "))
    return operation_or_type_problem(cell, *thing, declaration);
  return direction_problem(cell, *thing);
}

}  // namespace cvc
