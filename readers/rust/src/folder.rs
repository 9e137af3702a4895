//! The walk of a vector folder: every entry is looked at with `lstat`, no link is followed, and
//! anything but regular files and folders (a link to a file or folder, a FIFO, a device, a
//! socket) is refused, naming its path (docs/input-contract.md, rule 1). The walk keeps its own
//! stack (no recursion) and is bounded like cvc's (`oracle/input_tree.hpp`).

use crate::input_file::{entry_kind, EntryKind};
use crate::Error;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// cvc's bounds on a walked folder: entries in all, and folders nested.
const MAX_ENTRIES: usize = 100_000;
const MAX_DEPTH: usize = 32;

/// The regular files under `root`, as relative paths with '/' separators. The root itself may
/// be reached through a link (the user's own path); nothing under it is.
pub(crate) fn regular_files(root: &Path) -> Result<BTreeSet<String>, Error> {
    if !root.is_dir() {
        return Err(Error::new(format!("{}: not a folder", root.display())));
    }
    let mut files = BTreeSet::new();
    let mut entries = 0usize;
    let mut pending: Vec<(String, usize)> = vec![(String::new(), 0)];
    while let Some((below, depth)) = pending.pop() {
        let folder = if below.is_empty() {
            root.to_path_buf()
        } else {
            root.join(&below)
        };
        if depth > MAX_DEPTH {
            return Err(Error::new(format!(
                "{}: folders nested more than {MAX_DEPTH} deep",
                folder.display()
            )));
        }
        let children = children(&folder)?;
        entries += children.len();
        if entries > MAX_ENTRIES {
            return Err(Error::new(format!(
                "{}: more than {MAX_ENTRIES} entries",
                root.display()
            )));
        }
        for (name, path) in children {
            let relative = if below.is_empty() {
                name
            } else {
                format!("{below}/{name}")
            };
            match entry_kind(&path)?.0 {
                EntryKind::RegularFile => {
                    files.insert(relative);
                }
                EntryKind::Folder => pending.push((relative, depth + 1)),
                kind => {
                    return Err(Error::new(format!(
                        "{}: {}, where a vector folder holds only regular files and folders",
                        path.display(),
                        kind.describe()
                    )))
                }
            }
        }
    }
    Ok(files)
}

/// The entries of `folder`, by name (so that the first refusal is the same on every system).
fn children(folder: &Path) -> Result<Vec<(String, PathBuf)>, Error> {
    let cannot_read =
        |e: std::io::Error| Error::new(format!("{}: cannot read: {e}", folder.display()));
    let mut children = Vec::new();
    for entry in std::fs::read_dir(folder).map_err(cannot_read)? {
        let entry = entry.map_err(cannot_read)?;
        let path = entry.path();
        let name = entry.file_name().into_string().map_err(|_| {
            Error::new(format!(
                "{}: a name that is not UTF-8 (no manifest can list it)",
                path.display()
            ))
        })?;
        children.push((name, path));
    }
    children.sort();
    Ok(children)
}
