# The Python reader (readers/python, issue 24): its unit tests, the agreement test with zarr-python
# (cvc run's counts reproduced cell by cell, then two planted reader bugs each caught), and the CI
# recipe's script on the numpy example. CVC_READER_VECTORS chooses the vectors (default: the
# repository's vectors/).
set(CVC_READER_VECTORS "${CMAKE_SOURCE_DIR}/vectors" CACHE PATH "vector folder of the Python reader's tests")
set(reader_py "${CMAKE_SOURCE_DIR}/tests/readers/python")
add_test(NAME readers.python.unit COMMAND ${reader_py}/unit_tests.sh "${CVC_READER_VECTORS}")
add_test(NAME readers.python.agreement COMMAND ${reader_py}/agreement.sh "${CVC_READER_VECTORS}")
add_test(NAME readers.python.ci_recipe COMMAND ${reader_py}/ci_recipe.sh "${CVC_READER_VECTORS}")
set_tests_properties(readers.python.unit readers.python.agreement readers.python.ci_recipe PROPERTIES
                     LABELS adapters RESOURCE_LOCK adapter-zarr-python TIMEOUT 900
                     ENVIRONMENT "CVC=$<TARGET_FILE:cvc>;CVC_BUILD_DIR=${CMAKE_BINARY_DIR}")
