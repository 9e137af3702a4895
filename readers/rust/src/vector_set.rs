//! A vector folder, checked as docs/input-contract.md requires before any file of it is used:
//! the folder is walked without following a link (no link, FIFO, device or socket anywhere),
//! manifest.json is strictly validated, every listed file is a regular file with the listed size
//! and SHA-256 (read only when under the size limit, with a bounded read), every other file is
//! documentation, and the set's identity is taken from the published manifests.

use crate::folder::regular_files;
use crate::identity::{identify, Identity};
use crate::input_file::{entry_kind, read_regular_file, EntryKind, DEFAULT_MAX_FILE_BYTES};
use crate::manifest::{is_unlisted_documentation, read_manifest, ManifestFile};
use crate::model::Case;
use crate::names::Family;
use crate::raw::{parse_file, VectorFile};
use crate::selection::Selection;
use crate::sha256::sha256_hex;
use crate::Error;
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// The family a listed file belongs to, by its path (store arrays are not read by this crate).
fn family_of(path: &str) -> Option<Family> {
    match path {
        "scalar_map.json" => Some(Family::ScalarMap),
        "chain.json" => Some(Family::Chain),
        "metadata.json" => Some(Family::Metadata),
        "scalars.json" => Some(Family::Scalars),
        _ if path.starts_with("cast/") && path.ends_with(".json") => Some(Family::Cast),
        _ => None,
    }
}

/// A checked vector folder.
#[derive(Debug)]
pub struct VectorSet {
    root: PathBuf,
    vectors_version: String,
    manifest_sha256: String,
    files: Vec<ManifestFile>,
    identity: Identity,
    max_file_bytes: u64,
}

/// What `VectorSet::verify` checked.
#[derive(Debug)]
pub struct Verified {
    pub identity: Identity,
    /// The files the manifest lists, and of them the vector files parsed line by line.
    pub listed_files: usize,
    pub vector_files: usize,
    /// The cases of the set (a cast line counts once per configuration).
    pub cases: u64,
}

impl VectorSet {
    /// Opens the folder `root` (the repository's `vectors/`) with the default size limit of
    /// 64 MiB a file (`open_with_limit`).
    pub fn open(root: impl AsRef<Path>) -> Result<VectorSet, Error> {
        VectorSet::open_with_limit(root, DEFAULT_MAX_FILE_BYTES)
    }

    /// Opens the folder `root`: walks it, reads manifest.json and checks every file it lists
    /// (size and SHA-256), refusing any file larger than `max_file_bytes` unread. A modified
    /// set (one whose manifest the suite did not publish) is also checked line by line, for
    /// the stable ids across the whole set (`check_every_line`).
    pub fn open_with_limit(
        root: impl AsRef<Path>,
        max_file_bytes: u64,
    ) -> Result<VectorSet, Error> {
        let set = VectorSet::checked_folder(root.as_ref(), max_file_bytes)?;
        // A published set's stable ids were checked unique across the set when it was
        // published (cvc verify-vectors), and the SHA-256s just checked prove these are those
        // bytes; a modified set proves nothing, so every line of it is read now.
        if !set.identity.is_published() {
            set.check_every_line()?;
        }
        Ok(set)
    }

    /// The whole-folder check (the `verify` example): the folder and the manifest as `open`
    /// checks them, and every line of every vector file, published or not.
    pub fn verify(root: impl AsRef<Path>) -> Result<Verified, Error> {
        let set = VectorSet::checked_folder(root.as_ref(), DEFAULT_MAX_FILE_BYTES)?;
        let cases = set.check_every_line()?;
        Ok(Verified {
            identity: set.identity.clone(),
            listed_files: set.files.len(),
            vector_files: set.vector_files().count(),
            cases,
        })
    }

    fn checked_folder(root: &Path, max_file_bytes: u64) -> Result<VectorSet, Error> {
        let manifest = read_manifest(root, max_file_bytes)?;
        let on_disk = regular_files(root)?;
        let listed: Vec<(&str, &str)> = manifest
            .files
            .iter()
            .map(|f| (f.path.as_str(), f.sha256.as_str()))
            .collect();
        let identity = identify(&manifest.sha256, &manifest.vectors_version, &listed)?;
        let set = VectorSet {
            root: root.to_path_buf(),
            vectors_version: manifest.vectors_version,
            manifest_sha256: manifest.sha256,
            files: manifest.files,
            identity,
            max_file_bytes,
        };
        for file in &set.files {
            if !on_disk.contains(&file.path) {
                return Err(Error::new(format!(
                    "{}: listed in manifest.json, but not a regular file of the folder",
                    set.root.join(&file.path).display()
                )));
            }
            set.read_listed(file)?;
        }
        let listed: BTreeSet<&str> = set.files.iter().map(|f| f.path.as_str()).collect();
        if let Some(unlisted) = on_disk
            .iter()
            .find(|p| !listed.contains(p.as_str()) && !is_unlisted_documentation(p))
        {
            return Err(Error::new(format!(
                "{}: not listed in manifest.json (a vector folder holds only the listed files and the documentation)",
                set.root.join(unlisted).display()
            )));
        }
        Ok(set)
    }

    /// Parses every vector file (each checked whole: number_of_cases, stable ids unique in the
    /// file) and checks that no two cases of the set share a stable id; the number of cases.
    pub fn check_every_line(&self) -> Result<u64, Error> {
        // Line ids suffice: a cast case's id is its line's plus its configuration's label,
        // unique in its group (raw.rs), and every id starts with its family's name.
        let mut seen: HashMap<String, (String, u64)> = HashMap::new();
        let mut cases = 0u64;
        for path in self.vector_files() {
            let file = self.file(path)?;
            for group in &file.groups {
                cases += (group.lines.len() * group.results_per_line()) as u64;
                for line in &group.lines {
                    let at = (file.path.clone(), line.id);
                    if let Some((other, id)) = seen.insert(line.stable_id.clone(), at) {
                        return Err(Error::new(format!(
                            "{path} case {}: stable_id {:?} is also the id of {other} case {id} (no two cases of a set share one)",
                            line.id, line.stable_id
                        )));
                    }
                }
            }
        }
        Ok(cases)
    }

    /// The version the manifest declares. A set is the published one of that version only if
    /// its manifest's SHA-256 is a published manifest's: see `identity`.
    pub fn vectors_version(&self) -> &str {
        &self.vectors_version
    }

    /// The SHA-256 of manifest.json: the identity of the vector set.
    pub fn manifest_sha256(&self) -> &str {
        &self.manifest_sha256
    }

    /// Published (the manifest is one the suite published), or modified, with what it lacks.
    pub fn identity(&self) -> &Identity {
        &self.identity
    }

    /// "vectors 1.3.0 (manifest SHA-256 1a2b3c4d5e6f...)" for a published set; for any other,
    /// "a modified vector set, based on "1.3.0"'s format: ...; against the published 1.3.0
    /// (...): lacks ... (manifest SHA-256 ...)".
    pub fn describe(&self) -> String {
        let digest = &self.manifest_sha256[..12];
        match &self.identity {
            Identity::Published { version } => {
                format!("vectors {version} (manifest SHA-256 {digest}...)")
            }
            modified => format!(
                "{}; {} (manifest SHA-256 {digest}...)",
                modified.description(),
                modified.differences()
            ),
        }
    }

    /// The paths of the vector files this crate reads (the families' files), as listed.
    pub fn vector_files(&self) -> impl Iterator<Item = &str> {
        self.files
            .iter()
            .map(|f| f.path.as_str())
            .filter(|p| family_of(p).is_some())
    }

    /// A listed file's bytes, checked again (size and SHA-256), read as the contract says: no
    /// link followed on the way (a folder of the path replaced by a link since `open`, or the
    /// file itself), only a regular file, its size checked before reading.
    fn read_listed(&self, file: &ManifestFile) -> Result<Vec<u8>, Error> {
        let mut folder = self.root.clone();
        let components: Vec<&str> = file.path.split('/').collect();
        for component in &components[..components.len() - 1] {
            folder.push(component);
            let kind = entry_kind(&folder)?.0;
            if kind != EntryKind::Folder {
                return Err(Error::new(format!(
                    "{}: {}, where a folder of the listed {:?} is required",
                    folder.display(),
                    kind.describe(),
                    file.path
                )));
            }
        }
        let path = self.root.join(&file.path);
        if file.bytes > self.max_file_bytes {
            return Err(Error::new(format!(
                "{}: listed with {} bytes, more than the limit of {} (not read)",
                path.display(),
                file.bytes,
                self.max_file_bytes
            )));
        }
        let bytes = read_regular_file(&path, self.max_file_bytes)?;
        if bytes.len() as u64 != file.bytes {
            return Err(Error::new(format!(
                "{}: {} bytes, the manifest lists {}",
                path.display(),
                bytes.len(),
                file.bytes
            )));
        }
        let digest = sha256_hex(&bytes);
        if digest != file.sha256 {
            return Err(Error::new(format!(
                "{}: SHA-256 {digest}, the manifest lists {}",
                path.display(),
                file.sha256
            )));
        }
        Ok(bytes)
    }

    /// Parses one listed vector file (checked again: what is parsed is what the manifest lists).
    pub fn file(&self, path: &str) -> Result<VectorFile, Error> {
        let listed = self
            .files
            .iter()
            .find(|f| f.path == path && family_of(path).is_some())
            .ok_or_else(|| Error::new(format!("{path}: not a vector file of the manifest")))?;
        let file = parse_file(path, &self.read_listed(listed)?)?;
        match family_of(path) {
            Some(family) if family == file.family => Ok(file),
            _ => Err(Error::new(format!(
                "{path}: family {:?}, where its path is a file of family {:?}",
                file.family.name(),
                family_of(path).map_or("", |f| f.name())
            ))),
        }
    }

    /// The cases `selection` takes: the files are parsed and only the selected groups and
    /// lines kept; iterate with `Selected::cases`. A selection that takes no case is an error
    /// naming it.
    pub fn select(&self, selection: &Selection) -> Result<Selected, Error> {
        let mut files = Vec::new();
        for path in self.vector_files() {
            if !family_of(path).is_some_and(|family| selection.takes_family(family)) {
                continue;
            }
            let mut file = self.file(path)?;
            file.groups.retain(|group| selection.takes_group(group));
            for group in &mut file.groups {
                let lines = std::mem::take(&mut group.lines);
                group.lines = lines
                    .into_iter()
                    .filter(|line| selection.takes_line(group, line))
                    .collect();
            }
            file.groups.retain(|group| !group.lines.is_empty());
            files.push(file);
        }
        let selected = Selected {
            files,
            selection: selection.clone(),
        };
        // A selection that compares nothing must not pass quietly (docs/input-contract.md,
        // rule 11): a misspelt filter would otherwise certify an implementation on nothing.
        if selected.cases().next().is_none() {
            return Err(Error::new(format!(
                "the selection ({selection}) matches no case of {}",
                self.describe()
            )));
        }
        Ok(selected)
    }

    /// The ids of `ids` that name no case of the set (a case's id: the line's stable id, for a
    /// cast with its configuration label). Reads only the files the ids' families point to.
    pub(crate) fn unknown_ids(&self, ids: &BTreeSet<String>) -> Result<Vec<String>, Error> {
        let wanted_families: BTreeSet<&str> = ids
            .iter()
            .map(|id| id.split('/').next().unwrap_or_default())
            .collect();
        let mut unknown: BTreeSet<String> = ids.clone();
        for path in self.vector_files() {
            let family = family_of(path).expect("a vector file");
            if !wanted_families.contains(family.name()) {
                continue;
            }
            // A cast id names its input type: the file cast/<input type>.json.
            if family == Family::Cast && !ids.iter().any(|id| cast_id_in_file(id, path)) {
                continue;
            }
            let file = self.file(path)?;
            for_each_case(&file, |case| {
                unknown.remove(case.stable_id().as_ref());
            });
        }
        Ok(unknown.into_iter().collect())
    }
}

/// Whether the cast case id `cast/<direction>/<array type>/<data type>/...` belongs in `path`.
fn cast_id_in_file(id: &str, path: &str) -> bool {
    let parts: Vec<&str> = id.splitn(5, '/').collect();
    let input = match parts.as_slice() {
        ["cast", "encode", array, _, _] => array,
        ["cast", "decode", _, data_type, _] => data_type,
        _ => return false,
    };
    path == format!("cast/{input}.json")
}

fn for_each_case<'a>(file: &'a VectorFile, mut visit: impl FnMut(Case<'a>)) {
    for group in &file.groups {
        for line in &group.lines {
            for configuration_index in 0..group.results_per_line() {
                visit(Case {
                    file: &file.path,
                    group,
                    line,
                    configuration_index,
                });
            }
        }
    }
}

/// The selected part of a vector set, parsed.
#[derive(Debug)]
pub struct Selected {
    files: Vec<VectorFile>,
    selection: Selection,
}

impl Selected {
    /// Every selected case, file by file, group by group, line by line, configuration by
    /// configuration.
    pub fn cases(&self) -> impl Iterator<Item = Case<'_>> {
        self.files.iter().flat_map(move |file| {
            file.groups.iter().flat_map(move |group| {
                group.lines.iter().flat_map(move |line| {
                    (0..group.results_per_line())
                        .map(move |configuration_index| Case {
                            file: &file.path,
                            group,
                            line,
                            configuration_index,
                        })
                        .filter(move |case| self.selection.takes_case(case))
                })
            })
        })
    }

    /// The parsed files, holding only the selected groups and lines.
    pub fn files(&self) -> &[VectorFile] {
        &self.files
    }
}
