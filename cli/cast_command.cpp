// cvc cast: the oracle on the command line, one line per value.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/input.hpp"
#include "oracle/cast.hpp"
#include "oracle/codec_metadata.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::cli {
namespace {

constexpr std::string_view kCastHelp =
    R"(usage: cvc cast --from TYPE --config JSON [--decode] [--reading FLAG=ALT]... VALUE...

Casts each VALUE with a cast_value codec and explains the result.

  --from TYPE        the array's data type (the encode input; the decode output)
  --config JSON      the codec's configuration object, or the whole codec
                     {"name": "cast_value", "configuration": {...}}
  --decode           decode instead of encode: VALUEs are of the configuration's data_type
  --reading FLAG=ALT compute under an alternative reading (e.g. InfClamp=clamp-to-max);
                     repeatable; `cvc readings` lists them
  VALUE              a JSON scalar of the input type (128, -0.0, "NaN", NaN, Infinity, 1e300)
                     or its bit pattern as 0x... (any type)

Prints, per value: the input pattern and value, then the output pattern and value and the rule
that decided it, or the error. Exit 0 when every value was cast or rejected by the procedure;
2 for bad arguments (unknown type, invalid configuration, a value that is not a scalar).

example: cvc cast --from float64 --config '{"data_type": "int8", "out_of_range": "clamp"}' 128.0
)";

}  // namespace

int run_cast(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << kCastHelp;
    return kExitOk;
  }
  const DataType& array_type = type_argument("cvc cast", arguments.required_option("from"));
  const std::string config_text = arguments.required_option("config");
  const bool decode = arguments.flag("decode");
  const Readings readings = readings_argument("cvc cast", arguments.repeated_option("reading"));
  const std::vector<std::string> values = arguments.finish();
  if (values.empty()) throw UsageError("cvc cast: no VALUE given (see cvc cast --help)");

  const CastValueCodec codec = codec_argument("cvc cast", config_text, array_type, readings);
  const CastRule rule = decode ? codec.decode_rule() : codec.encode_rule();
  std::cout << direction_name(decode ? Direction::Decode : Direction::Encode) << " "
            << rule.input->name << " -> " << rule.output->name << ", rounding "
            << rounding_name(rule.rounding) << ", out_of_range "
            << out_of_range_name(rule.out_of_range) << ", scalar_map entries "
            << rule.scalar_map.size() << "\n";
  for (const std::string& text : values) {
    const std::uint64_t bits = scalar_argument("cvc cast", *rule.input, text, readings);
    const CastResult result = cast_value(rule, bits, readings);
    std::cout << pattern_hex(*rule.input, bits) << " (" << describe_value(*rule.input, bits)
              << ") -> ";
    if (result.ok()) {
      std::cout << pattern_hex(*rule.output, result.bits) << " ("
                << describe_value(*rule.output, result.bits) << ")";
    } else {
      std::cout << "error " << cast_error_name(result.error);
    }
    std::cout << ": " << explain(rule, result) << "\n";
  }
  return kExitOk;
}

}  // namespace cvc::cli
