#include <iostream>

#include "cli/commands.hpp"
#include "oracle/data_type.hpp"
#include "oracle/scalar_json.hpp"

namespace cvc::cli {

int run_types(Arguments& arguments) {
  if (arguments.help_requested()) {
    std::cout << "usage: cvc types\n\nLists the " << kDataTypeCount
              << " data types cast_value supports, with their width, layout,\nspecial values and "
                 "range (largest and smallest finite value).\n";
    return kExitOk;
  }
  if (!arguments.finish().empty()) throw UsageError("cvc types: takes no arguments");
  for (const DataType& type : all_data_types()) {
    std::cout << type.name << ": " << type.bits << " bits";
    if (type.is_integer()) {
      std::cout << (type.family == Family::SignedInteger ? ", signed" : ", unsigned");
    } else {
      std::cout << ", e" << type.exponent_bits << "m" << type.mantissa_bits << " bias " << type.bias
                << (type.has_infinity() ? ", infinities" : "")
                << (type.has_nan() ? ", NaN " + pattern_hex(type, type.canonical_nan())
                                   : ", no NaN")
                << (type.has_negative_zero() ? ", -0" : "") << (type.has_zero() ? "" : ", no zero");
    }
    std::cout << ", range [" << describe_value(type, type.min_finite_bits()) << ", "
              << describe_value(type, type.max_finite_bits()) << "]\n";
  }
  return kExitOk;
}

}  // namespace cvc::cli
