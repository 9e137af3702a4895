//! The conversion under test, shared by the adapter (src/bin/half-adapter.rs) and the cargo
//! test through the reader crate (tests/agreement.rs): the `half` crate's float64 <-> float16.
//!
//! float64 -> float16 is `f16::from_f64` (finding 1's mechanism: through float32 on x86 with
//! F16C), which has nearest-even only, with the spec's out_of_range rules on top: a finite
//! input that converts to an infinity is out of range, an error without `out_of_range`, and
//! under `clamp` the infinity itself (float16 has one: the oracle's clamp too). float16 -> float64 is `f16::to_f64` (exact,
//! so it is the same under every rounding mode; it is declared for nearest-even alone, like the
//! other direction, because the protocol declares rounding per direction).

use cast_value_vectors::{Answer, Case, DataType, OutOfRange, Rounding};
use half::f16;

/// What the conversion can express: the cast's input and output types and its rule.
pub fn supports(
    input: &str,
    output: &str,
    rounding: Rounding,
    out_of_range: Option<OutOfRange>,
) -> bool {
    let pair = matches!(
        (input, output),
        ("float64", "float16") | ("float16", "float64")
    );
    pair && rounding == Rounding::NearestEven && out_of_range != Some(OutOfRange::Wrap)
}

/// The result of casting `bits` of `input` into `output`; None: the element is refused.
pub fn convert(input: &str, bits: u64, clamp: bool) -> Option<u64> {
    if input == "float16" {
        return Some(f16::from_bits(bits as u16).to_f64().to_bits());
    }
    let value = f64::from_bits(bits);
    let converted = f16::from_f64(value);
    if converted.is_infinite() && value.is_finite() && !clamp {
        return None;
    }
    Some(converted.to_bits() as u64)
}

/// The implementation's answer for a case of the vectors, None where it cannot express it.
pub fn answer(case: &Case) -> Option<Answer> {
    let (input, output) = (case.input_type()?, case.output_type()?);
    let configuration = case.configuration()?;
    if configuration.scalar_map
        || !supports(
            input.name(),
            output.name(),
            configuration.rounding,
            configuration.out_of_range,
        )
    {
        return None;
    }
    let clamp = configuration.out_of_range == Some(OutOfRange::Clamp);
    Some(convert(input.name(), case.input()?, clamp).map_or(Answer::Error, Answer::Bits))
}

/// The types the conversion handles (the adapter's hello).
pub fn data_types() -> [DataType; 2] {
    [
        DataType::from_name("float16").expect("a type"),
        DataType::from_name("float64").expect("a type"),
    ]
}
