//! The comparison, exactly as `cvc run` judges an answer (harness/run/runner.cpp,
//! `result_matches` and the alternatives loop): a pattern must match bit for bit, except that
//! any NaN matches any NaN; any refusal matches an expected error; an answer that differs from
//! the expected result but equals an alternative reading's is a divergence named by the first
//! such flag in name order; anything else fails.

use crate::data_type::DataType;
use crate::model::Case;
use crate::result::{Answer, Expected};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Pass,
    /// The result of the alternative reading `FLAG=ALTERNATIVE`: not a pass, not a failure
    /// (a failure under `--strict`).
    Divergence(String),
    Fail,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Pass => f.write_str("pass"),
            Outcome::Divergence(flag) => write!(f, "divergence ({flag})"),
            Outcome::Fail => f.write_str("fail"),
        }
    }
}

/// Whether `answer` gives `expected`, the output being of `output_type` (None: no NaN).
pub fn matches(expected: &Expected, answer: &Answer, output_type: Option<DataType>) -> bool {
    match (expected, answer) {
        (Expected::Error(_), Answer::Error) | (Expected::Valid, Answer::Valid) => true,
        (Expected::Bits(want), Answer::Bits(got)) => {
            want == got
                || output_type.is_some_and(|t| t.has_nan() && t.is_nan(*want) && t.is_nan(*got))
        }
        _ => false,
    }
}

/// The outcome of `answer` for `case`.
pub fn compare(case: &Case, answer: &Answer) -> Outcome {
    let output_type = case.output_type();
    if matches(case.expected(), answer, output_type) {
        return Outcome::Pass;
    }
    case.alternatives()
        .find(|(_, result)| matches(result, answer, output_type))
        .map_or(Outcome::Fail, |(name, _)| {
            Outcome::Divergence(name.to_string())
        })
}
