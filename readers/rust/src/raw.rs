//! The vector files as serde reads them, and their conversion into the typed model, checking
//! what the model relies on (every case has a stable id, every result count is right, the
//! file's `number_of_cases` is the number of results read).

use crate::data_type::DataType;
use crate::fill_value::check_fill_value;
use crate::json_check::{checked_json, from_checked_json};
use crate::model::{Configuration, Group, GroupKind, Line, LineKind};
use crate::names::{Direction, Family, OutOfRange, Rounding};
use crate::result::{parse_bits, Expected};
use crate::Error;
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::value::RawValue;
use std::collections::{BTreeMap, HashMap};

#[derive(Deserialize)]
struct RawFile {
    schema: String,
    schema_version: u64,
    family: String,
    number_of_cases: u64,
    groups: Vec<RawGroup>,
}

#[derive(Deserialize)]
struct RawGroup {
    direction: Option<String>,
    array_data_type: Option<String>,
    data_type: Option<String>,
    input_type: Option<String>,
    output_type: Option<String>,
    configurations: Option<Vec<Box<RawValue>>>,
    #[serde(default, deserialize_with = "present")]
    codecs: Option<Box<RawValue>>,
    #[serde(default, deserialize_with = "present")]
    fill_value: Option<Box<RawValue>>,
    category: Option<String>,
    purpose: Option<String>,
    cases: Vec<RawCase>,
}

#[derive(Deserialize)]
struct RawCase {
    id: u64,
    stable_id: Option<String>,
    input: Option<String>,
    results: Option<Vec<Expected>>,
    result: Option<Expected>,
    #[serde(default)]
    flags: Vec<String>,
    #[serde(default)]
    alternatives: BTreeMap<String, RawAlternative>,
    error_at: Option<String>,
    #[serde(default, deserialize_with = "present")]
    array_data_type: Option<Box<RawValue>>,
    #[serde(default, deserialize_with = "present")]
    fill_value: Option<Box<RawValue>>,
    #[serde(default, deserialize_with = "present")]
    codecs: Option<Box<RawValue>>,
    rule: Option<String>,
    what: Option<String>,
    reason: Option<String>,
    json: Option<String>,
}

/// A key that is present, whatever its value: JSON null stays a value (`"fill_value": null`
/// is a metadata case of its own), an absent key is None (`#[serde(default)]`).
fn present<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Box<RawValue>>, D::Error> {
    Box::<RawValue>::deserialize(deserializer).map(Some)
}

/// cast and scalar_map alternatives are per configuration index; the others are one result.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawAlternative {
    One(Expected),
    ByConfiguration(BTreeMap<String, Expected>),
}

/// The keys of a configuration the model types; the rest is kept as text.
#[derive(Deserialize)]
struct ConfigurationKeys {
    rounding: Option<String>,
    out_of_range: Option<String>,
    scalar_map: Option<IgnoredAny>,
}

/// A metadata case's array type, when it is a name or {"name": ...}.
#[derive(Deserialize)]
#[serde(untagged)]
enum TypeName {
    Name(String),
    Object { name: String },
    Other(IgnoredAny),
}

/// The keys of one codec that the type selection reads (anything else is ignored).
#[derive(Deserialize)]
struct CodecFields {
    #[serde(default, deserialize_with = "present")]
    name: Option<Box<RawValue>>,
    #[serde(default, deserialize_with = "present")]
    configuration: Option<Box<RawValue>>,
}

#[derive(Deserialize)]
struct DataTypeField {
    #[serde(default, deserialize_with = "present")]
    data_type: Option<Box<RawValue>>,
}

/// A parsed vector file.
#[derive(Debug)]
pub struct VectorFile {
    /// The path inside the set, as the manifest lists it.
    pub path: String,
    pub family: Family,
    pub groups: Vec<Group>,
}

pub(crate) fn parse_file(path: &str, bytes: &[u8]) -> Result<VectorFile, Error> {
    let text = checked_json(path, bytes)?;
    let raw: RawFile = from_checked_json(text)
        .map_err(|e| Error::new(format!("{path}: not a vector file: {e}")))?;
    if raw.schema != "cast-value-vectors" || raw.schema_version != 1 {
        return Err(Error::new(format!(
            "{path}: schema {:?} version {} (this crate reads cast-value-vectors version 1)",
            raw.schema, raw.schema_version
        )));
    }
    let family = Family::from_name(&raw.family)
        .ok_or_else(|| Error::new(format!("{path}: unknown family {:?}", raw.family)))?;
    if raw.groups.is_empty() {
        return Err(Error::new(format!(
            "{path}: no groups (a vector file holds at least one)"
        )));
    }
    let mut groups = Vec::with_capacity(raw.groups.len());
    let mut results = 0u64;
    for (g, group) in raw.groups.into_iter().enumerate() {
        let at = format!("{path} group {g}");
        let group = convert_group(family, group, &at)?;
        results += (group.lines.len() * group.results_per_line()) as u64;
        groups.push(group);
    }
    if results != raw.number_of_cases {
        return Err(Error::new(format!(
            "{path}: number_of_cases is {} but the groups hold {results} results",
            raw.number_of_cases
        )));
    }
    check_stable_ids_unique(path, &groups)?;
    Ok(VectorFile {
        path: path.to_string(),
        family,
        groups,
    })
}

/// No two lines of the file share a stable id (across the set: `VectorSet::check_every_line`).
fn check_stable_ids_unique(path: &str, groups: &[Group]) -> Result<(), Error> {
    let mut seen: HashMap<&str, u64> = HashMap::new();
    for line in groups.iter().flat_map(|group| &group.lines) {
        if let Some(other) = seen.insert(&line.stable_id, line.id) {
            return Err(Error::new(format!(
                "{path} case {}: stable_id {:?} is also the id of case {other} (no two cases of a set share one)",
                line.id, line.stable_id
            )));
        }
    }
    Ok(())
}

/// The configurations of a cast group have distinct labels: a case's id is its line's and its
/// configuration's label.
fn check_configuration_labels(configurations: &[Configuration], at: &str) -> Result<(), Error> {
    let mut labels = std::collections::HashSet::new();
    for configuration in configurations {
        let label = configuration.label();
        if !labels.insert(label.clone()) {
            return Err(Error::new(format!(
                "{at}: two configurations have the label {label:?}, so their results would share an id"
            )));
        }
    }
    Ok(())
}

fn required<T>(value: Option<T>, key: &str, at: &str) -> Result<T, Error> {
    value.ok_or_else(|| Error::new(format!("{at}: no \"{key}\"")))
}

fn data_type(name: Option<String>, key: &str, at: &str) -> Result<DataType, Error> {
    let name = required(name, key, at)?;
    DataType::from_name(&name).ok_or_else(|| {
        Error::new(format!(
            "{at}: \"{key}\" {name:?} is not one of the 26 types"
        ))
    })
}

fn configuration(json: Box<RawValue>, at: &str) -> Result<Configuration, Error> {
    let keys: ConfigurationKeys =
        from_checked_json(json.get()).map_err(|e| Error::new(format!("{at}: {e}")))?;
    let rounding = match keys.rounding {
        None => Rounding::NearestEven,
        Some(name) => Rounding::from_name(&name)
            .ok_or_else(|| Error::new(format!("{at}: unknown rounding {name:?}")))?,
    };
    let out_of_range = match keys.out_of_range {
        None => None,
        Some(name) => Some(
            OutOfRange::from_name(&name)
                .ok_or_else(|| Error::new(format!("{at}: unknown out_of_range {name:?}")))?,
        ),
    };
    Ok(Configuration {
        json,
        rounding,
        out_of_range,
        scalar_map: keys.scalar_map.is_some(),
    })
}

/// The parts of a group that depend on its family: direction, input and output types, kind.
type GroupParts = (Direction, Option<DataType>, Option<DataType>, GroupKind);

/// The group's fill value, checked against its array's data type.
fn fill_value(
    fill: Option<Box<RawValue>>,
    array_data_type: DataType,
    at: &str,
) -> Result<Box<RawValue>, Error> {
    let fill = required(fill, "fill_value", at)?;
    check_fill_value(&fill, array_data_type).map_err(|what| Error::new(format!("{at}: {what}")))?;
    Ok(fill)
}

fn convert_group(family: Family, mut raw: RawGroup, at: &str) -> Result<Group, Error> {
    if raw.cases.is_empty() {
        return Err(Error::new(format!(
            "{at}: no cases (a group holds at least one)"
        )));
    }
    let cases = std::mem::take(&mut raw.cases);
    let (direction, input_type, output_type, kind) = group_parts(family, raw, at)?;
    let mut group = Group {
        family,
        direction,
        input_type,
        output_type,
        kind,
        lines: Vec::new(),
    };
    group.lines = cases
        .into_iter()
        .enumerate()
        .map(|(c, case)| convert_line(&group, case, &format!("{at} case {c}")))
        .collect::<Result<_, _>>()?;
    Ok(group)
}

fn group_parts(family: Family, raw: RawGroup, at: &str) -> Result<GroupParts, Error> {
    let element_direction = |direction: Option<String>| -> Result<Direction, Error> {
        match required(direction, "direction", at)?.as_str() {
            "encode" => Ok(Direction::Encode),
            "decode" => Ok(Direction::Decode),
            other => Err(Error::new(format!("{at}: unknown direction {other:?}"))),
        }
    };
    // cast, scalar_map and chain groups: elements of an input type, in a direction.
    let element_group = |direction, input, output, kind| -> Result<_, Error> {
        let input = data_type(input, "input_type", at)?;
        let output = data_type(output, "output_type", at)?;
        Ok((
            element_direction(direction)?,
            Some(input),
            Some(output),
            kind,
        ))
    };
    let (direction, input_type, output_type, kind) = match family {
        Family::Cast | Family::ScalarMap => {
            let configurations = required(raw.configurations, "configurations", at)?
                .into_iter()
                .enumerate()
                .map(|(k, json)| configuration(json, &format!("{at} configuration {k}")))
                .collect::<Result<Vec<_>, _>>()?;
            if configurations.is_empty() {
                return Err(Error::new(format!("{at}: no configurations")));
            }
            if family == Family::Cast {
                check_configuration_labels(&configurations, at)?;
            }
            let array_data_type = data_type(raw.array_data_type, "array_data_type", at)?;
            let kind = GroupKind::Cast {
                array_data_type,
                data_type: data_type(raw.data_type, "data_type", at)?,
                configurations,
                fill_value: fill_value(raw.fill_value, array_data_type, at)?,
            };
            element_group(raw.direction, raw.input_type, raw.output_type, kind)?
        }
        Family::Chain => {
            let array_data_type = data_type(raw.array_data_type, "array_data_type", at)?;
            let kind = GroupKind::Chain {
                array_data_type,
                codecs: required(raw.codecs, "codecs", at)?,
                fill_value: fill_value(raw.fill_value, array_data_type, at)?,
                purpose: raw.purpose.unwrap_or_default(),
            };
            element_group(raw.direction, raw.input_type, raw.output_type, kind)?
        }
        Family::Metadata => {
            let category = required(raw.category, "category", at)?;
            (
                Direction::Validate,
                None,
                None,
                GroupKind::Metadata { category },
            )
        }
        Family::Scalars => {
            let data_type = data_type(raw.data_type, "data_type", at)?;
            (
                Direction::Parse,
                None,
                None,
                GroupKind::Scalars { data_type },
            )
        }
    };
    Ok((direction, input_type, output_type, kind))
}

/// The R-entry compression: 5R configurations with R results means results[j] holds for
/// configurations j, j+R, ...
fn expand_results(
    results: Vec<Expected>,
    configurations: usize,
    at: &str,
) -> Result<Vec<Expected>, Error> {
    if results.len() == configurations {
        return Ok(results);
    }
    let modes = Rounding::ALL.len();
    if configurations % modes == 0 && results.len() == configurations / modes {
        return Ok((0..configurations)
            .map(|k| results[k % results.len()].clone())
            .collect());
    }
    Err(Error::new(format!(
        "{at}: {} results for {configurations} configurations (expected {configurations} or {})",
        results.len(),
        configurations / modes
    )))
}

fn pattern(text: &str, data_type: DataType, at: &str) -> Result<u64, Error> {
    let digits = 2 * data_type.bytes();
    match text
        .strip_prefix("0x")
        .filter(|hex| hex.len() == digits)
        .and_then(parse_bits)
    {
        Some(bits) if bits <= data_type.mask() => Ok(bits),
        _ => Err(Error::new(format!(
            "{at}: input {text:?} is not a {data_type} pattern"
        ))),
    }
}

fn convert_line(group: &Group, raw: RawCase, at: &str) -> Result<Line, Error> {
    let at = &format!("{at} (id {})", raw.id);
    let stable_id = raw.stable_id.ok_or_else(|| {
        Error::new(format!(
            "{at}: no \"stable_id\" (vectors before 1.3.0 have none; this crate needs them)"
        ))
    })?;
    check_family_prefix(&stable_id, group.family, at)?;
    let configurations = group.configurations().len();
    let (kind, results) = match &group.kind {
        GroupKind::Cast {
            array_data_type,
            data_type,
            ..
        } => {
            let input_text = required(raw.input, "input", at)?;
            let input = pattern(&input_text, group.input_type.expect("typed"), at)?;
            if group.family == Family::Cast {
                // The definition (vectors/README.md): family/direction/array type/data type/input.
                let defined = format!(
                    "cast/{}/{array_data_type}/{data_type}/{input_text}",
                    group.direction
                );
                check_defined_id(&stable_id, &defined, at)?;
            }
            let results =
                expand_results(required(raw.results, "results", at)?, configurations, at)?;
            (
                LineKind::Element {
                    input,
                    error_at: None,
                },
                results,
            )
        }
        GroupKind::Chain { .. } => {
            let input_text = required(raw.input, "input", at)?;
            let input = pattern(&input_text, group.input_type.expect("typed"), at)?;
            let kind = LineKind::Element {
                input,
                error_at: raw.error_at,
            };
            (kind, vec![required(raw.result, "result", at)?])
        }
        GroupKind::Metadata { .. } => {
            let array_data_type = required(raw.array_data_type, "array_data_type", at)?;
            let codecs = required(raw.codecs, "codecs", at)?;
            let involved = involved_types(&array_data_type, &codecs);
            let kind = LineKind::Metadata {
                array_data_type,
                fill_value: required(raw.fill_value, "fill_value", at)?,
                codecs,
                rule: required(raw.rule, "rule", at)?,
                what: raw.what.unwrap_or_default(),
                involved,
            };
            (kind, vec![required(raw.result, "result", at)?])
        }
        GroupKind::Scalars { .. } => {
            let kind = LineKind::Scalar {
                json: required(raw.json, "json", at)?,
                what: raw.what.unwrap_or_default(),
            };
            (kind, vec![required(raw.result, "result", at)?])
        }
    };
    let alternatives = convert_alternatives(raw.alternatives, configurations, at)?;
    Ok(Line {
        id: raw.id,
        stable_id,
        kind,
        results,
        flags: raw.flags,
        alternatives,
        reason: raw.reason,
    })
}

fn check_defined_id(stable_id: &str, defined: &str, at: &str) -> Result<(), Error> {
    if stable_id == defined {
        return Ok(());
    }
    Err(Error::new(format!(
        "{at}: stable_id {stable_id:?} is not the defined {defined:?}"
    )))
}

/// The names a type selection matches in a metadata case: the array type (a name or
/// {"name": ...}) and the first cast_value's data_type.
fn involved_types(array_data_type: &RawValue, codecs: &RawValue) -> Vec<String> {
    let mut involved = Vec::new();
    if let Ok(TypeName::Name(name) | TypeName::Object { name }) =
        from_checked_json::<TypeName>(array_data_type.get())
    {
        involved.push(name);
    }
    if let Some(name) = first_cast_data_type(codecs) {
        involved.push(name);
    }
    involved
}

/// Every id starts with its family's name (vectors/README.md, "Case ids"), so that ids of
/// different families never meet.
fn check_family_prefix(stable_id: &str, family: Family, at: &str) -> Result<(), Error> {
    if stable_id
        .strip_prefix(family.name())
        .is_some_and(|rest| rest.starts_with('/'))
    {
        return Ok(());
    }
    Err(Error::new(format!(
        "{at}: stable_id {stable_id:?} does not start with \"{family}/\""
    )))
}

/// A line's alternatives: (FLAG=ALTERNATIVE, configuration index, result), sorted by name.
fn convert_alternatives(
    raw_alternatives: BTreeMap<String, RawAlternative>,
    configurations: usize,
    at: &str,
) -> Result<Vec<(String, usize, Expected)>, Error> {
    let mut alternatives = Vec::new();
    for (name, alternative) in raw_alternatives {
        match (alternative, configurations) {
            (RawAlternative::One(result), 0) => alternatives.push((name, 0, result)),
            (RawAlternative::ByConfiguration(by_index), n) if n > 0 => {
                for (index, result) in by_index {
                    let k = index.parse::<usize>().ok().filter(|k| *k < n).ok_or_else(|| {
                        Error::new(format!(
                            "{at}: alternative {name}: {index:?} is not a configuration index below {n}"
                        ))
                    })?;
                    alternatives.push((name.clone(), k, result));
                }
            }
            _ => {
                return Err(Error::new(format!(
                    "{at}: alternative {name} is not of this family's form"
                )))
            }
        }
    }
    // By name, as the harness tries them (the first that matches names the divergence).
    alternatives.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    Ok(alternatives)
}

/// The data_type of the chain's first cast_value codec that has a string data_type, as the
/// harness's type filter reads it (`first_cast_data_type`, harness/sources/case_batch.cpp).
fn first_cast_data_type(codecs: &RawValue) -> Option<String> {
    let codecs: Vec<Box<RawValue>> = from_checked_json(codecs.get()).ok()?;
    codecs.iter().find_map(|codec| {
        let fields: CodecFields = from_checked_json(codec.get()).ok()?;
        if fields.name?.get() != "\"cast_value\"" {
            return None;
        }
        let configuration: DataTypeField = from_checked_json(fields.configuration?.get()).ok()?;
        from_checked_json::<String>(configuration.data_type?.get()).ok()
    })
}

#[cfg(test)]
mod tests {
    use super::parse_file;

    /// A small file of each shape the crate reads: a cast group with ten configurations and
    /// alternatives, a metadata group, a scalars group.
    const FILES: [&str; 3] = [
        r#"{"schema":"cast-value-vectors","schema_version":1,"family":"cast","number_of_cases":10,"groups":[{"direction":"encode","array_data_type":"float64","data_type":"float16","input_type":"float64","output_type":"float16","fill_value":0,"configurations":[{"rounding":"nearest-even"},{"out_of_range":"clamp","rounding":"nearest-even"},{"rounding":"towards-zero"},{"out_of_range":"clamp","rounding":"towards-zero"},{"rounding":"towards-positive"},{"out_of_range":"clamp","rounding":"towards-positive"},{"rounding":"towards-negative"},{"out_of_range":"clamp","rounding":"towards-negative"},{"rounding":"nearest-away"},{"out_of_range":"clamp","rounding":"nearest-away"}],"cases":[{"id":1,"stable_id":"cast/encode/float64/float16/0x7ff8000000000000","input":"0x7ff8000000000000","results":["0x7e00","0x7e01"],"alternatives":{"F=x":{"4":"0x7bff"}}}]}]}"#,
        r#"{"schema":"cast-value-vectors","schema_version":1,"family":"metadata","number_of_cases":1,"groups":[{"category":"c","cases":[{"id":1,"stable_id":"metadata/r/aaaaaaaaaaaa","result":"invalid","array_data_type":{"name":"float32"},"codecs":[{"configuration":{"data_type":"int8"},"name":"cast_value"}],"fill_value":1e400,"rule":"r","alternatives":{"F=x":"valid"}}]}]}"#,
        r#"{"schema":"cast-value-vectors","schema_version":1,"family":"scalars","number_of_cases":1,"groups":[{"data_type":"int8","cases":[{"id":1,"stable_id":"scalars/int8/aaaaaaaaaaaa","json":"1","result":"0x01"}]}]}"#,
    ];

    #[test]
    fn the_files_parse() {
        for text in FILES {
            assert!(parse_file("f.json", text.as_bytes()).is_ok(), "{text}");
        }
    }

    /// No input makes the crate panic: every prefix of each file, and each byte replaced by
    /// bytes that change the JSON's shape, gives Ok or an Error naming the file.
    #[test]
    fn no_damaged_file_makes_it_panic() {
        for text in FILES {
            let bytes = text.as_bytes();
            for end in 0..bytes.len() {
                if let Err(error) = parse_file("f.json", &bytes[..end]) {
                    assert!(error.message().starts_with("f.json"), "{error}");
                }
            }
            for at in 0..bytes.len() {
                for replacement in [b'"', b'{', b'}', b'[', b'0', b'9', b'-', b'x', b',', 0xff] {
                    let mut damaged = bytes.to_vec();
                    damaged[at] = replacement;
                    if let Err(error) = parse_file("f.json", &damaged) {
                        assert!(error.message().starts_with("f.json"), "{error}");
                    }
                }
            }
        }
    }
}
