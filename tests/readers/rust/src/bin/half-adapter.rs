//! An adapter (harness/protocol/PROTOCOL.md, protocol 2) around the conversion of src/lib.rs, so
//! that `cvc run` judges exactly what the cargo test judges through the reader crate. It
//! declares only what the conversion does: float16 and float64, encode and decode, nearest-even,
//! out_of_range absent or clamp, no scalar_map, no identity casts.

use cast_value_vectors::{OutOfRange, Rounding};
use cast_value_vectors_agreement::{convert, data_types, supports};
use serde::Deserialize;
use serde_json::json;
use std::io::{self, BufRead, Write};

#[derive(Deserialize)]
struct Request {
    cmd: String,
    id: Option<u64>,
    max_protocol: Option<u64>,
    direction: Option<String>,
    array_data_type: Option<String>,
    codec: Option<Codec>,
    count: Option<usize>,
    elements: Option<String>,
}

#[derive(Deserialize)]
struct Codec {
    configuration: CodecConfiguration,
}

#[derive(Deserialize)]
struct CodecConfiguration {
    data_type: String,
    rounding: Option<String>,
    out_of_range: Option<String>,
    scalar_map: Option<serde::de::IgnoredAny>,
}

fn hello(max_protocol: u64) -> serde_json::Value {
    let types: Vec<&str> = data_types().iter().map(|t| t.name()).collect();
    let mut answer = json!({
        "protocol": if max_protocol >= 2 { 2 } else { 1 },
        "implementation": {"name": "half f16::from_f64 (reader agreement test)", "version": "2.7.1", "language": "rust"},
        "data_types": types,
        "operations": ["encode", "decode"],
        "notes": "tests/readers/rust: half 2.7.1 float64 <-> float16, nearest-even only, out_of_range absent or clamp",
        "environment": {"half": "2.7.1"},
    });
    if max_protocol >= 2 {
        let rule = json!({"rounding": ["nearest-even"], "out_of_range": ["absent", "clamp"], "scalar_map": false});
        let identity: Vec<_> = ["encode", "decode"]
            .iter()
            .flat_map(|d| {
                types
                    .iter()
                    .map(move |t| json!({"direction": d, "input": t, "output": t}))
            })
            .collect();
        answer["capabilities"] = json!({"encode": rule, "decode": rule, "missing_pairs": identity});
    }
    answer
}

fn hex_bytes(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

fn cast(request: &Request) -> Result<serde_json::Value, String> {
    let (Some(direction), Some(array), Some(codec), Some(count), Some(elements)) = (
        request.direction.as_deref(),
        request.array_data_type.as_deref(),
        request.codec.as_ref(),
        request.count,
        request.elements.as_deref(),
    ) else {
        return Err(
            "a cast request without direction, array_data_type, codec, count or elements".into(),
        );
    };
    let configuration = &codec.configuration;
    let (input, output) = match direction {
        "encode" => (array, configuration.data_type.as_str()),
        _ => (configuration.data_type.as_str(), array),
    };
    let rounding = Rounding::from_name(configuration.rounding.as_deref().unwrap_or("nearest-even"));
    let out_of_range = configuration
        .out_of_range
        .as_deref()
        .map(OutOfRange::from_name);
    let (Some(rounding), Some(out_of_range)) =
        (rounding, out_of_range.map_or(Some(None), |r| r.map(Some)))
    else {
        return Ok(
            json!({"status": "unsupported", "message": "an unknown rounding or out_of_range"}),
        );
    };
    if configuration.scalar_map.is_some() || !supports(input, output, rounding, out_of_range) {
        return Ok(
            json!({"status": "unsupported", "message": format!("{direction} {input} -> {output} under {rounding}: not what this conversion does")}),
        );
    }
    let width = if input == "float64" { 8 } else { 2 };
    let bytes = hex_bytes(elements)
        .filter(|b| b.len() == count * width)
        .ok_or("elements are not count elements of lowercase hex")?;
    let clamp = out_of_range == Some(OutOfRange::Clamp);
    let mut out = String::new();
    let mut failed = Vec::new();
    for (i, element) in bytes.chunks_exact(width).enumerate() {
        let bits = element
            .iter()
            .rev()
            .fold(0u64, |acc, b| acc << 8 | *b as u64);
        let result = convert(input, bits, clamp).unwrap_or_else(|| {
            failed.push(i);
            0
        });
        let out_width = if output == "float64" { 8 } else { 2 };
        for byte in &result.to_le_bytes()[..out_width] {
            out.push_str(&format!("{byte:02x}"));
        }
    }
    Ok(json!({"status": "ok", "elements": out, "failed": failed}))
}

fn main() {
    let stdin = io::stdin();
    let mut stdout = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let answer = match serde_json::from_str::<Request>(&line) {
            Err(e) => json!({"status": "error", "message": format!("unreadable request: {e}")}),
            Ok(request) => match request.cmd.as_str() {
                "bye" => break,
                "hello" => hello(request.max_protocol.unwrap_or(1)),
                "cast" => {
                    let mut answer = cast(&request)
                        .unwrap_or_else(|message| json!({"status": "error", "message": message}));
                    answer["id"] = json!(request.id);
                    answer
                }
                other => {
                    json!({"id": request.id, "status": "unsupported", "message": format!("{other} is not an operation of this adapter")})
                }
            },
        };
        // One line, flushed: the harness waits for nothing else.
        if writeln!(stdout, "{answer}")
            .and_then(|()| stdout.flush())
            .is_err()
        {
            break;
        }
    }
}
