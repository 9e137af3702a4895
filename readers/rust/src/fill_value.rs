//! A group's `fill_value` is a fill value of its array's data type, as the Zarr v3 core spec
//! encodes one: an integer type's is a JSON integer within the type's range; a floating point
//! type's is a JSON number, "NaN", "Infinity", "-Infinity" or the "0x" hex form of its bits.
//! (`cvc verify-vectors` checks the same; anything else would reach an implementation as
//! metadata no conforming reader accepts.)

use crate::data_type::DataType;
use crate::result::parse_bits;
use serde_json::value::RawValue;

/// Ok when `fill` (exact JSON text) is a fill value of `data_type`; otherwise what is wrong.
pub(crate) fn check_fill_value(fill: &RawValue, data_type: DataType) -> Result<(), String> {
    let text = fill.get().trim();
    let problem = if data_type.is_float() {
        float_problem(text, data_type)
    } else {
        integer_problem(text, data_type)
    };
    match problem {
        None => Ok(()),
        Some(what) => Err(format!(
            "\"fill_value\" {} is not a fill value of {data_type}: {what}",
            shortened(text)
        )),
    }
}

fn shortened(text: &str) -> String {
    if text.chars().count() > 40 {
        text.chars().take(40).collect::<String>() + "..."
    } else {
        text.to_string()
    }
}

fn integer_problem(text: &str, data_type: DataType) -> Option<&'static str> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Some("an integer type's fill value is a JSON integer");
    }
    let bits = data_type.bits();
    let (low, high) = if data_type.name().starts_with("uint") {
        (0i128, (1i128 << bits) - 1)
    } else {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    };
    match text.parse::<i128>() {
        Ok(value) if (low..=high).contains(&value) => None,
        _ => Some("out of the type's range"),
    }
}

fn float_problem(text: &str, data_type: DataType) -> Option<&'static str> {
    // The text is JSON already checked: a number starts with '-' or a digit, a string with '"'.
    if text.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
        return None;
    }
    let Ok(string) = serde_json::from_str::<String>(text) else {
        return Some(
            "a floating point fill value is a number, \"NaN\", \"Infinity\", \"-Infinity\" or \"0x\" hex",
        );
    };
    if matches!(string.as_str(), "NaN" | "Infinity" | "-Infinity") {
        return None;
    }
    let fits = string.strip_prefix("0x").is_some_and(|hex| {
        hex.len() == 2 * data_type.bytes()
            && parse_bits(hex).is_some_and(|bits| bits <= data_type.mask())
    });
    (!fits).then_some(
        "a string fill value is \"NaN\", \"Infinity\", \"-Infinity\" or \"0x\" and two hex digits a byte of the type",
    )
}

#[cfg(test)]
mod tests {
    use super::check_fill_value;
    use crate::data_type::DataType;
    use serde_json::value::RawValue;

    fn verdict(text: &str, type_name: &str) -> bool {
        let raw = RawValue::from_string(text.to_string()).unwrap();
        check_fill_value(&raw, DataType::from_name(type_name).unwrap()).is_ok()
    }

    #[test]
    fn fill_values_of_each_kind_of_type() {
        for (text, type_name) in [
            ("0", "int2"),
            ("-2", "int2"),
            ("1", "int2"),
            ("255", "uint8"),
            ("-128", "int8"),
            ("18446744073709551615", "uint64"),
            ("0", "float16"),
            ("273.15", "float64"),
            ("1e400", "float32"),
            ("\"NaN\"", "float32"),
            ("\"-Infinity\"", "float64"),
            ("\"0x7e00\"", "float16"),
            ("\"0x0f\"", "float4_e2m1fn"),
        ] {
            assert!(
                verdict(text, type_name),
                "{text} is a {type_name} fill value"
            );
        }
        for (text, type_name) in [
            ("\"zzz\"", "int2"),
            ("2", "int2"),
            ("-3", "int2"),
            ("256", "uint8"),
            ("-1", "uint8"),
            ("1.5", "int8"),
            ("1e2", "int8"),
            ("\"0x01\"", "int8"),
            ("true", "int8"),
            ("null", "float32"),
            ("\"nan\"", "float32"),
            ("\"0x7e0\"", "float16"),
            ("\"0x1f\"", "float4_e2m1fn"),
            ("[0]", "float64"),
            ("{}", "float64"),
        ] {
            assert!(
                !verdict(text, type_name),
                "{text} is not a {type_name} fill value"
            );
        }
    }
}
