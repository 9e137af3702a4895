#include "oracle/slow/slow_element_oracle.hpp"

#include "oracle/slow/slow_cast.hpp"
#include "oracle/slow/slow_scale_offset.hpp"

namespace cvc {

const ElementOracle& slow_element_oracle() {
  static constexpr ElementOracle oracle{&slow::cast_value, &slow::scale_offset_encode,
                                        &slow::scale_offset_decode};
  return oracle;
}

}  // namespace cvc
