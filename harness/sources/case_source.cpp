#include "harness/sources/case_source.hpp"

namespace cvc {

std::optional<std::uint64_t> CaseSource::skip_next() {
  CaseBatch batch;
  if (!next(batch)) return std::nullopt;
  return case_count(batch);
}

}  // namespace cvc
