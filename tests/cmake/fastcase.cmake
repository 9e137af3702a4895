# cvc run --live slice (one cell of the exhaustive run alone): counts, a mutant, refusals.
add_test(NAME cli.live_slice
         COMMAND ${CMAKE_SOURCE_DIR}/tests/cli/live_slice.sh $<TARGET_FILE:cvc>)
set_tests_properties(cli.live_slice PROPERTIES TIMEOUT 120)
