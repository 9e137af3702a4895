//! The crate on small vector sets written here: R-entry expansion, stable ids, the comparison
//! rules, selections, expected failures, and the refusals (a file that is not the manifest's, a
//! case without a stable id, a wrong number_of_cases), then the input contract
//! (docs/input-contract.md): links, FIFOs, sockets and huge files refused unread, the manifest
//! strictly validated, JSON checked, stable ids unique across the set, an empty selection an
//! error, the coverage of a verdict, a modified set called modified.

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
    assert_eq!(count(Selection::all().direction(Direction::Validate)), 2);
    assert_eq!(
        count(Selection::all().data_type(DataType::from_name("float16").unwrap())),
        20
    );
    // A selection that takes nothing is an error (a_selection_that_matches_nothing_...).
    let uint8 = Selection::all().data_type(DataType::from_name("uint8").unwrap());
    assert!(set.select(&uint8).is_err());
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
    assert!(
        tally
            .to_string()
            .starts_with("FAIL: 18 of 20 selected cases compared (90.0%), 2 unsupported"),
        "{tally}"
    );
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
    // A modified set is read whole when opened: the refusal comes from open.
    let error = VectorSet::open(&root)
        .and_then(|set| set.select(&Selection::all()))
        .unwrap_err();
    assert!(error.message().contains("no \"stable_id\""), "{error}");
}

#[test]
fn a_wrong_stable_id_is_refused() {
    let id = r#""stable_id":"cast/encode/float64/float16/0x7ff8000000000001","#;
    let root = vector_set("wrong-id", &[("cast/float64.json", cast_file(20, id))]);
    // A modified set is read whole when opened: the refusal comes from open.
    let error = VectorSet::open(&root)
        .and_then(|set| set.select(&Selection::all()))
        .unwrap_err();
    assert!(error.message().contains("is not the defined"), "{error}");
}

#[test]
fn a_wrong_number_of_cases_is_refused() {
    let id = r#""stable_id":"cast/encode/float64/float16/0x7ff8000000000000","#;
    let root = vector_set("count", &[("cast/float64.json", cast_file(19, id))]);
    // A modified set is read whole when opened: the refusal comes from open.
    let error = VectorSet::open(&root)
        .and_then(|set| set.select(&Selection::all()))
        .unwrap_err();
    assert!(
        error
            .message()
            .contains("number_of_cases is 19 but the groups hold 20"),
        "{error}"
    );
}

// ---- The input contract (docs/input-contract.md): each refusal names the file, in bounded time
// and memory, and is a vectors::Error, never a hang, a panic or a silent pass.

/// `open` on `root`, in a thread given a minute: a reader that waits on a FIFO or reads without
/// end fails the test instead of hanging it.
fn open_within_a_minute(root: &Path) -> Result<VectorSet, Error> {
    let (sender, receiver) = std::sync::mpsc::channel();
    let root = root.to_path_buf();
    std::thread::spawn(move || {
        // The receiver is gone only when the test already failed.
        let _ = sender.send(VectorSet::open(&root));
    });
    receiver
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("VectorSet::open returned within a minute (no FIFO waited on, no endless read)")
}

/// The refusal of `root`, which must name `file` and say `what` (besides the folder's own name,
/// which holds the test's).
fn assert_refused(root: &Path, file: &str, what: &str) {
    match open_within_a_minute(root) {
        Ok(set) => panic!("{} was accepted ({file}: {what})", set.describe()),
        Err(error) => {
            let message = error.message();
            let said = message.replace(&root.display().to_string(), "ROOT");
            assert!(
                said.contains(file) && said.contains(what),
                "the refusal names {file:?} and says {what:?}: {message}"
            );
        }
    }
}

/// A manifest entry listing `text` at `path`.
fn entry(path: &str, text: &str) -> String {
    format!(
        r#"{{"bytes":{},"path":"{path}","sha256":"{}"}}"#,
        text.len(),
        sha256_hex(text.as_bytes())
    )
}

fn write_manifest(root: &Path, text: &str) {
    std::fs::write(root.join("manifest.json"), text).unwrap();
}

fn manifest_listing(entries: &[String]) -> String {
    format!(
        r#"{{"schema":"cast-value-vectors-manifest","schema_version":1,"vectors_version":"9.9.9","files":[{}]}}"#,
        entries.join(",")
    )
}

/// Moves `relative` out of the set (to a sibling folder) and puts a link to it in its place.
fn replace_by_link(root: &Path, relative: &str) {
    let outside = root.with_extension("outside");
    let _ = std::fs::remove_dir_all(&outside);
    std::fs::create_dir_all(&outside).unwrap();
    let target = outside.join(relative.replace('/', "_"));
    std::fs::rename(root.join(relative), &target).unwrap();
    std::os::unix::fs::symlink(&target, root.join(relative)).unwrap();
}

#[test]
fn a_linked_listed_file_is_refused() {
    let root = good_set("linked-file");
    replace_by_link(&root, "cast/float64.json");
    assert_refused(&root, "cast/float64.json", "symbolic link");
}

#[test]
fn a_linked_cast_folder_is_refused() {
    let root = good_set("linked-folder");
    replace_by_link(&root, "cast");
    assert_refused(&root, "cast", "symbolic link");
}

#[test]
fn a_link_to_dev_zero_is_refused_unread() {
    let root = good_set("dev-zero");
    std::fs::remove_file(root.join("metadata.json")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", root.join("metadata.json")).unwrap();
    assert_refused(&root, "metadata.json", "symbolic link");
    let root = good_set("dev-zero-manifest");
    std::fs::remove_file(root.join("manifest.json")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", root.join("manifest.json")).unwrap();
    assert_refused(&root, "manifest.json", "symbolic link");
}

fn make_fifo(path: &Path) {
    let _ = std::fs::remove_file(path);
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(status.success(), "mkfifo {}", path.display());
}

#[test]
fn a_fifo_is_refused_without_waiting_on_it() {
    let root = good_set("fifo-file");
    make_fifo(&root.join("metadata.json"));
    assert_refused(&root, "metadata.json", "FIFO");
    let root = good_set("fifo-manifest");
    make_fifo(&root.join("manifest.json"));
    assert_refused(&root, "manifest.json", "FIFO");
    // Unlisted, it is refused all the same: a vector folder holds only regular files.
    let root = good_set("fifo-unlisted");
    make_fifo(&root.join("cast/extra.json"));
    assert_refused(&root, "cast/extra.json", "FIFO");
}

#[test]
fn a_socket_is_refused() {
    let root = good_set("socket");
    std::fs::remove_file(root.join("metadata.json")).unwrap();
    let _listener = std::os::unix::net::UnixListener::bind(root.join("metadata.json")).unwrap();
    assert_refused(&root, "metadata.json", "socket");
}

#[test]
fn a_file_over_the_size_limit_is_refused_unread() {
    // Sparse files: 5 GiB listed with its size, and a manifest.json of 64 MiB + 1 byte.
    let root = good_set("huge-file");
    let huge = std::fs::File::create(root.join("cast/float64.json")).unwrap();
    huge.set_len(5 << 30).unwrap();
    let listed = format!(
        r#"{{"bytes":{},"path":"cast/float64.json","sha256":"{}"}}"#,
        5u64 << 30,
        "0".repeat(64)
    );
    write_manifest(&root, &manifest_listing(&[listed]));
    assert_refused(
        &root,
        "cast/float64.json",
        "more than the limit of 67108864",
    );
    let root = good_set("huge-manifest");
    let huge = std::fs::File::create(root.join("manifest.json")).unwrap();
    huge.set_len((64 << 20) + 1).unwrap();
    assert_refused(&root, "manifest.json", "more than the limit");
}

#[test]
fn an_unlisted_file_is_refused_but_the_documentation_is_not() {
    let root = good_set("unlisted");
    for documentation in [
        "README.md",
        "CHANGELOG.md",
        "STORES.md",
        "schema/manifest.json",
    ] {
        std::fs::create_dir_all(root.join("schema")).unwrap();
        std::fs::write(root.join(documentation), "text").unwrap();
    }
    open(&root);
    std::fs::write(root.join("cast/extra.json"), "{}").unwrap();
    assert_refused(&root, "cast/extra.json", "not listed");
}

const MANIFEST_HEADER: &str =
    r#""schema":"cast-value-vectors-manifest","schema_version":1,"vectors_version":"9.9.9""#;

/// The cast file the manifest tests list, and its good manifest entry.
fn listed_cast() -> (String, String) {
    let cast = cast_file(
        20,
        r#""stable_id":"cast/encode/float64/float16/0x7ff8000000000000","#,
    );
    let good = entry("cast/float64.json", &cast);
    (cast, good)
}

/// A manifest of the good header listing `entries`.
fn listing(entries: &str) -> String {
    format!(r#"{{{MANIFEST_HEADER},"files":[{entries}]}}"#)
}

/// Each manifest text of `defects`, beside the cast file, is refused naming manifest.json and
/// saying what is wrong.
fn assert_manifests_refused(name: &str, defects: &[(String, &str)]) {
    let (cast, _) = listed_cast();
    for (k, (text, what)) in defects.iter().enumerate() {
        let root = vector_set(
            &format!("{name}-{k}"),
            &[("cast/float64.json", cast.clone())],
        );
        write_manifest(&root, text);
        assert_refused(&root, "manifest.json", what);
    }
}

#[test]
fn a_malformed_manifest_is_refused_naming_it() {
    let (cast, good) = listed_cast();
    let header = MANIFEST_HEADER;
    let deep = format!(r#""x":{}1{}"#, "[".repeat(300), "]".repeat(300));
    let defects: Vec<(String, &str)> = vec![
        ("[]".into(), "not a JSON object"),
        (format!(r#"{{{header},"files":5}}"#), "no \"files\" array"),
        (format!(r#"{{{header},"files":[]}}"#), "lists no file"),
        (
            format!(r#"{{{header},"spec_revision":"a","spec_revision":"b","files":[{good}]}}"#),
            "the key \"spec_revision\" is repeated",
        ),
        (
            format!(
                r#"{{"schema":"cast-value-vectors-manifest","schema_version":1,"vectors_version":"1.3","files":[{good}]}}"#
            ),
            "MAJOR.MINOR.PATCH",
        ),
        (
            format!(r#"{{"schema_version":1,"vectors_version":"9.9.9","files":[{good}]}}"#),
            "schema",
        ),
        (
            format!(r#"{{{header},{deep},"files":[{good}]}}"#),
            "nested deeper than the limit of 256",
        ),
        (
            format!("{{{header},\"files\":[{good}]}} x"),
            "more after the JSON value",
        ),
    ];
    assert_manifests_refused("manifest", &defects);
    let root = vector_set("manifest-utf8", &[("cast/float64.json", cast)]);
    let mut bytes = listing(&good).into_bytes();
    bytes.splice(10..10, *b"\xff");
    std::fs::write(root.join("manifest.json"), bytes).unwrap();
    assert_refused(&root, "manifest.json", "not UTF-8");
}

#[test]
fn a_malformed_manifest_entry_is_refused_naming_it() {
    let (cast, good) = listed_cast();
    let zeros = "0".repeat(64);
    let other_digest = format!(
        r#"{{"bytes":{},"path":"cast/float64.json","sha256":"{zeros}"}}"#,
        cast.len()
    );
    let with_path = |path: &str| {
        listing(&format!(
            r#"{{"bytes":1,"path":{path},"sha256":"{zeros}"}}"#
        ))
    };
    let with = |bytes: &str, sha256: &str| {
        listing(&format!(
            r#"{{"bytes":{bytes},"path":"cast/float64.json","sha256":"{sha256}"}}"#
        ))
    };
    let not_a_path = "not a plain relative path";
    let defects: Vec<(String, &str)> = vec![
        (listing("5"), "files[0]: not an object"),
        (listing(&format!("{good},{other_digest}")), "a second time"),
        (listing(&format!("{good},{good}")), "a second time"),
        (with_path(r#""../x.json""#), not_a_path),
        (with_path(r#""./cast/float64.json""#), not_a_path),
        (with_path(r#""cast//float64.json""#), not_a_path),
        (with_path(r#""cast\\float64.json""#), "backslash"),
        (with_path(r#""/etc/passwd""#), "absolute"),
        (with_path(r#""""#), "empty"),
        (with_path(r#""manifest.json""#), "documentation"),
        (with_path(r#""README.md""#), "documentation"),
        (with_path("5"), "string \"path\""),
        (with("-1", &zeros), "non-negative integer \"bytes\""),
        (with("1.5", &zeros), "non-negative integer \"bytes\""),
        (with("1", &"A".repeat(64)), "64 lower-case hex digits"),
    ];
    assert_manifests_refused("manifest-entry", &defects);
}

const SCALARS_LINE: &str = r#"{"schema":"cast-value-vectors","schema_version":1,"family":"scalars","number_of_cases":1,"groups":[{"data_type":"int8","cases":[{"id":1,"stable_id":"scalars/int8/aaaaaaaaaaaa","json":"1","result":"0x01"LINE_END}]}]}"#;

/// A set of one scalars file whose case line ends with `line_end` (after its result).
fn scalars_set(name: &str, line_end: &str) -> PathBuf {
    vector_set(
        name,
        &[("scalars.json", SCALARS_LINE.replace("LINE_END", line_end))],
    )
}

#[test]
fn a_vector_file_is_utf8_json_of_bounded_nesting_without_a_repeated_key() {
    let select = |root: &Path| {
        open_within_a_minute(root).and_then(|set| set.select(&Selection::all()).map(|_| ()))
    };
    assert_eq!(select(&scalars_set("scalars-good", "")), Ok(()));
    // Nesting up to 256 levels is read (serde_json alone stops at 128); deeper is refused.
    let nested = |depth: usize| format!(r#","note":{}1{}"#, "[".repeat(depth), "]".repeat(depth));
    assert_eq!(select(&scalars_set("nesting-250", &nested(250))), Ok(()));
    let defects = [
        (nested(300), "nested deeper than the limit of 256"),
        (
            r#","note":1,"note":2"#.to_string(),
            "the key \"note\" is repeated",
        ),
        (
            r#","x":{"a":1,"a":2}"#.to_string(),
            "the key \"a\" is repeated",
        ),
        (",\"what\":\"\u{0}\"".to_string(), "control character"),
    ];
    for (k, (line_end, what)) in defects.iter().enumerate() {
        let error = select(&scalars_set(&format!("scalars-{k}"), line_end)).unwrap_err();
        assert!(
            error.message().contains("scalars.json") && error.message().contains(what),
            "{what}: {error}"
        );
    }
    let mut bytes = SCALARS_LINE
        .replace("LINE_END", r#","what":"?""#)
        .into_bytes();
    let at = bytes.iter().position(|b| *b == b'?').unwrap();
    bytes[at] = 0xff;
    let root = vector_set("scalars-utf8", &[("scalars.json", String::new())]);
    std::fs::write(root.join("scalars.json"), &bytes).unwrap();
    let text = format!(
        r#"{{"bytes":{},"path":"scalars.json","sha256":"{}"}}"#,
        bytes.len(),
        sha256_hex(&bytes)
    );
    write_manifest(&root, &manifest_listing(&[text]));
    let error = select(&root).unwrap_err();
    assert!(
        error.message().contains("scalars.json: not UTF-8"),
        "{error}"
    );
}

#[test]
fn stable_ids_are_unique_across_the_set() {
    // Two groups of one file (the same metadata line twice).
    let twice = METADATA.replace(
        r#""number_of_cases":2,"groups":[{"category":"fill value round trip","cases":["#,
        r#""number_of_cases":3,"groups":[{"category":"again","cases":[{"id":3,"stable_id":"metadata/fill_null/bbbbbbbbbbbb","result":"invalid","array_data_type":"bool","codecs":[],"fill_value":null,"rule":"fill_null"}]},{"category":"fill value round trip","cases":["#,
    );
    let root = vector_set("ids-groups", &[("metadata.json", twice)]);
    assert_refused(&root, "metadata.json", "is also the id of");
    // Two files (the same cast group in two files of the family).
    let id = r#""stable_id":"cast/encode/float64/float16/0x7ff8000000000000","#;
    let root = vector_set(
        "ids-files",
        &[
            ("cast/float64.json", cast_file(20, id)),
            ("cast/float64-copy.json", cast_file(20, id)),
        ],
    );
    assert_refused(&root, "cast/float64", "is also the id of");
    // An id of another family's form.
    let root = vector_set(
        "ids-family",
        &[(
            "scalars.json",
            SCALARS_LINE
                .replace("scalars/int8/", "metadata/int8/")
                .replace("LINE_END", ""),
        )],
    );
    assert_refused(&root, "scalars.json", "does not start with \"scalars/\"");
}

#[test]
fn a_wrong_number_of_cases_is_found_whatever_the_selection() {
    // The cast file is not selected, but a modified set is checked whole when opened.
    let id = r#""stable_id":"cast/encode/float64/float16/0x7ff8000000000000","#;
    let root = vector_set(
        "count-unselected",
        &[
            ("cast/float64.json", cast_file(19, id)),
            ("metadata.json", METADATA.to_string()),
        ],
    );
    let selected = open_within_a_minute(&root).and_then(|set| {
        set.select(&Selection::all().family(Family::Metadata))
            .map(|_| ())
    });
    let error = selected.unwrap_err();
    assert!(
        error
            .message()
            .contains("cast/float64.json: number_of_cases is 19"),
        "{error}"
    );
}

#[test]
fn a_file_of_another_family_than_its_path_is_refused() {
    let root = vector_set("family-path", &[("scalars.json", METADATA.to_string())]);
    assert_refused(&root, "scalars.json", "family \"metadata\"");
}

#[test]
fn a_selection_that_matches_nothing_is_an_error_naming_it() {
    let set = open(&good_set("select-nothing"));
    let selection = Selection::all()
        .family(Family::Cast)
        .direction(Direction::Decode);
    let error = set.select(&selection).unwrap_err();
    assert!(
        error
            .message()
            .contains("the selection (family cast; direction decode) matches no case"),
        "{error}"
    );
}

#[test]
fn a_verdict_says_how_many_selected_cases_were_compared() {
    let set = open(&good_set("coverage"));
    let selected = set.select(&Selection::all().family(Family::Cast)).unwrap();
    let mut tally = Tally::new(ExpectedFailures::none());
    for case in selected.cases() {
        tally.record(&case, None);
    }
    let text = tally.to_string();
    assert!(!tally.counts().ok(false));
    assert!(
        text.starts_with(
            "NOTHING COMPARED: 0 of 20 selected cases compared (0.0%), 20 unsupported"
        ),
        "{text}"
    );
    // Shares in integers: 10^17 passed of 10^17 + 1 is not 100%.
    let counts = Counts {
        cases: 100_000_000_000_000_001,
        pass: 100_000_000_000_000_000,
        unsupported: 1,
        ..Counts::default()
    };
    assert!(
        counts.to_string().starts_with(
            "100000000000000000 of 100000000000000001 selected cases compared (99.9%), 1 unsupported"
        ),
        "{counts}"
    );
}

#[test]
fn a_set_whose_manifest_was_not_published_is_called_modified() {
    let set = open(&good_set("modified"));
    let description = set.describe();
    assert!(
        description.starts_with("a modified vector set, based on \"9.9.9\""),
        "{description}"
    );
    assert!(
        description.contains("the suite published no vectors version \"9.9.9\""),
        "{description}"
    );
}

#[test]
fn a_group_without_cases_a_file_without_groups_and_a_bad_fill_value_are_refused() {
    let id = r#""stable_id":"cast/encode/float64/float16/0x7ff8000000000000","#;
    let zzz = cast_file(20, id).replace(r#""fill_value":0"#, r#""fill_value":"zzz""#);
    let root = vector_set("fill-zzz", &[("cast/float64.json", zzz)]);
    assert_refused(
        &root,
        "cast/float64.json group 0",
        "\"zzz\" is not a fill value of float64",
    );
    let no_cases = r#"{"schema":"cast-value-vectors","schema_version":1,"family":"metadata","number_of_cases":0,"groups":[{"category":"c","cases":[]}]}"#;
    let root = vector_set("no-cases", &[("metadata.json", no_cases.to_string())]);
    assert_refused(&root, "metadata.json group 0", "no cases");
    let no_groups = r#"{"schema":"cast-value-vectors","schema_version":1,"family":"metadata","number_of_cases":0,"groups":[]}"#;
    let root = vector_set("no-groups", &[("metadata.json", no_groups.to_string())]);
    assert_refused(&root, "metadata.json", "no groups");
}

/// The repository's vectors (the crate is readers/rust of the repository), when present.
fn repository_vectors() -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../vectors");
    path.join("manifest.json").is_file().then_some(path)
}

/// A copy of the folder `from` at `to`: hard links where the file system allows them.
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else if std::fs::hard_link(entry.path(), &target).is_err() {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

#[test]
fn a_set_is_published_by_its_manifest_and_modified_otherwise() {
    let Some(vectors) = repository_vectors() else {
        eprintln!("skipped: no repository vectors at ../../vectors");
        return;
    };
    let root = std::env::temp_dir().join(format!(
        "cast-value-vectors-test-{}-published",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&root);
    copy_folder(&vectors, &root);
    let set = open(&root);
    assert!(set.identity().is_published(), "{}", set.describe());
    assert_eq!(
        set.identity().verdict_line(),
        format!("published {}", set.vectors_version())
    );
    assert!(set.describe().starts_with(&format!(
        "vectors {} (manifest SHA-256",
        set.vectors_version()
    )));
    // Without cast/int2.json (file and entry): a modified set, saying what it lacks.
    let manifest = std::fs::read_to_string(root.join("manifest.json")).unwrap();
    let without: Vec<&str> = manifest
        .lines()
        .filter(|line| !line.contains(r#""path":"cast/int2.json""#))
        .collect();
    std::fs::remove_file(root.join("manifest.json")).unwrap();
    std::fs::write(root.join("manifest.json"), without.join("\n") + "\n").unwrap();
    std::fs::remove_file(root.join("cast/int2.json")).unwrap();
    let verified = VectorSet::verify(&root).unwrap();
    let line = verified.identity.verdict_line();
    let lacks = format!(
        "modified: based on \"{}\": against the published {}",
        set.vectors_version(),
        set.vectors_version()
    );
    assert!(line.starts_with(&lacks), "{line}");
    assert!(
        line.contains(
            r#"lacks 1 ("cast/int2.json") of its files, lists 0 with another SHA-256, adds 0"#
        ),
        "{line}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// The verify example, built by `cargo test` beside this test's binary.
fn verify_example(root: &Path) -> std::process::Output {
    let deps = std::env::current_exe().unwrap();
    let example = deps
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("examples/verify");
    std::process::Command::new(example)
        .arg(root)
        .output()
        .unwrap()
}

#[test]
fn the_verify_example_exits_0_with_the_identity_last_or_2_naming_the_file() {
    let root = good_set("verify-example");
    let output = verify_example(&root);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let last = stdout.lines().last().unwrap();
    assert!(last.starts_with("modified: based on \"9.9.9\""), "{stdout}");
    replace_by_link(&root, "metadata.json");
    let output = verify_example(&root);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one message: {stderr}");
    assert!(
        stderr.contains("metadata.json: a symbolic link"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}
