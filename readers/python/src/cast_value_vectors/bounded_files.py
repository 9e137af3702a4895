"""Opening a file as the input contract says (docs/input-contract.md, rules 1 and 2): never
through a link, never a FIFO, device or socket (opened without blocking, its type taken from the
open descriptor before a byte is read), its size checked against a limit before reading, and read
with a bounded read so that a file that grows meanwhile is refused rather than read without end."""
from __future__ import annotations

import errno
import os
import stat

from .errors import VectorsError

# The largest file a consumer reads (cvc's --max-file-bytes default): the largest published
# vector file is under 8 MiB.
MAX_FILE_BYTES = 64 * 1024 * 1024


def _file_kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a link")):
        if test(mode):
            return name
    return "not a regular file"


def read_regular_file(path, limit: int = MAX_FILE_BYTES, expected_size: int | None = None,
                      follow_link: bool = False) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them (and exactly `expected_size`
    when given, checked before reading); VectorsError naming the path otherwise. follow_link: for
    a file the user names on the command line (never for a file of a vector folder)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | (0 if follow_link else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise VectorsError(f"{path}: is a symbolic link (links are never followed)") from None
        raise VectorsError(f"{path}: cannot open: {e.strerror}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise VectorsError(f"{path}: is {_file_kind(info.st_mode)}, not a regular file (only regular "
                               "files are read)")
        if info.st_size > limit:
            raise VectorsError(f"{path}: {info.st_size} bytes, more than the limit of {limit}")
        if expected_size is not None and info.st_size != expected_size:
            raise VectorsError(f"{path}: has {info.st_size} bytes, the manifest lists {expected_size}")
        return _bounded_read(fd, info.st_size, path)
    except OSError as e:
        raise VectorsError(f"{path}: cannot read: {e.strerror}") from None
    finally:
        os.close(fd)


def _bounded_read(fd: int, size: int, path) -> bytes:
    chunks, total = [], 0
    while total <= size:  # one byte more than fstat gave: a file that grew is seen
        chunk = os.read(fd, min(size + 1 - total, 1 << 24))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    if total != size:
        raise VectorsError(f"{path}: changed while read ({size} bytes when opened, {total} read)")
    return b"".join(chunks)


def check_output_path(path, what: str) -> None:
    """A path a report will be written to: its folder exists, and it is not a folder, a FIFO or
    another special file (checked before the work starts, so no run is lost at its end)."""
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise VectorsError(f"{what} {path}: its folder {parent} does not exist")
    if not os.access(parent, os.W_OK):
        raise VectorsError(f"{what} {path}: its folder {parent} is not writable")
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as e:
        raise VectorsError(f"{what} {path}: {e.strerror}") from None
    if not stat.S_ISREG(mode):
        raise VectorsError(f"{what} {path}: is {_file_kind(mode)}, not a regular file to write")
