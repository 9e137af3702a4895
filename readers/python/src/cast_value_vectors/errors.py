"""The reader's one error type: every refusal of a vector folder, file or argument is a
VectorsError whose message names the file (or argument) and what is wrong
(docs/input-contract.md, "Errors"), never a raw TypeError, RecursionError or OSError."""


class VectorsError(Exception):
    """A vector folder or file that is not what the format says: the message names where."""
