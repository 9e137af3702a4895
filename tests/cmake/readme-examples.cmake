# Every copy-paste example of the users' READMEs run as written from a fresh folder (issue 35;
# tests/docs/readme_examples.py says how a README marks its blocks).
#   docs.readme_examples_marked: every code block with a language carries a marker (offline, fast).
#   docs.readme_examples_teeth: READMEs with an unmarked block, a failing example, a wrong exit
#     status and a file block that breaks its run are refused.
#   docs.readme_examples.NAME: the examples of one README, run in a new folder beside a copy of the
#     repository (the readers' READMEs build the packages with scripts/package-readers and install
#     them from PyPI, npm and crates.io as a user would; the adapter kit's runs build/cvc).
set(cvc_readme_examples ${CMAKE_SOURCE_DIR}/tests/docs/readme_examples.py)
add_test(NAME docs.readme_examples_marked COMMAND python3 ${cvc_readme_examples} --check ${CMAKE_SOURCE_DIR})
add_test(NAME docs.readme_examples_teeth COMMAND python3 ${cvc_readme_examples} --teeth ${CMAKE_SOURCE_DIR})
foreach(reader python js rust)
  add_test(NAME docs.readme_examples.reader_${reader}
           COMMAND python3 ${cvc_readme_examples} --run ${CMAKE_SOURCE_DIR} readers/${reader}/README.md)
endforeach()
add_test(NAME docs.readme_examples.adapter_kit
         COMMAND python3 ${cvc_readme_examples} --run ${CMAKE_SOURCE_DIR} harness/adapter_kit/python/README.md
                 ${CMAKE_BINARY_DIR})
add_test(NAME docs.readme_examples.adapter_kit_java
         COMMAND python3 ${cvc_readme_examples} --run ${CMAKE_SOURCE_DIR} harness/adapter_kit/java/README.md
                 ${CMAKE_BINARY_DIR})
set_tests_properties(docs.readme_examples.reader_python docs.readme_examples.reader_js
                     docs.readme_examples.reader_rust docs.readme_examples.adapter_kit
                     docs.readme_examples.adapter_kit_java
                     PROPERTIES TIMEOUT 1800 SKIP_RETURN_CODE 77)
# Every relative link of the Markdown files names something inside the repository, and nothing
# points outside it (tests/docs/links_inside.py).
add_test(NAME docs.links_inside COMMAND python3 ${CMAKE_SOURCE_DIR}/tests/docs/links_inside.py ${CMAKE_SOURCE_DIR})
add_test(NAME docs.readme_examples.top
         COMMAND python3 ${cvc_readme_examples} --run ${CMAKE_SOURCE_DIR} README.md ${CMAKE_BINARY_DIR})
set_tests_properties(docs.readme_examples.top PROPERTIES TIMEOUT 1800)
