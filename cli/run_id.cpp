#include "cli/run_id.hpp"

#include <random>

#include "cli/arguments.hpp"
#include "oracle/io/bounded_quote.hpp"

namespace cvc::cli {

std::string fresh_run_id() {
  std::random_device entropy;
  constexpr std::string_view kDigits = "0123456789abcdef";
  std::string id;
  for (int word = 0; word < 4; ++word)
    for (std::uint32_t bits = entropy(), digit = 0; digit < 8; ++digit, bits >>= 4)
      id.push_back(kDigits[bits & 0xf]);
  return id;
}

std::string checked_run_id(std::string_view text) {
  const bool allowed = !text.empty() && text.size() <= 128 &&
                       text.find_first_not_of(
                           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:-") ==
                           std::string_view::npos;
  if (!allowed)
    throw UsageError(
        "cvc run: --run-id takes 1 to 128 letters, digits, '.', '_', ':' or '-', not \"" +
        bounded_quote(text) + "\"");
  return std::string(text);
}

}  // namespace cvc::cli
