// cvc adapter: the oracle (or a mutant) as an adapter process, for the harness and its tests.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/near_names.hpp"
#include "harness/reference/reference_adapter.hpp"

namespace cvc::cli {
namespace {

constexpr std::string_view kAdapterHelp =
    R"(usage: cvc adapter [--mutant NAME] [--protocol 1|2] [--encoding hex|base64]
                   [--failed-form indices|ranges] [--only-rounding LIST] [--only-out-of-range LIST] [--no-scalar-map]
                   [--log-requests FILE] [--store-bug NAME] [--no-stores] [--no-chains]

Speaks the adapter protocol (harness/protocol/PROTOCOL.md) on stdin/stdout, answering with the oracle:
the reference implementation, which `cvc run` must certify.

  --mutant NAME            serve the oracle with one deliberate bug, to prove the harness
                           catches it (the mutants are listed below)
  --protocol 1|2           the newest protocol version to speak (default 2); it answers a hello
                           with the smaller of this and the hello's max_protocol
  --encoding hex|base64    how to write elements when a protocol 2 hello offers this encoding
                           (default base64; hex is the protocol 1 form, always the fallback)
  --failed-form indices|ranges
                           how to write an ok answer's failed list when a protocol 2 hello
                           offers this form (default ranges; indices is the protocol 1 form,
                           always the fallback)
  --only-rounding LIST     exercise only these rounding modes (comma-separated: nearest-even,
                           towards-zero, towards-positive, towards-negative, nearest-away)
  --only-out-of-range LIST exercise only these out_of_range rules (absent, clamp, wrap)
  --no-scalar-map          exercise no configuration with a scalar_map in its direction
  --log-requests FILE      append every request line received to FILE
  --store-bug NAME         read and write arrays (the store operations of `cvc check-store`) with
                           one deliberate store-level bug: missing-chunk-zero (a chunk never
                           written reads as zeros, not the fill value), ignore-big-endian (the
                           bytes codec's big endian is taken as little), edge-not-fill-padded
                           (the part of an edge chunk outside the array is written as zeros),
                           scale-offset-ignored (scale_offset's offset and scale taken as 0 and
                           1: elements and the fill value pass through it unchanged)
  --no-stores              declare no store operation (open_array, read_array, write_array)
  --no-chains              declare no chain requests (the operation "chain"): the harness counts
                           every chain case unsupported

What --only-* and --no-scalar-map leave out is declared in the hello's capabilities under
protocol 2 (so the harness never sends it), and answered `unsupported` under either protocol.

Mutants:
)";

// The names --mutant takes.
std::vector<std::string_view> mutant_names() {
  std::vector<std::string_view> names = {kNoMutant};
  for (const BugModel& model : bug_models()) names.push_back(model.id);
  return names;
}

// A comma-separated list of names, each read by `parse`; `known` are the names it reads.
template <typename Enum, typename Parse>
std::optional<std::vector<Enum>> name_list(Arguments& arguments, std::string_view option,
                                           Parse parse, std::span<const std::string_view> known) {
  const std::optional<std::string> text = arguments.option(option);
  if (!text) return std::nullopt;
  std::vector<Enum> names;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text->find(',', start);
    const std::string name = text->substr(start, comma - start);
    const std::optional<Enum> parsed = parse(name);
    if (!parsed)
      throw UsageError("cvc adapter: --" + std::string(option) + ": unknown name \"" + name + "\"" +
                       did_you_mean(name, known) + " (see cvc adapter --help)");
    names.push_back(*parsed);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return names;
}

}  // namespace

int run_adapter(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kAdapterHelp;
    std::cout << "  " << kNoMutant << ": no bug, the oracle itself\n";
    for (const BugModel& model : bug_models())
      std::cout << "  " << model.id << ": " << model.title << "\n";
    std::cout << "(the known-bug models of docs/bug-models.md; `cvc bug-models` describes them)\n";
    return kExitOk;
  }
  Mutant mutant = nullptr;
  if (const std::optional<std::string> name = arguments.option("mutant")) {
    const std::optional<Mutant> found = find_mutant(*name);
    if (!found)
      throw UsageError("cvc adapter: unknown mutant \"" + *name + "\"" +
                       did_you_mean(*name, mutant_names()) + "; cvc adapter --help lists them");
    mutant = *found;
  }
  ReferenceAdapterOptions options;
  if (const std::optional<std::string> protocol = arguments.option("protocol")) {
    if (*protocol != "1" && *protocol != "2")
      throw UsageError("cvc adapter: --protocol must be 1 or 2, not \"" + *protocol + "\"");
    options.protocol = *protocol == "1" ? 1 : 2;
  }
  if (const std::optional<std::string> encoding = arguments.option("encoding")) {
    const std::optional<ElementEncoding> parsed = parse_element_encoding(*encoding);
    if (!parsed)
      throw UsageError("cvc adapter: --encoding must be hex or base64, not \"" + *encoding + "\"");
    options.encoding = *parsed;
  }
  if (const std::optional<std::string> form = arguments.option("failed-form")) {
    const std::optional<FailedForm> parsed = parse_failed_form(*form);
    if (!parsed)
      throw UsageError("cvc adapter: --failed-form must be indices or ranges, not \"" + *form +
                       "\"");
    options.failed_form = *parsed;
  }
  std::vector<std::string_view> roundings, out_of_ranges;
  for (int k = 0; k < kRoundingCount; ++k)
    roundings.push_back(rounding_name(static_cast<Rounding>(k)));
  for (int k = 0; k < kOutOfRangeCount; ++k)
    out_of_ranges.push_back(out_of_range_name(static_cast<OutOfRange>(k)));
  options.only_rounding =
      name_list<Rounding>(arguments, "only-rounding", parse_rounding, roundings);
  options.only_out_of_range = name_list<OutOfRange>(
      arguments, "only-out-of-range",
      [](std::string_view name) {
        return name == "absent" ? std::optional<OutOfRange>(OutOfRange::None)
                                : parse_out_of_range(name);
      },
      out_of_ranges);
  options.scalar_map = !arguments.flag("no-scalar-map");
  options.log_requests = arguments.option("log-requests").value_or("");
  if (const std::optional<std::string> bug = arguments.option("store-bug")) {
    const std::optional<StoreBug> parsed = parse_store_bug(*bug);
    if (!parsed)
      throw UsageError("cvc adapter: unknown --store-bug \"" + *bug +
                       "\" (see cvc adapter --help)");
    options.store_bug = *parsed;
  }
  options.stores = !arguments.flag("no-stores");
  options.chains = !arguments.flag("no-chains");
  if (!arguments.finish().empty()) throw UsageError("cvc adapter: takes no positional arguments");
  std::ios::sync_with_stdio(false);
  return run_reference_adapter(std::cin, std::cout, mutant, options);
}

}  // namespace cvc::cli
