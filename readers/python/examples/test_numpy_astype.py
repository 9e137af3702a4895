import cast_value_vectors as cvv
from cast_value_vectors.arrays import array_to_patterns, inputs_array, numpy_dtype_or_unsupported


# numpy's astype on the int8 casts: exact into wider types, negative values wrap into unsigned ones
@cvv.batches(file="cast/int8.json", direction="encode", rounding="nearest-even")
def test_astype(batch):
    out = numpy_dtype_or_unsupported(batch.group.output_type)  # a type numpy lacks: unsupported
    answers = inputs_array(batch.cases).astype(out)
    cvv.check_batch(batch, array_to_patterns(answers, batch.group.output_type))
