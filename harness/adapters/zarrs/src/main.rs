//! cast_value conformance suite: adapter (harness/protocol/PROTOCOL.md, protocols 1 and 2) for zarrs.
//!
//! zarrs (the Rust Zarr library) has the cast_value codec for all 26 data types of the spec. The
//! adapter drives it only through zarrs' public array API, on in-memory stores
//! (`zarrs::storage::store::MemoryStore`), the way a zarrs user meets the codec:
//!
//! - every request becomes a Zarr v3 array whose zarr.json holds the request's exact JSON texts
//!   (`data_type`, `fill_value`, the cast_value codec, then `bytes`), stored in the memory store
//!   and opened with `Array::open` (zarrs parses the metadata itself, numbers included);
//! - encode: `Array::store_chunk` of the elements (empty chunks stored too), then the stored
//!   chunk bytes `c/0` are read from the store;
//! - decode: the elements are stored as the chunk bytes `c/0`, and `Array::retrieve_chunk` reads
//!   the array;
//! - validate: the metadata must be accepted by `Array::new_with_metadata` (the metadata as zarrs
//!   deserialises it), by `Array::open` of the stored zarr.json, and by a first write and read of
//!   a chunk holding the fill value.
//!
//! zarrs aborts a whole chunk on the first element it cannot cast; the adapter then casts each
//! element as a chunk of its own (a second array of the same metadata with chunk shape [1]) to
//! find each element's verdict.
//!
//! Element packing: the protocol packs sub-byte types in the low bits of a byte with the upper
//! bits zero. zarrs holds int2/int4 in memory as sign-extended i8 and uint2/uint4 as u8, and its
//! `bytes` codec stores one byte per element whose upper bits the data type specs leave
//! arbitrary; the adapter sign-extends array inputs of signed sub-byte types and keeps only the
//! low bits of every sub-byte output (in-memory values and stored bytes alike).
//!
//! Store operations (protocol 2, for `cvc check-store`): `open_array`, `read_array` and
//! `write_array` open the array in a directory with zarrs' own filesystem store
//! (`zarrs::filesystem::FilesystemStore`): `Array::open` (and `Array::new_with_metadata` of its
//! zarr.json), `Array::retrieve_array_subset` of the whole array, `Array::store_array_subset` of
//! the selection.
//!
//! `--probe` (probe.sh): prints one line per type of the 26 that the handshake leaves out (none).
//! Stdout carries answers only; diagnostics go to stderr.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::sync::Arc;

use base64::Engine;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use zarrs::array::{Array, ArrayBytes, ArrayMetadata, ArraySubset};
use zarrs::filesystem::FilesystemStore;
use zarrs::storage::store::MemoryStore;
use zarrs::storage::{Bytes, ReadableStorageTraits, StoreKey, WritableStorageTraits};

/// A data type of the spec: its name, bytes per element on the wire and in zarrs, and, for the
/// sub-byte types, the number of value bits and whether zarrs holds it sign-extended in memory.
struct TypeInfo {
    name: &'static str,
    bytes: usize,
    sub_byte_bits: Option<u32>,
    signed_in_memory: bool,
}

const fn t(name: &'static str, bytes: usize) -> TypeInfo {
    TypeInfo { name, bytes, sub_byte_bits: None, signed_in_memory: false }
}
const fn sub(name: &'static str, bits: u32, signed_in_memory: bool) -> TypeInfo {
    TypeInfo { name, bytes: 1, sub_byte_bits: Some(bits), signed_in_memory }
}

/// The 26 data types of the cast_value spec (all of them have zarrs' cast_value traits).
const TYPES: [TypeInfo; 26] = [
    sub("int2", 2, true),
    sub("int4", 4, true),
    t("int8", 1),
    t("int16", 2),
    t("int32", 4),
    t("int64", 8),
    sub("uint2", 2, false),
    sub("uint4", 4, false),
    t("uint8", 1),
    t("uint16", 2),
    t("uint32", 4),
    t("uint64", 8),
    sub("float4_e2m1fn", 4, false),
    sub("float6_e2m3fn", 6, false),
    sub("float6_e3m2fn", 6, false),
    t("float8_e3m4", 1),
    t("float8_e4m3", 1),
    t("float8_e4m3b11fnuz", 1),
    t("float8_e4m3fnuz", 1),
    t("float8_e5m2", 1),
    t("float8_e5m2fnuz", 1),
    t("float8_e8m0fnu", 1),
    t("bfloat16", 2),
    t("float16", 2),
    t("float32", 4),
    t("float64", 8),
];

fn type_info(name: &str) -> Option<&'static TypeInfo> {
    TYPES.iter().find(|t| t.name == name)
}

impl TypeInfo {
    /// Wire packing (low bits, upper bits zero) -> zarrs' in-memory element bytes.
    fn to_memory(&self, wire: &[u8]) -> Vec<u8> {
        match self.sub_byte_bits {
            Some(bits) if self.signed_in_memory => {
                let shift = 8 - bits;
                wire.iter().map(|&b| (((b << shift) as i8) >> shift) as u8).collect()
            }
            _ => wire.to_vec(),
        }
    }

    /// zarrs' in-memory element bytes or stored chunk bytes -> wire packing.
    fn to_wire(&self, bytes: &[u8]) -> Vec<u8> {
        match self.sub_byte_bits {
            Some(bits) => bytes.iter().map(|&b| b & ((1u8 << bits) - 1)).collect(),
            None => bytes.to_vec(),
        }
    }
}

/// The build's provenance, set by setup.sh at build time (absent when built by hand).
const ZARRS_COMMIT: Option<&str> = option_env!("CVC_ZARRS_COMMIT");
/// The version results are named by: "main-85b26a34" for a checkout, the release's version.
const ZARRS_VERSION_LABEL: Option<&str> = option_env!("CVC_ZARRS_VERSION_LABEL");
/// "unreleased: git checkout, ..." or "released: crates.io X.Y.Z" (results label unreleased code).
const ZARRS_RELEASE: Option<&str> = option_env!("CVC_ZARRS_RELEASE");
const RUSTC_VERSION: Option<&str> = option_env!("CVC_RUSTC_VERSION");
const LOCKED_VERSIONS: Option<&str> = option_env!("CVC_LOCKED_VERSIONS");
/// The array -> array codecs the zarrs built against registers, space-separated, as setup.sh
/// read them from its sources ("cast_value transpose numcodecs.fixedscaleoffset"; zarrs 0.23.14
/// has no cast_value). Built by hand without setup.sh: the codecs of zarrs main.
const CODECS: Option<&str> = option_env!("CVC_ZARRS_CODECS");

fn has_codec(name: &str) -> bool {
    CODECS.unwrap_or("cast_value transpose numcodecs.fixedscaleoffset").split_whitespace().any(|c| c == name)
}

/// The codecs a chain request may hold (PROTOCOL.md, "Chain"), those this zarrs has.
fn chain_codecs() -> Vec<&'static str> {
    ["cast_value", "scale_offset", "numcodecs.fixedscaleoffset", "transpose"].into_iter().filter(|c| has_codec(c)).collect()
}

/// Chains are declared when zarrs has a codec that changes values besides cast_value.
fn has_chains() -> bool {
    has_codec("scale_offset") || has_codec("numcodecs.fixedscaleoffset")
}

/// The first codec of the chain family that `metadata` (a codec list, at any depth: inside
/// sharding_indexed too) names and this zarrs lacks.
fn lacked_codec(metadata: &Value) -> Option<&'static str> {
    ["cast_value", "scale_offset", "numcodecs.fixedscaleoffset", "transpose"]
        .into_iter()
        .find(|codec| !has_codec(codec) && names_codec(metadata, codec))
}

fn names_codec(value: &Value, codec: &str) -> bool {
    match value {
        Value::Object(o) => {
            o.get("name").and_then(Value::as_str) == Some(codec) || o.values().any(|v| names_codec(v, codec))
        }
        // (a codec written as its bare name, in a codec list)
        Value::Array(a) => a.iter().any(|v| v.as_str() == Some(codec) || names_codec(v, codec)),
        _ => false,
    }
}

/// The answer to a request that needs a codec this zarrs lacks (cast_value in a release older
/// than the codec, scale_offset in zarrs main): unsupported, naming the zarrs and the codec. zarrs
/// itself refuses such metadata as an unknown codec; it has no way to express the request.
fn lacks(codec: &str) -> Answer {
    status(
        "unsupported",
        format!(
            "zarrs {} ({}) has no {codec} codec: no codec of that name is registered in it \
             (its array -> array codecs: {})",
            implementation_version(),
            ZARRS_RELEASE.unwrap_or("built by hand"),
            CODECS.unwrap_or("")
        ),
    )
}

fn implementation_version() -> String {
    match ZARRS_VERSION_LABEL {
        Some(label) if !label.is_empty() => label.to_string(),
        _ => zarrs::version::version_str().to_string(),
    }
}

fn hello(request: &HashMap<String, &RawValue>) -> Value {
    let max_protocol = member::<i64>(request, "max_protocol").unwrap_or(1);
    let two = max_protocol >= 2;
    let mut environment = serde_json::Map::new();
    environment.insert("zarrs".into(), json!(zarrs::version::version_str()));
    if let Some(commit) = ZARRS_COMMIT.filter(|c| !c.is_empty()) {
        environment.insert("zarrs_commit".into(), json!(commit));
    }
    if let Some(release) = ZARRS_RELEASE {
        environment.insert("release".into(), json!(release));
    }
    // "half=2.7.1 microfloat=0.1.3": the crates zarrs' casts go through, as Cargo.lock pinned them.
    for pair in LOCKED_VERSIONS.unwrap_or("").split_whitespace() {
        if let Some((name, version)) = pair.split_once('=') {
            environment.insert(name.into(), json!(version));
        }
    }
    if let Some(rustc) = RUSTC_VERSION {
        environment.insert("rustc".into(), json!(rustc));
    }
    let mut answer = json!({
        "protocol": if two { 2 } else { 1 },
        "implementation": {"name": "zarrs", "version": implementation_version(), "language": "rust"},
        "data_types": TYPES.iter().map(|t| t.name).collect::<Vec<_>>(),
        "operations": if two {
            let mut operations = STORE_OPERATIONS.to_vec();
            if has_chains() {
                operations.push("chain");
            }
            operations
        } else {
            vec!["encode", "decode", "validate"]
        },
        "environment": environment,
        "notes": if has_codec("cast_value") { NOTES } else { NOTES_WITHOUT_CAST_VALUE },
    });
    if two {
        // zarrs' codec has every rounding mode, out_of_range rule and scalar_map in both
        // directions for every pair of the 26 (it refuses `wrap` into a float type: a refusal of
        // that configuration, answered `rejected`), so nothing is declared missing.
        answer["capabilities"] = json!({"missing_pairs": []});
        if has_chains() {
            // Chains of the array -> array codecs this zarrs has, both directions (NOTES.md,
            // "Chains"); without cast_value, chains holding one are not sent.
            answer["capabilities"]["chain"] = json!({"codecs": chain_codecs(), "directions": ["encode", "decode"]});
        }
        let offered = member::<Vec<String>>(request, "encodings").unwrap_or_default();
        if offered.iter().any(|e| e == "base64") {
            answer["encoding"] = json!("base64");
        }
    }
    answer
}

const NOTES: &str = "zarrs' cast_value codec through its public array API on a MemoryStore: arrays \
                     opened from the request's exact zarr.json ([cast_value, bytes little]); encode \
                     = store_chunk then the stored chunk bytes, decode = stored chunk bytes then \
                     retrieve_chunk; zarrs aborts a chunk on a bad element (per-element verdicts from \
                     one-element chunks); validate = Array::new_with_metadata AND Array::open of the \
                     stored zarr.json AND a first write/read of the fill value";
const NOTES_WITHOUT_CAST_VALUE: &str = "a zarrs release without the cast_value codec: every request that needs \
                     cast_value is answered unsupported, naming the release; chains of its other \
                     array -> array codecs (the alias numcodecs.fixedscaleoffset, transpose) run \
                     through its public array API on a MemoryStore (zarr.json with the request's \
                     codecs, then bytes little), and the store operations on arrays without cast_value";

/// The operations of a protocol 2 hello: the casts, validate and the store operations.
const STORE_OPERATIONS: [&str; 6] = ["encode", "decode", "validate", "open_array", "read_array", "write_array"];

/// A top-level member of the request, read as T (None when absent or of another type).
fn member<T: serde::de::DeserializeOwned>(request: &HashMap<String, &RawValue>, key: &str) -> Option<T> {
    request.get(key).and_then(|raw| serde_json::from_str(raw.get()).ok())
}

/// The name of a data type given as "name" or {"name": "name", ...}.
fn type_name(value: &Value) -> Option<&str> {
    match value {
        Value::String(s) => Some(s),
        Value::Object(o) => o.get("name").and_then(Value::as_str),
        _ => None,
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Encoding {
    Hex,
    Base64,
}

impl Encoding {
    fn decode(self, text: &str) -> Result<Vec<u8>, String> {
        match self {
            Encoding::Base64 => base64::engine::general_purpose::STANDARD
                .decode(text)
                .map_err(|e| format!("elements are not base64: {e}")),
            Encoding::Hex => {
                if text.len() % 2 != 0 {
                    return Err("elements: odd number of hex digits".into());
                }
                (0..text.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&text[i..i + 2], 16).map_err(|e| format!("elements are not hex: {e}")))
                    .collect()
            }
        }
    }

    fn encode(self, bytes: &[u8]) -> String {
        match self {
            Encoding::Base64 => base64::engine::general_purpose::STANDARD.encode(bytes),
            Encoding::Hex => bytes.iter().map(|b| format!("{b:02x}")).collect(),
        }
    }
}

/// An answer's status and its other members (without `id`).
type Answer = serde_json::Map<String, Value>;

fn status(status: &str, message: impl Into<String>) -> Answer {
    let mut answer = Answer::new();
    answer.insert("status".into(), json!(status));
    answer.insert("message".into(), json!(message.into()));
    answer
}

/// The zarr.json of a one-dimensional array of `shape` elements in chunks of `chunk`, from the
/// exact JSON texts of its data_type, fill_value and codecs (never re-serialised by the adapter).
fn zarr_json(data_type: &str, fill_value: &str, codecs: &str, shape: usize, chunk: usize) -> String {
    format!(
        concat!(
            r#"{{"zarr_format":3,"node_type":"array","shape":[{}],"data_type":{},"#,
            r#""chunk_grid":{{"name":"regular","configuration":{{"chunk_shape":[{}]}}}},"#,
            r#""chunk_key_encoding":{{"name":"default","configuration":{{"separator":"/"}}}},"#,
            r#""fill_value":{},"codecs":{},"attributes":{{}}}}"#
        ),
        shape, data_type, chunk, fill_value, codecs
    )
}

fn describe(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        text.push_str(&format!(" <- {cause}"));
        source = cause.source();
    }
    text
}

fn key(text: &str) -> StoreKey {
    StoreKey::new(text).expect("a valid store key")
}

/// An array opened by zarrs from `document` stored as zarr.json in a new memory store.
fn open_stored(document: &str) -> Result<(Arc<MemoryStore>, Array<MemoryStore>), String> {
    let store = Arc::new(MemoryStore::new());
    store
        .set(&key("zarr.json"), Bytes::from(document.as_bytes().to_vec()))
        .map_err(|e| format!("storing zarr.json: {}", describe(&e)))?;
    let array = Array::open(store.clone(), "/").map_err(|e| format!("Array::open: {}", describe(&e)))?;
    Ok((store, array))
}

/// One cast request: the wire types, the raw metadata texts and the elements.
struct Cast<'a> {
    encode: bool,
    input: &'static TypeInfo,
    output: &'static TypeInfo,
    data_type: &'a str,
    fill_value: &'a str,
    codec: &'a str,
    count: usize,
}

impl Cast<'_> {
    fn document(&self, chunk: usize) -> String {
        let codecs = format!(r#"[{},{{"name":"bytes","configuration":{{"endian":"little"}}}}]"#, self.codec);
        zarr_json(self.data_type, self.fill_value, &codecs, self.count, chunk)
    }

    /// Casts the chunk `index` of `array` (its elements `input`, wire packing): the output
    /// elements in wire packing, or zarrs' error.
    fn cast_chunk(&self, store: &MemoryStore, array: &Array<MemoryStore>, index: u64, input: &[u8]) -> Result<Vec<u8>, String> {
        let chunk_key = array.chunk_key(&[index]);
        if self.encode {
            array
                .store_chunk(&[index], ArrayBytes::new_flen(self.input.to_memory(input)))
                .map_err(|e| describe(&e))?;
            let stored = store
                .get(&chunk_key)
                .map_err(|e| describe(&e))?
                .ok_or_else(|| format!("zarrs stored no chunk {chunk_key}"))?;
            Ok(self.output.to_wire(&stored))
        } else {
            store.set(&chunk_key, Bytes::from(input.to_vec())).map_err(|e| describe(&e))?;
            let bytes: ArrayBytes = array.retrieve_chunk(&[index]).map_err(|e| describe(&e))?;
            let fixed = bytes.into_fixed().map_err(|e| describe(&e))?;
            Ok(self.output.to_wire(&fixed))
        }
    }

    /// The output elements (wire packing) and the indices of the elements zarrs refused: the
    /// whole request as one chunk, or, when zarrs refuses it, each element as a chunk of its own.
    /// Err: the answer when there is no output (zarrs refused the metadata, adapter error).
    fn run(&self, input: &[u8]) -> Result<(Vec<u8>, Vec<usize>), Answer> {
        let (store, whole) = open_stored(&self.document(self.count)).map_err(|m| status("rejected", m))?;
        let (elements, failed) = match self.cast_chunk(&store, &whole, 0, input) {
            Ok(output) => (output, Vec::new()),
            Err(_) => {
                let (store, single) = open_stored(&self.document(1)).map_err(|m| status("rejected", m))?;
                let mut output = vec![0u8; self.count * self.output.bytes];
                let mut failed = Vec::new();
                for i in 0..self.count {
                    let element = &input[i * self.input.bytes..(i + 1) * self.input.bytes];
                    match self.cast_chunk(&store, &single, i as u64, element) {
                        Ok(bytes) if bytes.len() == self.output.bytes => {
                            output[i * self.output.bytes..(i + 1) * self.output.bytes].copy_from_slice(&bytes)
                        }
                        Ok(bytes) => {
                            return Err(status("error", format!("element {i}: {} output bytes", bytes.len())))
                        }
                        Err(_) => failed.push(i),
                    }
                }
                (output, failed)
            }
        };
        if elements.len() != self.count * self.output.bytes {
            return Err(status("error", format!("{} output bytes for {} elements", elements.len(), self.count)));
        }
        Ok((elements, failed))
    }
}

fn cast(request: &HashMap<String, &RawValue>, encoding: Encoding) -> Answer {
    let raw = |name: &str| request.get(name).map(|r| r.get());
    let (Some(data_type), Some(fill_value), Some(codec)) = (raw("array_data_type"), raw("fill_value"), raw("codec"))
    else {
        return status("error", "cast request without array_data_type, fill_value or codec");
    };
    let encode = match member::<String>(request, "direction").as_deref() {
        Some("encode") => true,
        Some("decode") => false,
        other => return status("error", format!("unknown direction {other:?}")),
    };
    let codec_value: Value = serde_json::from_str(codec).unwrap_or(Value::Null);
    let data_type_value: Value = serde_json::from_str(data_type).unwrap_or(Value::Null);
    let names = (type_name(&data_type_value), codec_value.pointer("/configuration/data_type").and_then(type_name));
    let (Some(array_type), Some(encoded_type)) = (names.0.and_then(type_info), names.1.and_then(type_info)) else {
        return status("unsupported", format!("not a pair of the 26 types: {names:?}"));
    };
    let (input, output) = if encode { (array_type, encoded_type) } else { (encoded_type, array_type) };
    let count = member::<usize>(request, "count").unwrap_or(0);
    answer_elements(request, encoding, Cast { encode, input, output, data_type, fill_value, codec, count })
}

/// The elements of a cast or chain request through `cast`: decoded from the request, checked
/// against the input type's width and the count, run, and answered.
fn answer_elements(request: &HashMap<String, &RawValue>, encoding: Encoding, cast: Cast) -> Answer {
    let (count, input) = (cast.count, cast.input);
    let elements = match encoding.decode(&member::<String>(request, "elements").unwrap_or_default()) {
        Ok(bytes) => bytes,
        Err(message) => return status("error", message),
    };
    if elements.len() != count * input.bytes {
        return status("error", format!("elements: {} bytes for {count} {} elements", elements.len(), input.name));
    }
    let result = if count == 0 { Ok((Vec::new(), Vec::new())) } else { cast.run(&elements) };
    match result {
        Ok((elements, failed)) => {
            let mut answer = Answer::new();
            answer.insert("status".into(), json!("ok"));
            answer.insert("elements".into(), json!(encoding.encode(&elements)));
            answer.insert("failed".into(), json!(failed));
            answer
        }
        Err(answer) => answer,
    }
}

/// The type a chain's codecs produce from `array_type` on encode: cast_value changes it to its
/// data_type, the alias to its astype (when given), the other codecs keep it. None when a codec is
/// not an object with a name, or a type it names is not one of the 26.
fn chain_output(array_type: &'static TypeInfo, codecs: &Value) -> Option<&'static TypeInfo> {
    let mut current = array_type;
    for codec in codecs.as_array()? {
        match codec.get("name")?.as_str()? {
            "cast_value" => current = type_info(codec.pointer("/configuration/data_type").and_then(type_name)?)?,
            "numcodecs.fixedscaleoffset" => {
                if let Some(astype) = codec.pointer("/configuration/astype") {
                    current = v2_type_info(astype.as_str()?)?;
                }
            }
            _ => {}
        }
    }
    Some(current)
}

/// A type named as the alias's astype names it: one of the 26 names, or Zarr V2 / NumPy type
/// string ("<u1", "|u1", "u1", ">f8"; the byte order does not matter for the type).
fn v2_type_info(text: &str) -> Option<&'static TypeInfo> {
    if let Some(info) = type_info(text) {
        return Some(info);
    }
    let name = match text.trim_start_matches(['<', '>', '|', '=']) {
        "i1" => "int8",
        "i2" => "int16",
        "i4" => "int32",
        "i8" => "int64",
        "u1" => "uint8",
        "u2" => "uint16",
        "u4" => "uint32",
        "u8" => "uint64",
        "f2" => "float16",
        "f4" => "float32",
        "f8" => "float64",
        _ => return None,
    };
    type_info(name)
}



/// A chain request: the elements through the request's codecs, then bytes, exactly as a cast
/// request goes through its one codec (the chain's exact text without its brackets in place of
/// the codec).
fn chain(request: &HashMap<String, &RawValue>, encoding: Encoding) -> Answer {
    let raw = |name: &str| request.get(name).map(|r| r.get());
    let (Some(data_type), Some(fill_value), Some(codecs)) = (raw("array_data_type"), raw("fill_value"), raw("codecs"))
    else {
        return status("error", "chain request without array_data_type, fill_value or codecs");
    };
    let encode = match member::<String>(request, "direction").as_deref() {
        Some("encode") => true,
        Some("decode") => false,
        other => return status("error", format!("unknown direction {other:?}")),
    };
    let codecs_value: Value = serde_json::from_str(codecs).unwrap_or(Value::Null);
    if let Some(codec) = lacked_codec(&codecs_value) {
        return lacks(codec);
    }
    let data_type_value: Value = serde_json::from_str(data_type).unwrap_or(Value::Null);
    let Some(array_type) = type_name(&data_type_value).and_then(type_info) else {
        return status("unsupported", "the array type is not one of the 26");
    };
    let Some(encoded_type) = chain_output(array_type, &codecs_value) else {
        return status("error", "codecs is not a list of named codecs with data types of the 26");
    };
    let (input, output) = if encode { (array_type, encoded_type) } else { (encoded_type, array_type) };
    let count = member::<usize>(request, "count").unwrap_or(0);
    let inner = codecs.trim();
    let codec = inner.strip_prefix('[').and_then(|c| c.strip_suffix(']')).unwrap_or(inner).trim();
    answer_elements(request, encoding, Cast { encode, input, output, data_type, fill_value, codec, count })
}

/// validate: zarrs must accept the metadata when creating an array from it, when opening it from
/// a store, and on a first write and read of a chunk holding the fill value.
fn validate(request: &HashMap<String, &RawValue>) -> Answer {
    let raw = |name: &str| request.get(name).map(|r| r.get());
    let (Some(data_type), Some(fill_value), Some(codecs)) = (raw("array_data_type"), raw("fill_value"), raw("codecs"))
    else {
        return status("error", "validate request without array_data_type, fill_value or codecs");
    };
    if let Some(codec) = serde_json::from_str::<Value>(codecs).ok().as_ref().and_then(lacked_codec) {
        return lacks(codec);
    }
    let document = zarr_json(data_type, fill_value, codecs, 1, 1);
    let invalid = |message: String| status("invalid", message);
    // (1) Array creation from the metadata as zarrs deserialises it.
    let metadata: ArrayMetadata = match serde_json::from_str(&document) {
        Ok(metadata) => metadata,
        Err(e) => return invalid(format!("ArrayMetadata from zarr.json: {e}")),
    };
    if let Err(e) = Array::new_with_metadata(Arc::new(MemoryStore::new()), "/", metadata) {
        return invalid(format!("Array::new_with_metadata: {}", describe(&e)));
    }
    // (2) Opening the stored zarr.json.
    let (_store, array) = match open_stored(&document) {
        Ok(opened) => opened,
        Err(message) => return invalid(format!("{message} (Array::new_with_metadata had accepted it)")),
    };
    // (3) First use: a chunk of the fill value written and read back.
    let fill = array.fill_value().as_ne_bytes().to_vec();
    if let Err(e) = array.store_chunk(&[0], ArrayBytes::new_flen(fill)) {
        return invalid(format!("store_chunk of the fill value (the metadata had opened): {}", describe(&e)));
    }
    if let Err(e) = array.retrieve_chunk::<ArrayBytes>(&[0]) {
        return invalid(format!("retrieve_chunk of the fill value (the metadata had opened): {}", describe(&e)));
    }
    let mut answer = Answer::new();
    answer.insert("status".into(), json!("valid"));
    answer
}

/// The array stored in the directory `path` of the request, opened by zarrs from its zarr.json
/// with zarrs' filesystem store.
/// Why a stored array was not opened: it needs a codec this zarrs lacks (answered unsupported),
/// or zarrs' own refusal.
enum NotOpened {
    LacksCodec(&'static str),
    Refused(String),
}
use NotOpened::{LacksCodec, Refused};

impl NotOpened {
    /// The store operation's answer: `unsupported` for a lacked codec, else `status` and zarrs' message.
    fn answer(self, status_name: &str) -> Answer {
        match self {
            LacksCodec(codec) => lacks(codec),
            Refused(message) => status(status_name, message),
        }
    }
}

fn open_directory(request: &HashMap<String, &RawValue>) -> Result<Array<FilesystemStore>, NotOpened> {
    let path = member::<String>(request, "path").ok_or(Refused("request without path".into()))?;
    if let Some(codec) = stored_lacked_codec(&path) {
        return Err(LacksCodec(codec));
    }
    let store = FilesystemStore::new(&path).map_err(|e| Refused(format!("FilesystemStore::new: {}", describe(&e))))?;
    Array::open(Arc::new(store), "/").map_err(|e| Refused(format!("Array::open: {}", describe(&e))))
}

/// The codec of the chain family that the zarr.json in the directory `path` names and this zarrs
/// lacks (an unreadable zarr.json: None, and zarrs says what is wrong with it).
fn stored_lacked_codec(path: &str) -> Option<&'static str> {
    let text = std::fs::read_to_string(std::path::Path::new(path).join("zarr.json")).ok()?;
    lacked_codec(&serde_json::from_str::<Value>(&text).ok()?["codecs"])
}

/// The wire packing of the request's `data_type` (the array's), or the `unsupported` answer.
fn array_type(request: &HashMap<String, &RawValue>) -> Result<&'static TypeInfo, Answer> {
    let name = member::<Value>(request, "data_type").unwrap_or(Value::Null);
    type_name(&name)
        .and_then(type_info)
        .ok_or_else(|| status("unsupported", format!("data_type {name} is not one of the 26 types")))
}

/// open_array: zarrs must open the stored zarr.json and create an array from the same metadata.
fn open_array(request: &HashMap<String, &RawValue>) -> Answer {
    let array = match open_directory(request) {
        Ok(array) => array,
        Err(not_opened) => return not_opened.answer("invalid"),
    };
    let metadata = array.metadata().clone();
    if let Err(e) = Array::new_with_metadata(Arc::new(MemoryStore::new()), "/", metadata) {
        return status("invalid", format!("Array::new_with_metadata (Array::open had accepted it): {}", describe(&e)));
    }
    let mut answer = Answer::new();
    answer.insert("status".into(), json!("valid"));
    answer
}

/// read_array: the whole array, C order, in wire packing; `refused` when zarrs raises.
fn read_array(request: &HashMap<String, &RawValue>, encoding: Encoding) -> Answer {
    let info = match array_type(request) {
        Ok(info) => info,
        Err(answer) => return answer,
    };
    let array = match open_directory(request) {
        Ok(array) => array,
        Err(not_opened) => return not_opened.answer("refused"),
    };
    let bytes = match array.retrieve_array_subset::<ArrayBytes>(&array.subset_all()) {
        Ok(bytes) => bytes,
        Err(e) => return status("refused", format!("Array::retrieve_array_subset: {}", describe(&e))),
    };
    match bytes.into_fixed() {
        Ok(fixed) => {
            let mut answer = Answer::new();
            answer.insert("status".into(), json!("ok"));
            answer.insert("elements".into(), json!(encoding.encode(&info.to_wire(&fixed))));
            answer
        }
        Err(e) => status("error", format!("zarrs returned variable-length bytes: {}", describe(&e))),
    }
}

/// write_array: the elements written into the selection of the array stored at `path`.
fn write_array(request: &HashMap<String, &RawValue>, encoding: Encoding) -> Answer {
    let info = match array_type(request) {
        Ok(info) => info,
        Err(answer) => return answer,
    };
    let Some(selection) = member::<Vec<(u64, u64)>>(request, "selection") else {
        return status("error", "selection is not a list of [start, stop) pairs");
    };
    let elements = match encoding.decode(&member::<String>(request, "elements").unwrap_or_default()) {
        Ok(bytes) => bytes,
        Err(message) => return status("error", message),
    };
    let count = member::<usize>(request, "count").unwrap_or(0);
    if elements.len() != count * info.bytes {
        return status("error", format!("elements: {} bytes for {count} {} elements", elements.len(), info.name));
    }
    let array = match open_directory(request) {
        Ok(array) => array,
        Err(not_opened) => return not_opened.answer("refused"),
    };
    // An empty selection is the whole array (what `cvc check-store` sends for a vector without one).
    let subset = if selection.is_empty() {
        array.subset_all()
    } else {
        let ranges: Vec<std::ops::Range<u64>> = selection.iter().map(|&(start, stop)| start..stop).collect();
        ArraySubset::new_with_ranges(&ranges)
    };
    if let Err(e) = array.store_array_subset(&subset, ArrayBytes::new_flen(info.to_memory(&elements))) {
        return status("refused", format!("Array::store_array_subset: {}", describe(&e)));
    }
    let mut answer = Answer::new();
    answer.insert("status".into(), json!("ok"));
    answer
}

fn send(out: &mut impl Write, answer: &Value) {
    // One line per answer, flushed at once: the harness waits for nothing else.
    let _ = writeln!(out, "{answer}");
    let _ = out.flush();
}

fn main() {
    {
        let mut config = zarrs::config::global_config_mut();
        // Encode must see the codec's output even for a chunk equal to the fill value.
        config.set_store_empty_chunks(true);
        // One request at a time on a shared machine: no codec parallelism.
        config.set_codec_concurrent_target(1);
    }
    if std::env::args().any(|a| a == "--probe") {
        // Every one of the 26 types is declared: nothing to probe.
        return;
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut encoding = Encoding::Hex;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let request: HashMap<String, &RawValue> = match serde_json::from_str(&line) {
            Ok(request) => request,
            Err(e) => {
                eprintln!("zarrs adapter: unreadable request: {e}");
                send(&mut out, &json!({"id": null, "status": "error", "message": format!("unreadable request: {e}")}));
                continue;
            }
        };
        let id = member::<Value>(&request, "id").unwrap_or(Value::Null);
        let answer = match member::<String>(&request, "cmd").as_deref() {
            Some("hello") => {
                let answer = hello(&request);
                encoding = if answer.get("encoding").is_some() { Encoding::Base64 } else { Encoding::Hex };
                send(&mut out, &answer);
                continue;
            }
            Some("bye") => return,
            Some("cast") if !has_codec("cast_value") => lacks("cast_value"),
            Some("cast") => cast(&request, encoding),
            Some("chain") if has_chains() => chain(&request, encoding),
            Some("validate") => validate(&request),
            Some("open_array") => open_array(&request),
            Some("read_array") => read_array(&request, encoding),
            Some("write_array") => write_array(&request, encoding),
            other => status("error", format!("unknown command {other:?}")),
        };
        let mut answer = answer;
        answer.insert("id".into(), id);
        send(&mut out, &Value::Object(answer));
    }
}
