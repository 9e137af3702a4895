#include "oracle/slow/slow_element_oracle.hpp"

#include "oracle/slow/slow_alias_rounding.hpp"
#include "oracle/slow/slow_cast.hpp"
#include "oracle/slow/slow_scale_offset.hpp"

namespace cvc::slow {

const ElementOracle& slow_element_oracle() {
  static constexpr ElementOracle kSlow{&cast_value, &scale_offset_encode, &scale_offset_decode,
                                       &alias_round_to_integer};
  return kSlow;
}

}  // namespace cvc::slow
