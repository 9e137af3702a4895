# The Rust reader crate (readers/rust): its own tests and clippy, and the agreement test with
# `cvc run` (tests/readers/rust: the half crate's f16::from_f64, through the crate and through an
# adapter). Runs a real library (half, from crates.io), hence the adapters label; skipped (77)
# without cargo or for vectors without stable ids.
add_test(NAME readers.rust
         COMMAND ${CMAKE_SOURCE_DIR}/tests/readers/rust/run.sh $<TARGET_FILE:cvc>
                 ${CMAKE_SOURCE_DIR}/vectors ${CMAKE_BINARY_DIR}/readers/rust)
set_tests_properties(readers.rust PROPERTIES TIMEOUT 900 LABELS adapters SKIP_RETURN_CODE 77
                     RESOURCE_LOCK adapter-rust-reader)
