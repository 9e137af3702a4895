# The published manifests' tables agree (docs/input-contract.md, rule 10): the C++ table and each
# reader's JSON copy are what scripts/published-manifests writes from the git history, so that cvc
# and the three readers take a set's identity from the same manifests.
add_test(NAME scripts.published_manifests_check
         COMMAND ${CMAKE_SOURCE_DIR}/scripts/published-manifests --check)
