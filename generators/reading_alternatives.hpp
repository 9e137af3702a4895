// Which readings change a case's expected result (vectors/README.md, "Flags and alternatives"):
// the case is recomputed under every alternative of every flag that can act on it, and a flag is
// listed when some alternative of it changes something. The cast cases and the chain cases both
// ask this question, of different computations.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "oracle/readings.hpp"

namespace cvc {

struct ReadingAlternatives {
  std::vector<std::string> flags;                          // flag names, in flag order
  nlohmann::json alternatives = nlohmann::json::object();  // "FLAG=ALT": what changes under it
};

// For each alternative of each flag that `acts` selects, `changed(readings)` says what differs
// from the default result under those readings (a JSON value), or null (or an empty object) when
// nothing does.
ReadingAlternatives reading_alternatives(
    const std::function<bool(Flag)>& acts,
    const std::function<nlohmann::json(const Readings&)>& changed);

}  // namespace cvc
