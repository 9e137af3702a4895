# The JavaScript reader (readers/js, issue 24 items 3 and 4).
#   readers.js.unit: its own node:test tests and its README's example, on the system's Node.js
#     (20 or later; skipped, saying why, without one).
#   readers.js.agreement_zarrita: zarrita's cast_value through the reader gives cvc run's counts,
#     cell by cell, and the same test fails on mutant readers (tests/readers/js/agreement.sh; it
#     sets zarrita up).
# The environment variable CVC_JS_VECTORS, at configure time, replaces the repository's vectors/.
if(DEFINED ENV{CVC_JS_VECTORS})
  set(cvc_js_vectors $ENV{CVC_JS_VECTORS})
else()
  set(cvc_js_vectors ${CMAKE_SOURCE_DIR}/vectors)
endif()
add_test(NAME readers.js.unit COMMAND ${CMAKE_SOURCE_DIR}/tests/readers/js/unit.sh ${cvc_js_vectors})
# About 70 child processes (the input contract's defect classes, the teeth's mutants) and verify
# on the whole set: under 3 minutes on a loaded 2-core machine; the timeout leaves room for more load.
set_tests_properties(readers.js.unit PROPERTIES TIMEOUT 900 SKIP_RETURN_CODE 77)
add_test(NAME readers.js.agreement_zarrita
         COMMAND ${CMAKE_SOURCE_DIR}/tests/readers/js/agreement.sh $<TARGET_FILE:cvc> ${cvc_js_vectors})
set_tests_properties(readers.js.agreement_zarrita PROPERTIES TIMEOUT 600 LABELS adapters
                     RESOURCE_LOCK adapter-zarrita)
