// The reference adapter: the oracle (or one of its mutants) speaking the adapter protocol
// (harness/protocol/PROTOCOL.md) on a pair of streams. `cvc adapter` runs it on stdin/stdout.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "harness/protocol/element_packing.hpp"
#include "harness/protocol/failed_form.hpp"
#include "harness/reference/mutants.hpp"
#include "harness/reference/reference_store.hpp"
#include "oracle/cast_rule.hpp"

namespace cvc {

// How the reference adapter presents itself: which protocol it speaks, and what it leaves out
// (so that the harness's tests can prove that nothing outside a declaration is ever sent).
struct ReferenceAdapterOptions {
  // The newest version it speaks, 1 or 2: it answers a hello with the smaller of this and the
  // hello's max_protocol (its protocol when there is none).
  int protocol = 2;
  // Only these rounding modes / out_of_range rules (nullopt: all); without scalar_map. Declared
  // in the hello's capabilities under protocol 2; under either protocol every cast outside them
  // is answered unsupported.
  std::optional<std::vector<Rounding>> only_rounding;
  std::optional<std::vector<OutOfRange>> only_out_of_range;
  bool scalar_map = true;
  // The element encoding it writes when a protocol-2 hello offers it (hex otherwise).
  ElementEncoding encoding = ElementEncoding::Base64;
  // The form of an ok answer's "failed" list when a protocol-2 hello offers it (indices
  // otherwise): ranges, a few numbers for a batch whose elements are mostly refused.
  FailedForm failed_form = FailedForm::Ranges;
  std::string log_requests;  // a file to append each received request line to (empty: none)
  // Protocol 2 store operations (open_array, read_array, write_array), with a deliberate
  // store-level bug or none.
  bool stores = true;
  StoreBug store_bug = StoreBug::None;
  // Protocol 2 chain requests (the operation "chain"); without them the harness counts every
  // chain case unsupported.
  bool chains = true;
};

// Serves requests until "bye" or end of input; returns the process exit status.
int run_reference_adapter(std::istream& in, std::ostream& out, Mutant mutant,
                          const ReferenceAdapterOptions& options = {});

}  // namespace cvc
