"""zarr-python's own codec pipeline (scale_offset, cast_value, ...) on the chain vectors, the way
zarr-python's tests call a codec: an array opened from zarr.json in a MemoryStore, written and
read: a batch in one array, and where zarr refuses it, each element it refuses in an array of
its own. Run through the reader's pytest plugin (agreement.sh compares its counts with `cvc run`)."""
import asyncio
import warnings

import numpy as np
import zarr
import zarr.api.asynchronous
import zarr.storage
from zarr.core.buffer import cpu
from zarr.core.sync import sync

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


async def run(group, x):
    """The outputs of elements x through the chain; ValueError when zarr refuses an element."""
    data = {"zarr.json": cpu.Buffer.from_bytes(zarr_json(group, len(x)).encode())}
    array = await zarr.api.asynchronous.open_array(store=zarr.storage.MemoryStore(data), mode="r+", zarr_format=3)
    if group.direction == "encode":
        await array.setitem(slice(None), x)
        return np.frombuffer(data["c/0"].to_bytes(), dtype=np.dtype(group.output_type).newbyteorder("<"))
    data["c/0"] = cpu.Buffer.from_bytes(x.astype(x.dtype.newbyteorder("<")).tobytes())
    return await array.getitem(slice(None))


async def outputs_or_refusal(group, x):
    """(the output patterns, None), or (None, the ValueError) when zarr refuses the array (in a
    pair: zarr's sync() raises an exception its coroutine returns)."""
    try:
        return array_to_patterns(await run(group, x), group.output_type), None
    except ValueError as e:
        return None, e


async def each_element(group, x):
    """Each element in an array of its own, all at once on zarr's event loop."""
    pairs = await asyncio.gather(*(outputs_or_refusal(group, x[i:i + 1]) for i in range(len(x))))
    return [refusal or outputs[0] for outputs, refusal in pairs]


async def parts(group, x, expected_refused):
    """The answers of x in two parts: the elements the vectors expect zarr to take in one array
    (each in an array of its own if zarr refuses it), and each element they expect refused in
    an array of its own. Only the grouping follows the vectors; every answer is zarr's."""
    refused = np.flatnonzero(expected_refused)
    taken = np.flatnonzero(~expected_refused)
    result = [None] * len(x)
    if len(taken):
        outputs, refusal = await outputs_or_refusal(group, x[taken])
        for i, answer in zip(taken, await each_element(group, x[taken]) if refusal else outputs):
            result[i] = answer
    for i, answer in zip(refused, await each_element(group, x[refused])):
        result[i] = answer
    return result


def answers(batch, x):
    """One answer per case: the whole batch in one array; zarr aborts the whole array on one bad
    element, so then in parts (each element it refuses alone in an array)."""
    group = batch.group
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        outputs, refusal = sync(outputs_or_refusal(group, x))
        if not refusal:
            return outputs
        return sync(parts(group, x, np.array([c.expected.is_error for c in batch.cases], dtype=bool)))


@cvv.batches(family="chain")
def test_chain(batch):
    lacking = sorted({batch.group.input_type, batch.group.output_type} - ZARR_TYPES)
    if lacking:
        cvv.unsupported(f"zarr {zarr.__version__} has no data type {lacking[0]}")
    cvv.check_batch(batch, answers(batch, inputs_array(batch.cases)))
