#include "harness/sources/case_source.hpp"

namespace cvc {

std::optional<std::uint64_t> CaseSource::skip_next() {
  const Skipped skipped = skip(1);
  if (skipped.batches == 0) return std::nullopt;
  return skipped.cases;
}

std::optional<std::uint64_t> CaseSource::skip_one() {
  CaseBatch batch;
  if (!next(batch)) return std::nullopt;
  return case_count(batch);
}

CaseSource::Skipped CaseSource::skip(std::uint64_t batches) {
  Skipped skipped;
  for (; skipped.batches < batches; ++skipped.batches) {
    const std::optional<std::uint64_t> cases = skip_one();
    if (!cases) break;
    skipped.cases += *cases;
  }
  return skipped;
}

}  // namespace cvc
