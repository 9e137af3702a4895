//! Prints how many cases each family of a vector folder holds:
//! `cargo run --release --example count -- path/to/vectors`.

use cast_value_vectors::{Family, Selection, VectorSet};
use std::collections::BTreeMap;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [root] = args.as_slice() else {
        eprintln!("usage: count VECTORS_DIR (prints the number of cases of each family)");
        return ExitCode::from(2);
    };
    let selected = VectorSet::open(root).and_then(|set| {
        println!("{}", set.describe());
        set.select(&Selection::all())
    });
    let selected = match selected {
        Ok(selected) => selected,
        Err(e) => {
            eprintln!("count: {e}");
            return ExitCode::from(2);
        }
    };
    let mut counts: BTreeMap<Family, usize> = BTreeMap::new();
    for case in selected.cases() {
        *counts.entry(case.family()).or_default() += 1;
    }
    for family in Family::ALL {
        println!("{family}: {} cases", counts.get(family).unwrap_or(&0));
    }
    ExitCode::SUCCESS
}
