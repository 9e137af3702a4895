//! Reading one file of a vector folder as docs/input-contract.md requires: its type is known
//! from `lstat` before anything is opened (a FIFO is never waited on, a link never followed),
//! its size is checked against the limit before reading, and the read is bounded, so that a
//! file that grows while it is read is refused rather than read without end.

use crate::Error;
use std::fs::{File, Metadata, OpenOptions};
use std::io::Read;
use std::path::Path;

/// The largest file read, by default: 64 MiB, as in `cvc` (`--max-file-bytes`); the largest
/// published vector file is under 8 MiB.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// What a folder entry is, from `lstat` (links are not followed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EntryKind {
    RegularFile,
    Folder,
    Link,
    /// A FIFO, device or socket.
    Special,
}

impl EntryKind {
    pub(crate) fn of(metadata: &Metadata) -> EntryKind {
        let file_type = metadata.file_type();
        if file_type.is_symlink() {
            EntryKind::Link
        } else if file_type.is_dir() {
            EntryKind::Folder
        } else if file_type.is_file() {
            EntryKind::RegularFile
        } else {
            EntryKind::Special
        }
    }

    /// "a symbolic link (never followed)", as cvc says it.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            EntryKind::RegularFile => "a regular file",
            EntryKind::Folder => "a folder",
            EntryKind::Link => "a symbolic link (links are never followed)",
            EntryKind::Special => "a FIFO, device or socket (never opened)",
        }
    }
}

/// `lstat` of `path`: its kind without following a link, and its metadata.
pub(crate) fn entry_kind(path: &Path) -> Result<(EntryKind, Metadata), Error> {
    let metadata = std::fs::symlink_metadata(path).map_err(|e| at(path, &e))?;
    Ok((EntryKind::of(&metadata), metadata))
}

fn at(path: &Path, error: &std::io::Error) -> Error {
    if error.kind() == std::io::ErrorKind::NotFound {
        return Error::new(format!("{}: no such file", path.display()));
    }
    Error::new(format!("{}: {error}", path.display()))
}

/// The bytes of the regular file `path`, of at most `max_bytes`: refused, naming the path, when
/// it is anything but a regular file (a link, a FIFO, a device, a folder), larger than the
/// limit, or changes while it is read.
pub(crate) fn read_regular_file(path: &Path, max_bytes: u64) -> Result<Vec<u8>, Error> {
    let (kind, before) = entry_kind(path)?;
    if kind != EntryKind::RegularFile {
        return Err(Error::new(format!(
            "{}: {}, where a regular file is required",
            path.display(),
            kind.describe()
        )));
    }
    check_size(path, before.len(), max_bytes)?;
    let file = open_no_follow(path)?;
    // The file opened is the one lstat saw: not a link or FIFO put in its place since.
    let opened = file.metadata().map_err(|e| at(path, &e))?;
    if !opened.is_file() || !same_file(&before, &opened) {
        return Err(Error::new(format!(
            "{}: replaced while it was opened (no longer the regular file it was)",
            path.display()
        )));
    }
    check_size(path, opened.len(), max_bytes)?;
    let size = opened.len();
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(size + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| at(path, &e))?;
    if bytes.len() as u64 != size {
        return Err(Error::new(format!(
            "{}: {} bytes were read where it had {size}: it changed while it was read",
            path.display(),
            bytes.len()
        )));
    }
    Ok(bytes)
}

fn check_size(path: &Path, size: u64, max_bytes: u64) -> Result<(), Error> {
    if size > max_bytes {
        return Err(Error::new(format!(
            "{}: {size} bytes, more than the limit of {max_bytes} (not read)",
            path.display()
        )));
    }
    Ok(())
}

#[cfg(unix)]
fn open_no_follow(path: &Path) -> Result<File, Error> {
    use std::os::unix::fs::OpenOptionsExt;
    // O_NOFOLLOW: a link put at the path since lstat is not followed (ELOOP); O_NONBLOCK: a FIFO
    // put there is not waited on. Reads of a regular file ignore O_NONBLOCK.
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| {
            if e.raw_os_error() == Some(libc::ELOOP) {
                Error::new(format!(
                    "{}: {}",
                    path.display(),
                    EntryKind::Link.describe()
                ))
            } else {
                at(path, &e)
            }
        })
}

#[cfg(not(unix))]
fn open_no_follow(path: &Path) -> Result<File, Error> {
    // No FIFOs to wait on; a link put in place since lstat is caught by same_file's check.
    OpenOptions::new()
        .read(true)
        .open(path)
        .map_err(|e| at(path, &e))
}

#[cfg(unix)]
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    a.len() == b.len() && a.modified().ok() == b.modified().ok()
}
