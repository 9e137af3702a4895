//! The typed vector set: files, groups, case lines, and a case (one line under one
//! configuration), as read from the JSON files by `raw.rs`.

use crate::data_type::DataType;
use crate::names::{Direction, Family, OutOfRange, Rounding};
use crate::result::Expected;
use serde_json::value::RawValue;
use std::borrow::Cow;

/// One cast_value configuration of a cast or scalar_map group.
#[derive(Clone, Debug)]
pub struct Configuration {
    /// The configuration exactly as the vectors write it, without `data_type` (numbers of a
    /// scalar_map keep their text).
    pub json: Box<RawValue>,
    /// `rounding`, nearest-even when absent.
    pub rounding: Rounding,
    /// `out_of_range`, None when absent.
    pub out_of_range: Option<OutOfRange>,
    /// Whether it holds a `scalar_map` key.
    pub scalar_map: bool,
}

impl Configuration {
    /// "nearest-even", "nearest-even/clamp": the suffix of a cast case's stable id.
    pub fn label(&self) -> String {
        match self.out_of_range {
            Some(rule) => format!("{}/{}", self.rounding, rule),
            None => self.rounding.to_string(),
        }
    }

    /// The codec's `configuration` as it stands in zarr.json: `data_type` first, then the
    /// vectors' keys, their text unchanged.
    pub fn with_data_type(&self, data_type: DataType) -> String {
        let rest = self
            .json
            .get()
            .trim_start()
            .trim_start_matches('{')
            .trim_start();
        if rest.starts_with('}') {
            format!("{{\"data_type\":\"{data_type}\"}}")
        } else {
            format!("{{\"data_type\":\"{data_type}\",{rest}")
        }
    }
}

/// What a group is about, by family.
#[derive(Debug)]
pub enum GroupKind {
    /// Families `cast` and `scalar_map`: one (direction, array type, target type), its
    /// configurations in the vectors' order.
    Cast {
        array_data_type: DataType,
        data_type: DataType,
        configurations: Vec<Configuration>,
        fill_value: Box<RawValue>,
    },
    /// Family `chain`: the array -> array codecs, exactly as in zarr.json.
    Chain {
        array_data_type: DataType,
        codecs: Box<RawValue>,
        fill_value: Box<RawValue>,
        purpose: String,
    },
    /// Family `metadata`: a rule category; each case holds its own metadata.
    Metadata { category: String },
    /// Family `scalars`: JSON scalars of one data type.
    Scalars { data_type: DataType },
}

/// A group of cases that share their parameters.
#[derive(Debug)]
pub struct Group {
    pub family: Family,
    pub direction: Direction,
    /// The type of the inputs and of the results (cast, scalar_map, chain); None otherwise.
    pub input_type: Option<DataType>,
    pub output_type: Option<DataType>,
    pub kind: GroupKind,
    pub lines: Vec<Line>,
}

impl Group {
    /// The group's configurations (one, empty, for families without them).
    pub fn configurations(&self) -> &[Configuration] {
        match &self.kind {
            GroupKind::Cast { configurations, .. } => configurations,
            _ => &[],
        }
    }

    /// The number of results a line holds: one per configuration, or one.
    pub fn results_per_line(&self) -> usize {
        self.configurations().len().max(1)
    }

    /// The types a selection by data type looks at, as `cvc run --type` does: the input and
    /// output types; for metadata the array type and the first cast_value's data_type.
    pub(crate) fn involved_types<'a>(&'a self, line: &'a Line) -> Vec<&'a str> {
        match (&self.kind, &line.kind) {
            (GroupKind::Metadata { .. }, LineKind::Metadata { involved, .. }) => {
                involved.iter().map(String::as_str).collect()
            }
            (GroupKind::Scalars { data_type }, _) => vec![data_type.name()],
            _ => [self.input_type, self.output_type]
                .into_iter()
                .flatten()
                .map(|t| t.name())
                .collect(),
        }
    }
}

/// What a case line holds beyond its results, by family.
#[derive(Debug)]
pub enum LineKind {
    /// cast, scalar_map, chain: the input pattern, of the group's input type.
    Element {
        input: u64,
        /// chain only: the path of the codec that failed (informative).
        error_at: Option<String>,
    },
    /// metadata: the array metadata to validate, exactly as written.
    Metadata {
        array_data_type: Box<RawValue>,
        fill_value: Box<RawValue>,
        codecs: Box<RawValue>,
        rule: String,
        what: String,
        /// The names a type selection matches: the array type, the first cast_value data_type.
        involved: Vec<String>,
    },
    /// scalars: the JSON text of the scalar (numbers keep their digits).
    Scalar { json: String, what: String },
}

/// One line of a vector file: a case, with a result per configuration.
#[derive(Debug)]
pub struct Line {
    /// The file's own numbering (changes between versions: use `stable_id`).
    pub id: u64,
    /// The line's stable id as stored in the vectors.
    pub stable_id: String,
    pub kind: LineKind,
    /// One result per configuration of the group (the R-entry compression expanded), or one.
    pub results: Vec<Expected>,
    pub flags: Vec<String>,
    /// `FLAG=ALTERNATIVE`, the configuration index it applies to (0 without configurations),
    /// and the result under that reading; sorted by name as the harness tries them.
    pub alternatives: Vec<(String, usize, Expected)>,
    /// The oracle's message, where the vectors give one (informative).
    pub reason: Option<String>,
}

/// One case: a line under one configuration. What a test runs and compares.
#[derive(Clone, Copy, Debug)]
pub struct Case<'a> {
    /// The vector file's path inside the set (`cast/float64.json`).
    pub file: &'a str,
    pub group: &'a Group,
    pub line: &'a Line,
    /// The configuration's index in the group (0 for families without configurations).
    pub configuration_index: usize,
}

impl<'a> Case<'a> {
    pub fn family(&self) -> Family {
        self.group.family
    }

    pub fn direction(&self) -> Direction {
        self.group.direction
    }

    /// The case's stable id: the line's, plus "/" and the configuration's label for a cast
    /// (`cast/encode/float64/float16/0x3ff0000000000000/nearest-even/clamp`).
    pub fn stable_id(&self) -> Cow<'a, str> {
        match (self.group.family, self.configuration()) {
            (Family::Cast, Some(configuration)) => {
                Cow::Owned(format!("{}/{}", self.line.stable_id, configuration.label()))
            }
            _ => Cow::Borrowed(&self.line.stable_id),
        }
    }

    /// The cast_value configuration (cast, scalar_map).
    pub fn configuration(&self) -> Option<&'a Configuration> {
        self.group.configurations().get(self.configuration_index)
    }

    /// The input pattern (cast, scalar_map, chain).
    pub fn input(&self) -> Option<u64> {
        match self.line.kind {
            LineKind::Element { input, .. } => Some(input),
            _ => None,
        }
    }

    pub fn input_type(&self) -> Option<DataType> {
        self.group.input_type
    }

    /// The type the result's bits are in: the output type, or for scalars the group's type.
    pub fn output_type(&self) -> Option<DataType> {
        match self.group.kind {
            GroupKind::Scalars { data_type } => Some(data_type),
            _ => self.group.output_type,
        }
    }

    /// The expected result under the default readings.
    pub fn expected(&self) -> &'a Expected {
        &self.line.results[self.configuration_index]
    }

    /// The results of the alternative readings listed for this case, sorted by name.
    pub fn alternatives(&self) -> impl Iterator<Item = (&'a str, &'a Expected)> + 'a {
        let index = self.configuration_index;
        self.line
            .alternatives
            .iter()
            .filter(move |(_, k, _)| *k == index)
            .map(|(name, _, result)| (name.as_str(), result))
    }

    /// The array's data type (cast, scalar_map, chain).
    pub fn array_data_type(&self) -> Option<DataType> {
        match self.group.kind {
            GroupKind::Cast {
                array_data_type, ..
            }
            | GroupKind::Chain {
                array_data_type, ..
            } => Some(array_data_type),
            _ => None,
        }
    }

    /// The array's fill value in the Zarr fill value encoding, exactly as written (the
    /// group's, or a metadata case's own).
    pub fn fill_value(&self) -> Option<&'a RawValue> {
        match (&self.group.kind, &self.line.kind) {
            (GroupKind::Cast { fill_value, .. }, _) | (GroupKind::Chain { fill_value, .. }, _) => {
                Some(fill_value)
            }
            (_, LineKind::Metadata { fill_value, .. }) => Some(fill_value),
            _ => None,
        }
    }

    /// The whole cast_value codec as it stands in zarr.json (cast, scalar_map):
    /// `{"name":"cast_value","configuration":{"data_type":...,...}}`.
    pub fn codec_json(&self) -> Option<String> {
        match &self.group.kind {
            GroupKind::Cast { data_type, .. } => self.configuration().map(|configuration| {
                format!(
                    "{{\"name\":\"cast_value\",\"configuration\":{}}}",
                    configuration.with_data_type(*data_type)
                )
            }),
            _ => None,
        }
    }
}
