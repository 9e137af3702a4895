//! The agreement test (issue 24, item 4): half's float64 <-> float16 conversion judged through
//! the reader crate gives exactly the pass / divergence / fail / unsupported counts that
//! `cvc run` gives the same conversion, behind the adapter of src/bin/half-adapter.rs, on the
//! same selection (family cast, every case involving float64 or float16).
//!
//! Environment: CVC_VECTORS, the vector folder (default: the repository's vectors/); CVC, the
//! cvc binary (default: the repository's build/cvc).
//!
//! The teeth: readers with a planted bug (one that drops a case, one whose NaN does not match
//! another NaN) must not agree; each is a test below.

use cast_value_vectors::{
    compare, Answer, Case, Counts, DataType, Expected, Outcome, Selection, Tally, VectorSet,
};
use cast_value_vectors::{ExpectedFailures, Family, Selected};
use cast_value_vectors_agreement::answer;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

fn from_env(name: &str, default: PathBuf) -> PathBuf {
    std::env::var_os(name).map_or(default, PathBuf::from)
}

fn selection() -> Selection {
    let [float16, float64] =
        ["float16", "float64"].map(|name| DataType::from_name(name).expect("a type"));
    Selection::all()
        .family(Family::Cast)
        .data_type(float64)
        .data_type(float16)
}

struct Fixture {
    set: VectorSet,
    selected: Selected,
    /// `cvc run`'s totals on the same selection.
    harness: serde_json::Value,
}

/// The vectors and `cvc run`'s report, once for every test of this file.
fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let vectors = from_env("CVC_VECTORS", repository().join("vectors"));
        let cvc = from_env("CVC", repository().join("build/cvc"));
        let set = VectorSet::open(&vectors)
            .unwrap_or_else(|e| panic!("CVC_VECTORS={}: {e}", vectors.display()));
        let selected = set.select(&selection()).expect("the selection reads");
        let report = std::env::temp_dir().join(format!(
            "cvc-rust-reader-agreement-{}.json",
            std::process::id()
        ));
        let adapter = env!("CARGO_BIN_EXE_half-adapter");
        let run = Command::new(&cvc)
            .args(["run", "--impl", &format!("'{adapter}'"), "--vectors"])
            .arg(&vectors)
            .args([
                "--family",
                "cast",
                "--type",
                "float64",
                "--type",
                "float16",
                "--failures",
                "0",
                "--json",
            ])
            .arg(&report)
            .output()
            .unwrap_or_else(|e| {
                panic!(
                    "CVC={}: cannot run it ({e}); set CVC to the cvc binary",
                    cvc.display()
                )
            });
        // 0: nothing failed, 1: failures (half's double rounding fails cases); anything else is
        // no verdict.
        assert!(
            matches!(run.status.code(), Some(0 | 1)),
            "cvc run exited {:?}: {}",
            run.status.code(),
            String::from_utf8_lossy(&run.stderr)
        );
        let text = std::fs::read_to_string(&report).expect("cvc run wrote its JSON report");
        let _ = std::fs::remove_file(&report);
        let parsed: serde_json::Value = serde_json::from_str(&text).expect("the report is JSON");
        Fixture {
            set,
            selected,
            harness: parsed["totals"].clone(),
        }
    })
}

/// The reader's counts equal the harness's, count by count; Err names the first that differs.
fn agree(reader: &Counts, harness: &serde_json::Value) -> Result<(), String> {
    let pairs = [
        ("cases", reader.cases),
        ("pass", reader.pass),
        ("divergence", reader.divergence),
        ("fail", reader.fail),
        ("unsupported", reader.unsupported),
        ("adapter_error", 0),
    ];
    for (name, count) in pairs {
        let theirs = harness[name]
            .as_u64()
            .ok_or_else(|| format!("the report has no totals.{name}"))?;
        if theirs != count {
            return Err(format!("{name}: the reader counts {count}, cvc run {theirs} (reader: {reader}; cvc run: {harness})"));
        }
    }
    Ok(())
}

/// Counts of a reader whose comparison is `judge` over the cases `cases`.
fn counts_of<'a>(
    cases: impl Iterator<Item = Case<'a>>,
    judge: impl Fn(&Case, &Answer) -> Outcome,
) -> Counts {
    let mut counts = Counts::default();
    for case in cases {
        counts.cases += 1;
        match answer(&case).map(|a| judge(&case, &a)) {
            None => counts.unsupported += 1,
            Some(Outcome::Pass) => counts.pass += 1,
            Some(Outcome::Divergence(_)) => counts.divergence += 1,
            Some(Outcome::Fail) => counts.fail += 1,
        }
    }
    counts
}

#[test]
fn reader_agrees_with_cvc_run() {
    let fixture = fixture();
    let mut tally = Tally::new(ExpectedFailures::none());
    for case in fixture.selected.cases() {
        tally.record(&case, answer(&case).as_ref());
    }
    let counts = tally.counts();
    println!(
        "{}: family cast, cases involving float64 or float16",
        fixture.set.describe()
    );
    println!("reader:  {counts}");
    println!("cvc run: {}", fixture.harness);
    agree(counts, &fixture.harness).unwrap();
    // Finding 1 is there: half's double rounding fails cases, and the others were compared.
    assert!(counts.fail > 0 && counts.pass > 0, "{tally}");
}

#[test]
fn a_reader_that_drops_a_case_disagrees() {
    let fixture = fixture();
    let dropping = counts_of(fixture.selected.cases().skip(1), compare);
    assert!(
        agree(&dropping, &fixture.harness).is_err(),
        "a reader that drops a case agreed: {dropping}"
    );
}

#[test]
fn a_reader_whose_nan_matches_no_other_nan_disagrees() {
    let fixture = fixture();
    // The planted bug: bit-for-bit comparison of NaNs.
    let exact_nan = |case: &Case, given: &Answer| match (case.expected(), given) {
        (Expected::Bits(want), Answer::Bits(got)) if want != got => {
            let alternative = case
                .alternatives()
                .find(|(_, r)| **r == Expected::Bits(*got));
            alternative.map_or(Outcome::Fail, |(name, _)| {
                Outcome::Divergence(name.to_string())
            })
        }
        _ => compare(case, given),
    };
    let mutant = counts_of(fixture.selected.cases(), exact_nan);
    assert!(
        agree(&mutant, &fixture.harness).is_err(),
        "a reader whose NaN matches only the same NaN agreed: {mutant}"
    );
}

#[test]
fn an_unknown_expected_failure_is_refused_and_a_listed_one_counted() {
    let fixture = fixture();
    let unknown = ExpectedFailures::new(
        &fixture.set,
        ["cast/encode/float64/float16/0x0123/nearest-even"],
    );
    assert!(unknown.unwrap_err().message().contains("name no case"));
    // Finding 1's reproducer, listed: an expected failure, not a failure.
    let id = "cast/encode/float64/float16/0x3feffdffffffffff/nearest-even";
    let listed = ExpectedFailures::new(&fixture.set, [id]).expect("a case of the vectors");
    let mut tally = Tally::new(listed);
    let case = fixture
        .selected
        .cases()
        .find(|c| c.stable_id() == id)
        .expect("the reproducer is selected");
    assert_eq!(
        answer(&case),
        Some(Answer::Bits(0x3c00)),
        "half's f16::from_f64 rounds through float32"
    );
    assert_eq!(
        tally.record(&case, answer(&case).as_ref()),
        cast_value_vectors::Verdict::ExpectedFailure
    );
}
