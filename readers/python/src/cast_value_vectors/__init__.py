"""cast-value-vectors: the cast_value conformance vectors as typed objects, the harness's
comparison rules, and a pytest plugin (readers/python/README.md)."""
from .bounded_files import MAX_FILE_BYTES
from .compare import ERROR, INVALID_ANSWER, VALID_ANSWER, Answer, Outcome, Verdict, as_answer, bits, compare, error, rejected
from .data_types import DATA_TYPES, DataType, data_type
from .model import Case, Configuration, Group
from .errors import VectorsError
from .reading import Batch, VectorFile, VectorSet
from .results import Result, parse_result
from .selection import Selection
from .testing import batches, carried_vectors, cases, check, check_batch, unsupported

from importlib.metadata import PackageNotFoundError as _NotInstalled
from importlib.metadata import version as _installed_version

try:  # the vectors' version, which the package takes (setup.py)
    __version__ = _installed_version("cast-value-vectors")
except _NotInstalled:  # run from the source tree
    __version__ = "0.0.0.dev0"


def open_vectors(root=None, max_file_bytes: int = MAX_FILE_BYTES) -> VectorSet:
    """The vector set at `root` (default: the vectors the package carries), its manifest and
    folder checked and its identity taken (`.identity`: published or modified)."""
    if root is None:
        root = carried_vectors()
        if root is None:
            raise VectorsError("this installation carries no vectors: give the vector folder")
    return VectorSet(root, max_file_bytes)


__all__ = ["ERROR", "INVALID_ANSWER", "VALID_ANSWER", "Answer", "Batch", "Case", "Configuration", "DATA_TYPES",
           "DataType", "Group", "MAX_FILE_BYTES", "Outcome", "Result", "Selection", "VectorFile", "VectorSet", "VectorsError",
           "Verdict", "as_answer", "batches", "bits", "carried_vectors", "cases", "check", "check_batch",
           "compare", "data_type", "error", "open_vectors", "parse_result", "rejected", "unsupported"]
