"""NumPy helpers (optional: NumPy is imported only here): a batch's input patterns as an array of
the input type, and an array of answers back into bit patterns. A type NumPy lacks (int2 ...
bfloat16, the float8 types) needs the `ml_dtypes` package; without it `numpy_dtype` raises
UnsupportedType, whose message says so (a test skips the case with that reason)."""
from __future__ import annotations

from .data_types import DataType, data_type

NUMPY_NATIVE = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                "float16", "float32", "float64"}


class UnsupportedType(Exception):
    """NumPy has no dtype for this data type here."""


def numpy_dtype(name: str):
    import numpy as np

    if name in NUMPY_NATIVE:
        return np.dtype(name)
    try:
        import ml_dtypes
    except ImportError:
        raise UnsupportedType(f"numpy has no data type {name} (install ml_dtypes for it)") from None
    if not hasattr(ml_dtypes, name):
        raise UnsupportedType(f"numpy and ml_dtypes {ml_dtypes.__version__} have no data type {name}")
    return np.dtype(getattr(ml_dtypes, name))


def numpy_dtype_or_unsupported(name: str):
    """numpy_dtype(name); for a type NumPy lacks, the running test's cases are skipped as
    unsupported, counted under UnsupportedType's reason (testing.unsupported)."""
    try:
        return numpy_dtype(name)
    except UnsupportedType as e:
        from .testing import unsupported

        unsupported(str(e))


def _storage_dtype(t: DataType):
    import numpy as np

    return np.dtype(f"uint{8 * t.storage_bytes}")


def patterns_to_array(patterns, type_name: str):
    """The bit patterns (ints) as an array of the data type (sub-byte signed integers sign-extended
    to their byte, as ml_dtypes stores them)."""
    import numpy as np

    t = data_type(type_name)
    dtype = numpy_dtype(type_name)
    raw = np.array(list(patterns), dtype=np.uint64)
    if not t.is_float and t.signed and t.bits < 8:
        raw = np.where(raw >> (t.bits - 1) & 1, raw | (~np.uint64(0) << np.uint64(t.bits)), raw)
    return raw.astype(_storage_dtype(t)).view(dtype)


def inputs_array(cases):
    """The inputs of cases of one group (one input type) as an array of that type."""
    cases = list(cases)
    types = {c.input_type for c in cases}
    if len(types) != 1:
        raise ValueError(f"cases of input types {sorted(map(str, types))}: give cases of one input type")
    return patterns_to_array((c.input_bits for c in cases), types.pop())


def array_to_patterns(array, type_name: str) -> list[int]:
    """The elements of an array of the data type as bit patterns (ints, the type's width)."""
    import numpy as np

    t = data_type(type_name)
    values = np.ascontiguousarray(array).reshape(-1)
    if values.dtype.itemsize != t.storage_bytes:
        raise ValueError(f"an array of {values.dtype} does not hold {type_name} elements")
    mask = (1 << t.bits) - 1
    return [int(v) & mask for v in values.view(_storage_dtype(t))]
