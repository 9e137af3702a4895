//! A vector folder, checked against its manifest before any file of it is used: every listed
//! file must exist with the listed size and SHA-256. (The crate reads only listed files; it does
//! not walk the folder for unlisted ones, which `cvc verify-vectors` also refuses.)

use crate::model::Case;
use crate::names::Family;
use crate::raw::{parse_file, VectorFile};
use crate::selection::Selection;
use crate::sha256::sha256_hex;
use crate::Error;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::fs;
use std::path::{Component, Path, PathBuf};

#[derive(Deserialize)]
struct RawManifest {
    schema: String,
    schema_version: u64,
    vectors_version: String,
    files: Vec<ManifestFile>,
}

#[derive(Deserialize, Clone, Debug)]
struct ManifestFile {
    path: String,
    bytes: u64,
    sha256: String,
}

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
}

impl VectorSet {
    /// Opens the folder `root` (the repository's `vectors/`): reads manifest.json and checks
    /// every file it lists (size and SHA-256).
    pub fn open(root: impl AsRef<Path>) -> Result<VectorSet, Error> {
        let root = root.as_ref().to_path_buf();
        let manifest_path = root.join("manifest.json");
        let bytes = fs::read(&manifest_path)
            .map_err(|e| Error::new(format!("{}: {e}", manifest_path.display())))?;
        let manifest: RawManifest = serde_json::from_slice(&bytes)
            .map_err(|e| Error::new(format!("{}: not a manifest: {e}", manifest_path.display())))?;
        if manifest.schema != "cast-value-vectors-manifest" || manifest.schema_version != 1 {
            return Err(Error::new(format!(
                "{}: schema {:?} version {} (this crate reads cast-value-vectors-manifest version 1)",
                manifest_path.display(),
                manifest.schema,
                manifest.schema_version
            )));
        }
        let set = VectorSet {
            root,
            vectors_version: manifest.vectors_version,
            manifest_sha256: sha256_hex(&bytes),
            files: manifest.files,
        };
        for file in &set.files {
            set.read_listed(file)?;
        }
        Ok(set)
    }

    /// The version the manifest declares. A set is the published one of that version only if
    /// its manifest's SHA-256 is the published manifest's (`cvc run --vectors` says which).
    pub fn vectors_version(&self) -> &str {
        &self.vectors_version
    }

    /// The SHA-256 of manifest.json: the identity of the vector set.
    pub fn manifest_sha256(&self) -> &str {
        &self.manifest_sha256
    }

    /// "vectors 1.3.0 (manifest SHA-256 1a2b3c4d5e6f...)".
    pub fn describe(&self) -> String {
        format!(
            "vectors {} (manifest SHA-256 {}...)",
            self.vectors_version,
            &self.manifest_sha256[..12]
        )
    }

    /// The paths of the vector files this crate reads (the families' files), as listed.
    pub fn vector_files(&self) -> impl Iterator<Item = &str> {
        self.files
            .iter()
            .map(|f| f.path.as_str())
            .filter(|p| family_of(p).is_some())
    }

    fn read_listed(&self, file: &ManifestFile) -> Result<Vec<u8>, Error> {
        let relative = Path::new(&file.path);
        if !relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
        {
            return Err(Error::new(format!(
                "manifest.json lists {:?}: not a plain relative path inside the folder",
                file.path
            )));
        }
        let path = self.root.join(relative);
        let bytes = fs::read(&path).map_err(|e| {
            Error::new(format!("{}: {e} (listed in manifest.json)", path.display()))
        })?;
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
        parse_file(path, &self.read_listed(listed)?)
    }

    /// The cases `selection` takes: the files are parsed and only the selected groups and
    /// lines kept; iterate with `Selected::cases`.
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
        Ok(Selected {
            files,
            selection: selection.clone(),
        })
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
