#include "harness/run/run_result.hpp"

namespace cvc {
namespace {

constexpr std::array<std::string_view, kVerdictCount> kVerdictNames = {
    "pass", "divergence", "fail", "unsupported", "adapter_error"};

}  // namespace

std::string_view verdict_name(Verdict verdict) {
  return kVerdictNames[static_cast<std::size_t>(verdict)];
}

}  // namespace cvc
