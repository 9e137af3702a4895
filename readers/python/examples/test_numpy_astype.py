import numpy as np
import cast_value_vectors as cvv
from cast_value_vectors.arrays import UnsupportedType, array_to_patterns, inputs_array, numpy_dtype

# int8 into wider types is exact; negative values into unsigned types wrap (the failures).
@cvv.batches(file="cast/int8.json", direction="encode", rounding="nearest-even")
def test_astype(batch):
    try:
        out = numpy_dtype(batch.group.output_type)
    except UnsupportedType as e:
        cvv.unsupported(str(e))
    with np.errstate(all="ignore"):
        answers = array_to_patterns(inputs_array(batch.cases).astype(out), batch.group.output_type)
    cvv.check_batch(batch, answers)
