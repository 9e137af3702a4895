# The hostile vector corpus against every consumer of the vectors (issue 33,
# docs/input-contract.md): tests/hostile/readers_agree.sh makes each folder of
# tests/hostile/vector_defects.tsv and runs cvc's and the Python, JavaScript and Rust readers'
# verify commands on it; each must give the row's verdict, naming the file, in bounded time and
# memory. A reader whose toolchain is missing (node, cargo) is reported SKIPPED, never passed.
# The Rust reader's example is built by cargo (crates from crates.io, hence the adapters label, as
# readers.rust) into the same target folder as readers.rust, hence its lock.
#   hostile.readers_agree        the corpus against the four consumers
#   hostile.readers_agree_teeth  the runner fails fake consumers that pass, hang, crash, refuse
#                                vaguely or refuse the published set
add_test(NAME hostile.readers_agree
         COMMAND ${CMAKE_SOURCE_DIR}/tests/hostile/readers_agree.sh $<TARGET_FILE:cvc> ${CMAKE_SOURCE_DIR}
                 --rust-target ${CMAKE_BINARY_DIR}/readers/rust)
set_tests_properties(hostile.readers_agree PROPERTIES TIMEOUT 1800 LABELS "hostile;adapters"
                     RESOURCE_LOCK adapter-rust-reader COST 1000)
add_test(NAME hostile.readers_agree_teeth
         COMMAND ${CMAKE_SOURCE_DIR}/tests/hostile/readers_agree_teeth.sh $<TARGET_FILE:cvc>)
set_tests_properties(hostile.readers_agree_teeth PROPERTIES TIMEOUT 300 LABELS hostile)
