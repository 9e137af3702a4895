// A share said in every report form in the same words: "0.3%", "99.9%", "100%". Computed in
// integers and rounded down: 10^17 cases of 10^17 + 1 are "99.9%", never "100%"; 100% means every
// case. (The verdict's coverage and the diagnosis's partial cells both say their shares so.)
#pragma once

#include <cstdint>
#include <string>

namespace cvc {

// part / whole in tenths of a percent, rounded down ("0.3%", "99.9%", "100%", "0%" when whole is
// 0); part > whole is said as it is ("150%"), never clamped. Integer arithmetic only.
std::string share_text(std::uint64_t part, std::uint64_t whole);

}  // namespace cvc
