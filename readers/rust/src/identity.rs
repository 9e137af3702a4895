//! A vector set's identity, from the published manifests, never from the declared version
//! (docs/input-contract.md, rule 10): a set whose manifest.json has the SHA-256 of a manifest the
//! suite published is that version; any other is a modified set, with what it lacks against the
//! last published manifest of the version it declares. The table is written by
//! `scripts/published-manifests` (the same rows as cvc's `vector_format/published_manifests_data.hpp`)
//! and shipped inside the crate (src/, which `cargo package` includes).

use crate::json_check::{checked_json, from_checked_json};
use crate::Error;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

const TABLE: &str = include_str!("published_manifests.json");

#[derive(Deserialize)]
struct Table {
    schema: String,
    schema_version: u64,
    manifests: Vec<PublishedManifest>,
}

#[derive(Deserialize)]
struct PublishedManifest {
    version: String,
    sha256: String,
    /// The files of the last manifest of each version (what a modified set is compared with).
    files: Option<Vec<PublishedFile>>,
}

#[derive(Deserialize)]
struct PublishedFile {
    path: String,
    sha256: String,
}

fn table() -> Result<&'static Table, Error> {
    static PARSED: OnceLock<Result<Table, String>> = OnceLock::new();
    let parsed = PARSED.get_or_init(|| {
        let text = checked_json("published_manifests.json", TABLE.as_bytes())
            .map_err(|e| e.message().to_string())?;
        let table: Table = from_checked_json(text).map_err(|e| e.to_string())?;
        if table.schema != "cast-value-vectors-published-manifests" || table.schema_version != 1 {
            return Err("not a cast-value-vectors-published-manifests version 1 table".into());
        }
        Ok(table)
    });
    parsed.as_ref().map_err(|e| {
        Error::new(format!(
            "the crate's table of published manifests (src/published_manifests.json): {e}"
        ))
    })
}

/// What a modified set lacks against the published manifest of the version it declares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Differences {
    /// The version compared with, and the first 12 digits of its manifest's SHA-256.
    pub version: String,
    pub manifest_sha256: String,
    /// Paths of its files the set does not list.
    pub missing: Vec<String>,
    /// Paths listed with another SHA-256.
    pub changed: Vec<String>,
    /// Paths the set lists that it does not.
    pub added: Vec<String>,
}

/// Published, or modified (and then based on the version it declares).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Identity {
    Published {
        version: String,
    },
    Modified {
        declared_version: String,
        /// None when the suite published no such version.
        against: Option<Differences>,
    },
}

impl Identity {
    pub fn is_published(&self) -> bool {
        matches!(self, Identity::Published { .. })
    }

    /// "vectors version 1.3.0", or "a modified vector set, based on "1.3.0"'s format: its
    /// manifest is not one the suite published" (cvc's words).
    pub fn description(&self) -> String {
        match self {
            Identity::Published { version } => format!("vectors version {version}"),
            Identity::Modified {
                declared_version, ..
            } => format!(
                "a modified vector set, based on {declared_version:?}'s format: its manifest is not one the suite published"
            ),
        }
    }

    /// What a modified set lacks (empty for a published one), as cvc says it: "against the
    /// published 1.3.0 (manifest SHA-256 b5801dc29e62...): lacks 1 (\"cast/int8.json\") of its
    /// files, lists 0 with another SHA-256, adds 0".
    pub fn differences(&self) -> String {
        match self {
            Identity::Published { .. } => String::new(),
            Identity::Modified {
                declared_version,
                against: None,
            } => format!(
                "the suite published no vectors version {declared_version:?} to compare it with"
            ),
            Identity::Modified {
                against: Some(d), ..
            } => format!(
                "against the published {} (manifest SHA-256 {}...): lacks {} of its files, lists {} with another SHA-256, adds {}",
                d.version,
                d.manifest_sha256,
                counted(&d.missing),
                counted(&d.changed),
                counted(&d.added)
            ),
        }
    }

    /// The verify command's last line: "published 1.3.0" or "modified: <what it lacks>".
    pub fn verdict_line(&self) -> String {
        match self {
            Identity::Published { version } => format!("published {version}"),
            Identity::Modified {
                declared_version, ..
            } => format!(
                "modified: based on {declared_version:?}: {}",
                self.differences()
            ),
        }
    }
}

/// "N (first, second, ... and K more)".
fn counted(paths: &[String]) -> String {
    const SHOWN: usize = 5; // a message line, not a listing
    let mut text = paths.len().to_string();
    for (k, path) in paths.iter().take(SHOWN).enumerate() {
        text += if k == 0 { " (" } else { ", " };
        text += &format!("{path:?}");
    }
    if paths.len() > SHOWN {
        text += &format!(" ... and {} more", paths.len() - SHOWN);
    }
    if !paths.is_empty() {
        text += ")";
    }
    text
}

/// The identity of the set whose manifest has `manifest_sha256`, declares `declared_version`
/// and lists `listed` (path, SHA-256).
pub(crate) fn identify(
    manifest_sha256: &str,
    declared_version: &str,
    listed: &[(&str, &str)],
) -> Result<Identity, Error> {
    let table = table()?;
    if let Some(row) = table.manifests.iter().find(|m| m.sha256 == manifest_sha256) {
        return Ok(Identity::Published {
            version: row.version.clone(),
        });
    }
    let last_of_version = table
        .manifests
        .iter()
        .rev()
        .find(|m| m.version == declared_version);
    let against = match last_of_version {
        Some(
            row @ PublishedManifest {
                files: Some(files), ..
            },
        ) => Some(differences(row, files, listed)),
        _ => None,
    };
    Ok(Identity::Modified {
        declared_version: declared_version.to_string(),
        against,
    })
}

fn differences(
    row: &PublishedManifest,
    files: &[PublishedFile],
    listed: &[(&str, &str)],
) -> Differences {
    let mut expected: BTreeMap<&str, &str> = files
        .iter()
        .map(|f| (f.path.as_str(), f.sha256.as_str()))
        .collect();
    let mut result = Differences {
        version: row.version.clone(),
        manifest_sha256: row.sha256.chars().take(12).collect(),
        missing: Vec::new(),
        changed: Vec::new(),
        added: Vec::new(),
    };
    for (path, sha256) in listed {
        match expected.remove(path) {
            None => result.added.push(path.to_string()),
            Some(published) if published != *sha256 => result.changed.push(path.to_string()),
            Some(_) => {}
        }
    }
    result.missing = expected.keys().map(|p| p.to_string()).collect();
    result
}

#[cfg(test)]
mod tests {
    use super::{identify, table, Identity};

    /// The last published manifest of 1.3.0: its SHA-256 and its files.
    fn published_1_3_0() -> (String, Vec<(String, String)>) {
        let row = table()
            .unwrap()
            .manifests
            .iter()
            .rev()
            .find(|m| m.version == "1.3.0")
            .expect("1.3.0 is published");
        let files = row
            .files
            .as_ref()
            .expect("the last of a version has its files");
        let files = files
            .iter()
            .map(|f| (f.path.clone(), f.sha256.clone()))
            .collect();
        (row.sha256.clone(), files)
    }

    fn listed(files: &[(String, String)]) -> Vec<(&str, &str)> {
        files
            .iter()
            .map(|(p, s)| (p.as_str(), s.as_str()))
            .collect()
    }

    #[test]
    fn a_published_manifest_is_its_version_whatever_it_declares() {
        let (sha256, files) = published_1_3_0();
        let identity = identify(&sha256, "0.0.1", &listed(&files)).unwrap();
        assert_eq!(identity.verdict_line(), "published 1.3.0");
        // The same files under another manifest text are a modified set: identity is the
        // manifest's SHA-256, not the declared version.
        let other = "0".repeat(64);
        let identity = identify(&other, "1.3.0", &listed(&files)).unwrap();
        assert!(!identity.is_published());
        assert!(identity
            .differences()
            .contains("lacks 0 of its files, lists 0 with another SHA-256, adds 0"));
    }

    #[test]
    fn a_modified_set_says_what_it_lacks() {
        let (sha256, mut files) = published_1_3_0();
        let int8 = files
            .iter()
            .position(|(p, _)| p == "cast/int8.json")
            .unwrap();
        files.remove(int8);
        files[0].1 = "1".repeat(64);
        files.push(("cast/mine.json".into(), "2".repeat(64)));
        let identity = identify(&"0".repeat(64), "1.3.0", &listed(&files)).unwrap();
        let line = identity.verdict_line();
        let start = format!(
            "modified: based on \"1.3.0\": against the published 1.3.0 (manifest SHA-256 {}...)",
            &sha256[..12]
        );
        assert!(line.starts_with(&start), "{line}");
        assert!(
            line.contains("lacks 1 (\"cast/int8.json\") of its files"),
            "{line}"
        );
        assert!(
            line.contains("lists 1 (\"cast/int2.json\") with another SHA-256"),
            "{line}"
        );
        assert!(line.contains("adds 1 (\"cast/mine.json\")"), "{line}");
        let unknown = identify(&"0".repeat(64), "9.9.9", &[]).unwrap();
        assert_eq!(
            unknown,
            Identity::Modified {
                declared_version: "9.9.9".into(),
                against: None
            }
        );
        assert!(unknown
            .verdict_line()
            .contains("published no vectors version \"9.9.9\""));
    }
}
