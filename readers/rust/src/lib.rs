//! Reader of the cast_value conformance vectors (the `cast-value-vectors` format, version 1):
//! typed cases, the harness's comparison rules, an expected-failure list keyed by stable id,
//! and counts. See README.md for a `cargo test` example.

mod compare;
mod data_type;
mod fill_value;
mod folder;
mod identity;
mod input_file;
mod json_check;
mod manifest;
mod model;
mod names;
mod raw;
mod result;
mod selection;
mod sha256;
mod tally;
mod vector_set;

pub use compare::{compare, matches, Outcome};
pub use data_type::{DataType, DATA_TYPES};
pub use identity::{Differences, Identity};
pub use input_file::DEFAULT_MAX_FILE_BYTES;
pub use json_check::MAX_JSON_DEPTH;
pub use model::{Case, Configuration, Group, GroupKind, Line, LineKind};
pub use names::{Direction, Family, OutOfRange, Rounding};
pub use raw::VectorFile;
pub use result::{pattern_text, Answer, Expected};
pub use selection::Selection;
pub use sha256::sha256_hex;
pub use tally::{Counts, ExpectedFailures, Tally, Verdict};
pub use vector_set::{Selected, VectorSet, Verified};

use std::fmt;

/// Bad vectors or a bad argument, with what is wrong and where (the file, and where the parser
/// knows it the line). Every refusal of the input contract (docs/input-contract.md) is one of
/// these: the crate does not panic on any input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    message: String,
}

impl Error {
    pub(crate) fn new(message: impl Into<String>) -> Error {
        Error {
            message: message.into(),
        }
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}
