# A sharded certification under a real Slurm scheduler (scripts/slurm): a single-node cluster the
# test starts itself (installing Debian's slurmctld, slurmd and munge when missing, as root);
# exit 77, skipped with the reason, where the machine cannot start Slurm.
add_test(NAME slurm.sharded_certification
         COMMAND ${CMAKE_SOURCE_DIR}/tests/slurm/sharded_certification.sh $<TARGET_FILE:cvc>)
set_tests_properties(slurm.sharded_certification PROPERTIES TIMEOUT 600 LABELS slurm
                     SKIP_RETURN_CODE 77 RESOURCE_LOCK slurm-cluster)
