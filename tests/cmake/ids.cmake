# Stable case ids (vectors/README.md, "Case ids"; issue 24): every stored id is what its case's
# content gives, no two cases share one, and every case of each recorded release (1.2.0, whose
# ids are the definition's, 1.3.0 and 1.4.0, each frozen for the releases after it) is still here
# with the id it had there; by an implementation of the definition of its own
# (tests/vectors/stable_ids.py, stdlib only).
add_test(NAME vectors.stable_ids
         COMMAND ${CVC_PYTHON} ${CMAKE_SOURCE_DIR}/tests/vectors/stable_ids.py check
                 ${CMAKE_SOURCE_DIR}/vectors
                 ${CMAKE_SOURCE_DIR}/tests/vectors/fixtures/vectors-1.2.0-ids.xz
                 ${CMAKE_SOURCE_DIR}/tests/vectors/fixtures/vectors-1.3.0-ids.xz
                 ${CMAKE_SOURCE_DIR}/tests/vectors/fixtures/vectors-1.4.0-ids.xz)
# The check fails on a copy with one id edited, on one where two cases share an id, and on
# positional ids once a case is inserted at a group's start (content ids pass that).
add_test(NAME vectors.stable_ids_teeth
         COMMAND ${CVC_PYTHON} ${CMAKE_SOURCE_DIR}/tests/vectors/stable_ids.py teeth
                 ${CMAKE_SOURCE_DIR}/vectors)
# The stable ids each release adds, changes and removes (vectors/changes/<version>.json, written by
# scripts/vector-changes from the previous release in the git history) are what the sets give; a
# minor release changes and removes none; an edited, a removed and an added case are each named.
add_test(NAME vectors.changes
         COMMAND ${CVC_PYTHON} ${CMAKE_SOURCE_DIR}/tests/vectors/changes_check.py
                 ${CMAKE_SOURCE_DIR}/vectors)
