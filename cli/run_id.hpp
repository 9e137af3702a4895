// A run's id (`cvc run --run-id ID`): written into every report of the run and checked by merges,
// so that shards of two runs with the same options (a stale shard report left in a reports folder
// by an earlier submission) are never merged as one run.
#pragma once

#include <string>
#include <string_view>

namespace cvc::cli {

// A fresh random id, 32 hexadecimal digits (128 bits from std::random_device).
std::string fresh_run_id();

// The id given to --run-id, or UsageError: 1 to 128 characters among letters, digits, '.', '_',
// ':' and '-' (it names files and is quoted in messages and scripts as it is).
std::string checked_run_id(std::string_view text);

}  // namespace cvc::cli
