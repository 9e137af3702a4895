//! manifest.json, strictly validated (docs/input-contract.md, rules 3 and 4): read as a regular
//! file under the size limit, UTF-8 JSON of bounded nesting with no repeated key, an object with
//! the schema's name and version, a MAJOR.MINOR.PATCH `vectors_version`, and a non-empty `files`
//! array whose entries each have a safe relative `path` (listed once), a non-negative integer
//! `bytes` and a `sha256` of 64 lower-case hex digits.

use crate::input_file::read_regular_file;
use crate::json_check::{checked_json, from_checked_json};
use crate::sha256::sha256_hex;
use crate::Error;
use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::path::Path;

/// One listed file.
#[derive(Clone, Debug)]
pub(crate) struct ManifestFile {
    pub path: String,
    pub bytes: u64,
    pub sha256: String,
}

/// A checked manifest.
#[derive(Debug)]
pub(crate) struct Manifest {
    pub vectors_version: String,
    /// The SHA-256 of manifest.json: the set's identity.
    pub sha256: String,
    pub files: Vec<ManifestFile>,
}

/// The files a folder holds beside the listed ones, never listed themselves: the manifest and
/// the documentation the generator does not write (vectors/README.md, "Files").
pub(crate) fn is_unlisted_documentation(path: &str) -> bool {
    matches!(
        path,
        "manifest.json" | "README.md" | "CHANGELOG.md" | "STORES.md"
    ) || path.starts_with("schema/")
        || path.starts_with("changes/")
}

pub(crate) fn read_manifest(root: &Path, max_file_bytes: u64) -> Result<Manifest, Error> {
    let path = root.join("manifest.json");
    let name = path.display().to_string();
    let bytes = read_regular_file(&path, max_file_bytes)?;
    let text = checked_json(&name, &bytes)?;
    let value: Value =
        from_checked_json(text).map_err(|e| Error::new(format!("{name}: not JSON: {e}")))?;
    let refuse = |what: String| Error::new(format!("{name}: {what}"));
    let Value::Object(object) = value else {
        return Err(refuse("not a JSON object (a manifest is one)".into()));
    };
    check_schema(&object).map_err(refuse)?;
    let vectors_version = match object.get("vectors_version") {
        Some(Value::String(version)) if is_semantic_version(version) => version.clone(),
        _ => {
            return Err(refuse(
                "no \"vectors_version\" of the form MAJOR.MINOR.PATCH".into(),
            ))
        }
    };
    let Some(Value::Array(entries)) = object.get("files") else {
        return Err(refuse("no \"files\" array".into()));
    };
    if entries.is_empty() {
        return Err(refuse("\"files\" lists no file".into()));
    }
    let mut files = Vec::with_capacity(entries.len());
    let mut seen = BTreeSet::new();
    for (i, entry) in entries.iter().enumerate() {
        let file = manifest_file(entry).map_err(|what| refuse(format!("files[{i}]: {what}")))?;
        if !seen.insert(file.path.clone()) {
            return Err(refuse(format!(
                "files[{i}]: lists {:?} a second time (whatever its SHA-256, one entry a path)",
                file.path
            )));
        }
        files.push(file);
    }
    Ok(Manifest {
        vectors_version,
        sha256: sha256_hex(&bytes),
        files,
    })
}

fn check_schema(object: &Map<String, Value>) -> Result<(), String> {
    let schema = object.get("schema").and_then(Value::as_str);
    let version = object.get("schema_version").and_then(Value::as_u64);
    if schema != Some("cast-value-vectors-manifest") || version != Some(1) {
        return Err(format!(
            "schema {} version {} (this crate reads cast-value-vectors-manifest version 1)",
            shown(object.get("schema")),
            shown(object.get("schema_version"))
        ));
    }
    Ok(())
}

/// A value in a message, cut short.
fn shown(value: Option<&Value>) -> String {
    let text = value.map_or("(none)".to_string(), Value::to_string);
    if text.chars().count() > 40 {
        text.chars().take(40).collect::<String>() + "..."
    } else {
        text
    }
}

fn is_semantic_version(text: &str) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

fn manifest_file(entry: &Value) -> Result<ManifestFile, String> {
    let (Some(path), Some(bytes), Some(sha256)) = (
        entry.get("path").and_then(Value::as_str),
        entry.get("bytes").and_then(Value::as_u64),
        entry.get("sha256").and_then(Value::as_str),
    ) else {
        return Err(
            "not an object with a string \"path\", a non-negative integer \"bytes\" and a string \"sha256\"".into(),
        );
    };
    check_listed_path(path)?;
    if sha256.len() != 64
        || !sha256
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    {
        return Err(format!(
            "the \"sha256\" of {path:?} is not 64 lower-case hex digits"
        ));
    }
    Ok(ManifestFile {
        path: path.to_string(),
        bytes,
        sha256: sha256.to_string(),
    })
}

/// A listed path is relative, inside the folder, in one spelling, and names neither the
/// manifest nor the documentation.
fn check_listed_path(path: &str) -> Result<(), String> {
    let problem = if path.is_empty() {
        Some("is empty")
    } else if path.starts_with('/') {
        Some("is absolute")
    } else if path.contains('\\') {
        Some("has a backslash")
    } else if path.contains('\0') {
        Some("has a NUL character")
    } else if path
        .split('/')
        .any(|c| c.is_empty() || c == "." || c == "..")
    {
        Some("has an empty, \".\" or \"..\" component")
    } else if is_unlisted_documentation(path) {
        Some("names the manifest or the documentation, which are never listed")
    } else {
        None
    };
    match problem {
        Some(what) => Err(format!(
            "path {path:?} {what}: not a plain relative path inside the folder"
        )),
        None => Ok(()),
    }
}
