//! Counting a run: each case's verdict, with an expected-failure list keyed by stable id.

use crate::compare::{compare, Outcome};
use crate::model::Case;
use crate::result::Answer;
use crate::vector_set::VectorSet;
use crate::Error;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// Stable ids of cases the implementation is known to get wrong. Every id must name a case of
/// the vector set (`ExpectedFailures::new` refuses an unknown one): a list that silently stops
/// matching after a vectors release would hide every later failure of its cases.
#[derive(Clone, Debug, Default)]
pub struct ExpectedFailures {
    ids: BTreeSet<String>,
}

impl ExpectedFailures {
    /// No expected failure.
    pub fn none() -> ExpectedFailures {
        ExpectedFailures::default()
    }

    /// The list, checked against `set`: an id that is no case of it is an error naming it.
    pub fn new<I, S>(set: &VectorSet, ids: I) -> Result<ExpectedFailures, Error>
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let ids: BTreeSet<String> = ids.into_iter().map(Into::into).collect();
        let unknown = set.unknown_ids(&ids)?;
        if let Some(first) = unknown.first() {
            return Err(Error::new(format!(
                "expected-failure list: {} of {} ids name no case of the vectors ({}), the first: {first:?}",
                unknown.len(),
                ids.len(),
                set.describe()
            )));
        }
        Ok(ExpectedFailures { ids })
    }

    /// The list from a text: one stable id a line; blank lines and lines starting with '#' are
    /// skipped.
    pub fn parse(set: &VectorSet, text: &str) -> Result<ExpectedFailures, Error> {
        let ids = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'));
        ExpectedFailures::new(set, ids)
    }

    pub fn contains(&self, stable_id: &str) -> bool {
        self.ids.contains(stable_id)
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
}

/// A case's verdict in a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    Divergence(String),
    Fail,
    /// Listed as an expected failure, and it did not pass (failed or diverged).
    ExpectedFailure,
    /// Listed as an expected failure, but it passed: the list is out of date (a failure of
    /// the run, so that the list is kept exact).
    UnexpectedPass,
    /// The implementation cannot express the case (no answer): never passed, never failed.
    Unsupported,
}

/// How many cases had each verdict.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub cases: u64,
    pub pass: u64,
    pub divergence: u64,
    pub fail: u64,
    pub expected_failure: u64,
    pub unexpected_pass: u64,
    pub unsupported: u64,
    /// The divergences by `FLAG=ALTERNATIVE`.
    pub divergence_flags: BTreeMap<String, u64>,
}

impl Counts {
    /// The selected cases that were compared: all but the unsupported ones.
    pub fn compared(&self) -> u64 {
        self.cases.saturating_sub(self.unsupported)
    }

    /// "808 of 252209 selected cases compared (0.3%), 251401 unsupported": how much a verdict
    /// covers. The share is computed in integers and rounded down, so that it reads 100% only
    /// when every case was compared (10^17 of 10^17 + 1 is 99.9%).
    pub fn coverage(&self) -> String {
        let share = if self.cases == 0 {
            "no case selected".to_string()
        } else {
            let tenths = u128::from(self.compared()) * 1000 / u128::from(self.cases);
            format!("{}.{}%", tenths / 10, tenths % 10)
        };
        format!(
            "{} of {} selected cases compared ({share}), {} unsupported",
            self.compared(),
            self.cases,
            self.unsupported
        )
    }

    /// The verdict line: "PASS: 808 of 252209 selected cases compared (0.3%), 251401
    /// unsupported", "FAIL: ...", or "NOTHING COMPARED: ..." when every selected case was
    /// unsupported (never a pass).
    pub fn verdict(&self, strict: bool) -> String {
        let word = if self.compared() == 0 {
            "NOTHING COMPARED"
        } else if self.ok(strict) {
            "PASS"
        } else {
            "FAIL"
        };
        format!("{word}: {}", self.coverage())
    }

    /// What `cvc run` requires to exit 0: something was compared, and nothing failed (with
    /// `strict`, no divergence either); here also no listed case passed.
    pub fn ok(&self, strict: bool) -> bool {
        self.compared() > 0
            && self.fail == 0
            && self.unexpected_pass == 0
            && (!strict || self.divergence == 0)
    }

    /// The counts as JSON (one object; `divergence_flags` by name).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "cases": self.cases,
            "compared": self.compared(),
            "coverage": self.coverage(),
            "pass": self.pass,
            "divergence": self.divergence,
            "fail": self.fail,
            "expected_failure": self.expected_failure,
            "unexpected_pass": self.unexpected_pass,
            "unsupported": self.unsupported,
            "divergence_flags": self.divergence_flags,
        })
    }
}

impl Counts {
    /// "pass 900, divergence 0, fail 52, expected failure 0, unexpected pass 0", then a line a
    /// divergence flag.
    fn write_breakdown(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pass {}, divergence {}, fail {}, expected failure {}, unexpected pass {}",
            self.pass, self.divergence, self.fail, self.expected_failure, self.unexpected_pass,
        )?;
        for (flag, count) in &self.divergence_flags {
            write!(f, "\n  divergence {flag}: {count}")?;
        }
        Ok(())
    }
}

/// "952 of 69956 selected cases compared (1.3%), 69004 unsupported: pass 900, divergence 0,
/// fail 52, expected failure 0, unexpected pass 0".
impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.coverage())?;
        self.write_breakdown(f)
    }
}

/// A run's tally: record each case's answer, then read the counts and the first failures.
#[derive(Debug)]
pub struct Tally {
    expected_failures: ExpectedFailures,
    counts: Counts,
    failures: Vec<String>,
    max_failures_kept: usize,
}

impl Tally {
    pub fn new(expected_failures: ExpectedFailures) -> Tally {
        Tally {
            expected_failures,
            counts: Counts::default(),
            failures: Vec::new(),
            max_failures_kept: 20,
        }
    }

    /// Records `case` with the implementation's answer, None when it cannot express the case.
    pub fn record(&mut self, case: &Case, answer: Option<&Answer>) -> Verdict {
        let verdict = match answer {
            None => Verdict::Unsupported,
            Some(answer) => {
                let listed = self.expected_failures.contains(&case.stable_id());
                match (compare(case, answer), listed) {
                    (Outcome::Pass, false) => Verdict::Pass,
                    (Outcome::Pass, true) => Verdict::UnexpectedPass,
                    (_, true) => Verdict::ExpectedFailure,
                    (Outcome::Divergence(flag), false) => Verdict::Divergence(flag),
                    (Outcome::Fail, false) => Verdict::Fail,
                }
            }
        };
        let counts = &mut self.counts;
        counts.cases += 1;
        match &verdict {
            Verdict::Pass => counts.pass += 1,
            Verdict::Divergence(flag) => {
                counts.divergence += 1;
                *counts.divergence_flags.entry(flag.clone()).or_default() += 1;
            }
            Verdict::Fail => counts.fail += 1,
            Verdict::ExpectedFailure => counts.expected_failure += 1,
            Verdict::UnexpectedPass => counts.unexpected_pass += 1,
            Verdict::Unsupported => counts.unsupported += 1,
        }
        if matches!(verdict, Verdict::Fail | Verdict::UnexpectedPass)
            && self.failures.len() < self.max_failures_kept
        {
            let output_type = case.output_type();
            let answer = answer.map_or(String::new(), |a| a.text(output_type));
            let what = if verdict == Verdict::Fail {
                "FAIL"
            } else {
                "UNEXPECTED PASS (listed as an expected failure)"
            };
            self.failures.push(format!(
                "{what} {} ({} case {}): expected {}, got {answer}",
                case.stable_id(),
                case.file,
                case.line.id,
                case.expected().text(output_type)
            ));
        }
        verdict
    }

    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The first failures (and unexpected passes), described, up to 20.
    pub fn failures(&self) -> &[String] {
        &self.failures
    }
}

/// The verdict (as `counts().ok(false)` judges it), the counts, the first failures.
impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; ", self.counts.verdict(false))?;
        self.counts.write_breakdown(f)?;
        for failure in &self.failures {
            write!(f, "\n{failure}")?;
        }
        let described = self.failures.len() as u64;
        let total = self.counts.fail + self.counts.unexpected_pass;
        if total > described {
            write!(f, "\n... and {} more", total - described)?;
        }
        Ok(())
    }
}
