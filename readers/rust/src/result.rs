//! Expected results as the vectors write them, and an implementation's answers.

use crate::data_type::DataType;
use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;
use std::fmt;

/// A result in the vectors: `"0x..."` (a bit pattern), `"error:<kind>"` (cast and chain),
/// `"valid"` (metadata) or `"invalid"` (metadata, scalars: read as the error of kind "invalid").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// The output pattern, sub-byte types in the low bits.
    Bits(u64),
    /// An error; the kind (`nan`, `out_of_range`, ..., `invalid`) is informative: any refusal
    /// matches it.
    Error(String),
    /// Metadata an implementation must accept.
    Valid,
}

impl Expected {
    /// Reads one result text of the vectors.
    pub fn parse(text: &str) -> Result<Expected, String> {
        if let Some(hex) = text.strip_prefix("0x") {
            return parse_bits(hex).map(Expected::Bits).ok_or_else(|| {
                format!("{text:?} is not a bit pattern (0x and 1 to 16 lowercase hex digits)")
            });
        }
        if let Some(kind) = text.strip_prefix("error:") {
            if !kind.is_empty() {
                return Ok(Expected::Error(kind.to_string()));
            }
        }
        match text {
            "valid" => Ok(Expected::Valid),
            "invalid" => Ok(Expected::Error("invalid".to_string())),
            _ => Err(format!(
                "{text:?} is not a result (0x..., error:<kind>, valid or invalid)"
            )),
        }
    }

    pub fn is_error(&self) -> bool {
        matches!(self, Expected::Error(_))
    }
}

/// A bit pattern's hex digits (after "0x"): lowercase, 1 to 16 digits.
pub(crate) fn parse_bits(hex: &str) -> Option<u64> {
    let lowercase = hex
        .bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if hex.is_empty() || hex.len() > 16 || !lowercase {
        return None;
    }
    u64::from_str_radix(hex, 16).ok()
}

/// A pattern as the vectors write it: "0x" and two digits per storage byte of `data_type`.
pub fn pattern_text(bits: u64, data_type: Option<DataType>) -> String {
    let digits = data_type.map_or(1, |t| 2 * t.bytes());
    format!("0x{bits:0digits$x}")
}

impl Expected {
    /// The result as the vectors write it, the pattern at the width of `output_type`.
    pub fn text(&self, output_type: Option<DataType>) -> String {
        match self {
            Expected::Bits(bits) => pattern_text(*bits, output_type),
            other => other.to_string(),
        }
    }
}

impl Answer {
    /// The answer in the vectors' notation, the pattern at the width of `output_type`.
    pub fn text(&self, output_type: Option<DataType>) -> String {
        match self {
            Answer::Bits(bits) => pattern_text(*bits, output_type),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Bits(bits) => write!(f, "0x{bits:x}"),
            Expected::Error(kind) => write!(f, "error:{kind}"),
            Expected::Valid => f.write_str("valid"),
        }
    }
}

impl<'de> Deserialize<'de> for Expected {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ResultText;
        impl Visitor<'_> for ResultText {
            type Value = Expected;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a result string (0x..., error:<kind>, valid or invalid)")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Expected, E> {
                Expected::parse(text).map_err(E::custom)
            }
        }
        deserializer.deserialize_str(ResultText)
    }
}

/// What the implementation under test gave for a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// An output pattern (a cast's or a chain's element, the pattern a scalar denotes).
    Bits(u64),
    /// The implementation refused: the cast raised for this element, it rejected the metadata,
    /// or the scalar is invalid for it.
    Error,
    /// It accepted the metadata.
    Valid,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Bits(bits) => write!(f, "0x{bits:x}"),
            Answer::Error => f.write_str("error"),
            Answer::Valid => f.write_str("valid"),
        }
    }
}
