// cvc validate: codec metadata and the fill value round trip.
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/input.hpp"
#include "oracle/io/input_file.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::cli {
namespace {

constexpr std::string_view kValidateHelp =
    R"(usage: cvc validate --array-type TYPE --fill-value JSON --codecs JSON [--reading FLAG=ALT]...
       cvc validate ZARR_JSON_FILE [--reading FLAG=ALT]...

Validates an array's codec chain (cast_value, scale_offset, transpose, numcodecs.fixedscaleoffset,
and sharding_indexed with its inner codecs) and the fill value round trip the cast_value spec
requires. The chain, and each chain inside a shard, must have the form the core spec gives it
(zarr-specs docs/v3/core/index.rst, "Codecs"): array -> array codecs, then exactly one array ->
bytes codec (bytes, packbits, sharding_indexed), then bytes -> bytes codecs. sharding_indexed's
configuration is checked as sharding-indexed.rst says: chunk_shape, codecs and index_codecs
required, index_location "start" or "end", no compressor among the index codecs, and a
chunk_shape of the shard shape's rank that divides it, where the shard shape is known (inside
another shard; at the top, from the zarr.json's regular chunk_grid: --codecs does not give it, and
"not checked:" lines say so). The fill value is threaded through the codecs as a chunk is encoded
(into the shard's inner codecs too), and each cast_value codec must decode what it encoded back to
the value that reached it (reading ChainFillRoundTrip; FillRoundTrip says what "the same value"
means).

  --array-type TYPE   the array's data type
  --fill-value JSON   the array's fill value in the Zarr fill value encoding (0, -0.0, "NaN", "0x7e00")
  --codecs JSON       the codec chain, a JSON array of codec objects
  ZARR_JSON_FILE      array metadata (zarr.json) holding data_type, fill_value and codecs
  --reading FLAG=ALT  validate under an alternative reading (e.g. FillRoundTrip=bit-exact)

Prints "valid" and the round trip, "invalid" and why, or "cannot decide" when the chain holds a codec
the oracle does not follow (before the array -> bytes codec). Exit 0 valid, 1 invalid, 2 bad
arguments, 4 cannot decide.
)";

std::string read_file(const std::string& path) {
  try {
    return read_input_file(path);
  } catch (const InputFileError& error) {
    throw UsageError(std::string("cvc validate: ") + error.what());
  }
}

}  // namespace

int run_validate(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kValidateHelp;
    return kExitOk;
  }
  const std::optional<std::string> array_type = arguments.option("array-type");
  const std::optional<std::string> fill_value = arguments.option("fill-value");
  const std::optional<std::string> codecs = arguments.option("codecs");
  const Readings readings = readings_argument("cvc validate", arguments.repeated_option("reading"));
  const std::vector<std::string> files = arguments.finish();

  FillValueCheck check;
  if (files.size() == 1 && !array_type && !fill_value && !codecs) {
    check = validate_array_metadata(json_argument("cvc validate", files[0], read_file(files[0])),
                                    readings);
  } else if (files.empty() && array_type && fill_value && codecs) {
    check = validate_array_metadata(type_argument("cvc validate", *array_type),
                                    json_argument("cvc validate", "--fill-value", *fill_value),
                                    json_argument("cvc validate", "--codecs", *codecs), readings);
  } else {
    throw UsageError(
        "cvc validate: give either --array-type, --fill-value and --codecs, or one zarr.json "
        "file (see cvc validate --help)");
  }
  const char* verdict = check.verdict == MetadataVerdict::Valid     ? "valid"
                        : check.verdict == MetadataVerdict::Invalid ? "invalid"
                                                                    : "cannot decide";
  std::cout << verdict << ": " << check.message << "\n";
  for (const FillStep& step : check.steps)
    std::cout << "  " << step.label << ": " << step.type->name << " "
              << pattern_hex(*step.type, step.bits) << " (" << describe_value(*step.type, step.bits)
              << ")\n";
  for (const std::string& what : check.unchecked) std::cout << "not checked: " << what << "\n";
  switch (check.verdict) {
    case MetadataVerdict::Valid:
      return kExitOk;
    case MetadataVerdict::Invalid:
      return kExitNegative;
    case MetadataVerdict::Undecided:
      break;
  }
  return kExitUndecided;
}

}  // namespace cvc::cli
