//! The crate on a small vector set written here: R-entry expansion, stable ids, the comparison
//! rules, selections, expected failures, and the refusals (a file that is not the manifest's, a
//! case without a stable id, a wrong number_of_cases).

use cast_value_vectors::*;
use std::path::{Path, PathBuf};

const CONFIGURATIONS: &str = r#"[{"rounding":"nearest-even"},{"out_of_range":"clamp","rounding":"nearest-even"},{"rounding":"towards-zero"},{"out_of_range":"clamp","rounding":"towards-zero"},{"rounding":"towards-positive"},{"out_of_range":"clamp","rounding":"towards-positive"},{"rounding":"towards-negative"},{"out_of_range":"clamp","rounding":"towards-negative"},{"rounding":"nearest-away"},{"out_of_range":"clamp","rounding":"nearest-away"}]"#;

fn cast_file(number_of_cases: u32, nan_line_stable_id: &str) -> String {
    format!(
        r#"{{"schema":"cast-value-vectors","schema_version":1,"family":"cast","number_of_cases":{number_of_cases},"groups":[
{{"direction":"encode","array_data_type":"float64","data_type":"float16","input_type":"float64","output_type":"float16","fill_value":0,"configurations":{CONFIGURATIONS},"cases":[
{{"id":1,{nan_line_stable_id}"input":"0x7ff8000000000000","results":["0x7e00","0x7e01"]}},
{{"id":2,"stable_id":"cast/encode/float64/float16/0x40effdffffffffff","input":"0x40effdffffffffff","results":["0x7bff","0x7bff","0x7bff","0x7bff","error:out_of_range","0x7c00","0x7bff","0x7bff","0x7bff","0x7bff"],"flags":["DirectedOverflow"],"alternatives":{{"DirectedOverflow=x":{{"4":"0x7bff"}}}}}}
]}}]}}
"#
    )
}

const METADATA: &str = r#"{"schema":"cast-value-vectors","schema_version":1,"family":"metadata","number_of_cases":2,"groups":[{"category":"fill value round trip","cases":[
{"id":1,"stable_id":"metadata/fill_huge/aaaaaaaaaaaa","result":"invalid","array_data_type":{"name":"float32"},"codecs":[{"configuration":{"data_type":"int8"},"name":"cast_value"}],"fill_value":1e400,"rule":"fill_huge","alternatives":{"F=x":"valid"}},
{"id":2,"stable_id":"metadata/fill_null/bbbbbbbbbbbb","result":"invalid","array_data_type":"bool","codecs":[],"fill_value":null,"rule":"fill_null"}
]}]}
"#;

/// A vector folder holding `files`, with a manifest that lists them as they are.
fn vector_set(name: &str, files: &[(&str, String)]) -> PathBuf {
    let root = std::env::temp_dir().join(format!(
        "cast-value-vectors-test-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&root);
    let mut listed = Vec::new();
    for (path, text) in files {
        let at = root.join(path);
        std::fs::create_dir_all(at.parent().unwrap()).unwrap();
        std::fs::write(&at, text).unwrap();
        listed.push(format!(
            r#"{{"bytes":{},"path":"{path}","sha256":"{}"}}"#,
            text.len(),
            sha256_hex(text.as_bytes())
        ));
    }
    let manifest = format!(
        r#"{{"schema":"cast-value-vectors-manifest","schema_version":1,"vectors_version":"9.9.9","files":[{}]}}"#,
        listed.join(",")
    );
    std::fs::write(root.join("manifest.json"), manifest).unwrap();
    root
}

fn good_set(name: &str) -> PathBuf {
    let id = r#""stable_id":"cast/encode/float64/float16/0x7ff8000000000000","#;
    vector_set(
        name,
        &[
            ("cast/float64.json", cast_file(20, id)),
            ("metadata.json", METADATA.to_string()),
        ],
    )
}

fn open(root: &Path) -> VectorSet {
    VectorSet::open(root).unwrap()
}

#[test]
fn results_expand_and_cases_carry_their_stable_ids() {
    let set = open(&good_set("expand"));
    let selected = set.select(&Selection::all().family(Family::Cast)).unwrap();
    let cases: Vec<Case> = selected.cases().collect();
    assert_eq!(cases.len(), 20);
    // Two results for ten configurations: results[j] holds for configurations j, j+2, ...
    assert_eq!(cases[1].expected(), &Expected::Bits(0x7e01));
    assert_eq!(cases[4].expected(), &Expected::Bits(0x7e00));
    assert_eq!(
        cases[5].stable_id(),
        "cast/encode/float64/float16/0x7ff8000000000000/towards-positive/clamp"
    );
    assert_eq!(
        cases[14].expected(),
        &Expected::Error("out_of_range".into())
    );
    assert_eq!(
        cases[14].codec_json().unwrap(),
        r#"{"name":"cast_value","configuration":{"data_type":"float16","rounding":"towards-positive"}}"#
    );
    assert_eq!(
        cases[14].alternatives().collect::<Vec<_>>(),
        vec![("DirectedOverflow=x", &Expected::Bits(0x7bff))]
    );
    assert_eq!(cases[15].alternatives().count(), 0);
}

#[test]
fn comparison_follows_the_harness_rules() {
    let set = open(&good_set("compare"));
    let selected = set.select(&Selection::all().family(Family::Cast)).unwrap();
    let cases: Vec<Case> = selected.cases().collect();
    // Any NaN matches any NaN, whatever its sign and payload; a non-NaN does not.
    assert_eq!(compare(&cases[0], &Answer::Bits(0xfe01)), Outcome::Pass);
    assert_eq!(compare(&cases[0], &Answer::Bits(0x7c00)), Outcome::Fail);
    assert_eq!(compare(&cases[0], &Answer::Error), Outcome::Fail);
    // Bit for bit otherwise; any refusal matches an expected error.
    assert_eq!(compare(&cases[10], &Answer::Bits(0x7bff)), Outcome::Pass);
    assert_eq!(compare(&cases[10], &Answer::Bits(0x7bfe)), Outcome::Fail);
    assert_eq!(compare(&cases[14], &Answer::Error), Outcome::Pass);
    // The alternative reading's result is a divergence, in its configuration only.
    assert_eq!(
        compare(&cases[14], &Answer::Bits(0x7bff)),
        Outcome::Divergence("DirectedOverflow=x".into())
    );
    assert_eq!(compare(&cases[15], &Answer::Error), Outcome::Fail);
    // Metadata: valid / invalid, with alternatives.
    let metadata = set
        .select(&Selection::all().family(Family::Metadata))
        .unwrap();
    let cases: Vec<Case> = metadata.cases().collect();
    assert_eq!(compare(&cases[0], &Answer::Error), Outcome::Pass);
    assert_eq!(
        compare(&cases[0], &Answer::Valid),
        Outcome::Divergence("F=x".into())
    );
    assert_eq!(compare(&cases[1], &Answer::Valid), Outcome::Fail);
}

#[test]
fn metadata_keeps_the_exact_json() {
    let set = open(&good_set("exact"));
    let metadata = set
        .select(&Selection::all().family(Family::Metadata))
        .unwrap();
    let fills: Vec<&str> = metadata
        .cases()
        .map(|c| c.fill_value().unwrap().get())
        .collect();
    assert_eq!(fills, ["1e400", "null"]);
    // The type selection reads {"name": ...} and the first cast_value's data_type.
    let int8 = DataType::from_name("int8").unwrap();
    let by_type = set
        .select(&Selection::all().family(Family::Metadata).data_type(int8))
        .unwrap();
    assert_eq!(by_type.cases().count(), 1);
}

#[test]
fn selections() {
    let set = open(&good_set("select"));
    let count = |selection: Selection| set.select(&selection).unwrap().cases().count();
    assert_eq!(count(Selection::all()), 22);
    assert_eq!(count(Selection::all().rounding(Rounding::NearestEven)), 4);
    assert_eq!(count(Selection::all().direction(Direction::Decode)), 0);
    assert_eq!(count(Selection::all().direction(Direction::Validate)), 2);
    assert_eq!(
        count(Selection::all().data_type(DataType::from_name("float16").unwrap())),
        20
    );
    assert_eq!(
        count(Selection::all().data_type(DataType::from_name("uint8").unwrap())),
        0
    );
}

#[test]
fn tally_counts_and_expected_failures() {
    let set = open(&good_set("tally"));
    let unknown = ExpectedFailures::new(
        &set,
        ["cast/encode/float64/float16/0x0000000000000000/nearest-even"],
    );
    assert!(
        unknown.unwrap_err().message().contains("name no case"),
        "an unknown id is refused"
    );
    let listed = ExpectedFailures::new(
        &set,
        [
            "cast/encode/float64/float16/0x7ff8000000000000/nearest-even",
            "cast/encode/float64/float16/0x40effdffffffffff/nearest-even",
        ],
    )
    .unwrap();
    let selected = set.select(&Selection::all().family(Family::Cast)).unwrap();
    let mut tally = Tally::new(listed);
    for case in selected.cases() {
        let line_1 = case.line.id == 1;
        let answer = match case.configuration_index {
            // Listed: line 1 fails (an expected failure), line 2 passes (an unexpected pass).
            0 => Some(Answer::Bits(if line_1 { 0x0000 } else { 0x7bff })),
            1 => Some(Answer::Bits(0x1234)), // two failures
            2 => None,                       // two unsupported
            // Line 2 expects an error in configuration 4 (its alternative: a divergence) and
            // 0x7c00 in configuration 5 (a failure); every other answer passes.
            _ => Some(Answer::Bits(if line_1 { 0x7e00 } else { 0x7bff })),
        };
        tally.record(&case, answer.as_ref());
    }
    let counts = tally.counts();
    let got = (
        counts.cases,
        counts.pass,
        counts.divergence,
        counts.fail,
        counts.expected_failure,
    );
    assert_eq!(got, (20, 12, 1, 3, 1), "{tally}");
    assert_eq!(
        (counts.unexpected_pass, counts.unsupported),
        (1, 2),
        "{tally}"
    );
    assert!(!counts.ok(false));
    assert_eq!(
        counts.to_json()["divergence_flags"]["DirectedOverflow=x"],
        1
    );
    assert!(tally.to_string().starts_with("cases 20: pass"));
}

#[test]
fn a_file_that_is_not_the_manifests_is_refused() {
    let root = good_set("tampered");
    let path = root.join("cast/float64.json");
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("0x7bff", "0x7bfe");
    std::fs::write(&path, text).unwrap();
    let error = VectorSet::open(&root).unwrap_err();
    assert!(error.message().contains("SHA-256"), "{error}");
}

#[test]
fn a_case_without_a_stable_id_is_refused() {
    let root = vector_set("no-id", &[("cast/float64.json", cast_file(20, ""))]);
    let error = open(&root).select(&Selection::all()).unwrap_err();
    assert!(error.message().contains("no \"stable_id\""), "{error}");
}

#[test]
fn a_wrong_stable_id_is_refused() {
    let id = r#""stable_id":"cast/encode/float64/float16/0x7ff8000000000001","#;
    let root = vector_set("wrong-id", &[("cast/float64.json", cast_file(20, id))]);
    let error = open(&root).select(&Selection::all()).unwrap_err();
    assert!(error.message().contains("is not the defined"), "{error}");
}

#[test]
fn a_wrong_number_of_cases_is_refused() {
    let id = r#""stable_id":"cast/encode/float64/float16/0x7ff8000000000000","#;
    let root = vector_set("count", &[("cast/float64.json", cast_file(19, id))]);
    let error = open(&root).select(&Selection::all()).unwrap_err();
    assert!(
        error
            .message()
            .contains("number_of_cases is 19 but the groups hold 20"),
        "{error}"
    );
}
