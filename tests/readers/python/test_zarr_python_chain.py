"""zarr-python's own codec pipeline (scale_offset, cast_value, ...) on the chain vectors, the way
zarr-python's tests call a codec: an array opened from zarr.json in a MemoryStore, written and
read. Run through the reader's pytest plugin (agreement.sh compares its counts with `cvc run`)."""
import json
import warnings

import numpy as np
import zarr
import zarr.storage
from zarr.core.buffer import cpu

import cast_value_vectors as cvv
from cast_value_vectors import exact_json
from cast_value_vectors.arrays import array_to_patterns, inputs_array

ZARR_TYPES = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
              "float16", "float32", "float64"}
zarr.config.set({"codecs.cast_value": "zarr.codecs.cast_value.CastValue", "array.write_empty_chunks": True})


def zarr_json(group, count):
    codecs = group.codecs + [{"name": "bytes", "configuration": {"endian": "little"}}]
    return exact_json.dumps({
        "zarr_format": 3, "node_type": "array", "shape": [count], "data_type": group.array_data_type,
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [max(count, 1)]}},
        "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
        "fill_value": group.fill_value, "codecs": codecs, "attributes": {}})


def run(group, x):
    """The outputs of elements x through the chain; ValueError when zarr refuses an element."""
    data = {"zarr.json": cpu.Buffer.from_bytes(zarr_json(group, len(x)).encode())}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        array = zarr.open_array(zarr.storage.MemoryStore(data), mode="r+", zarr_format=3)
    if group.direction == "encode":
        array[:] = x
        return np.frombuffer(data["c/0"].to_bytes(), dtype=np.dtype(group.output_type).newbyteorder("<"))
    data["c/0"] = cpu.Buffer.from_bytes(x.astype(x.dtype.newbyteorder("<")).tobytes())
    return array[:]


def answers(group, x):
    """One answer per element: zarr aborts the whole array on one bad element, so bisect."""
    try:
        return array_to_patterns(run(group, x), group.output_type)
    except ValueError as e:
        if len(x) == 1:
            return [e]
    middle = len(x) // 2
    return answers(group, x[:middle]) + answers(group, x[middle:])


@cvv.batches(family="chain")
def test_chain(batch):
    lacking = sorted({batch.group.input_type, batch.group.output_type} - ZARR_TYPES)
    if lacking:
        cvv.unsupported(f"zarr {zarr.__version__} has no data type {lacking[0]}")
    cvv.check_batch(batch, answers(batch.group, inputs_array(batch.cases)))
