//! Prints how many cases each family of a vector folder holds:
//! `cargo run --release --example count -- path/to/vectors`.

use cast_value_vectors::{Family, Selection, VectorSet};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [root] = args.as_slice() else {
        eprintln!("usage: count VECTORS_DIR (prints the number of cases of each family)");
        return ExitCode::from(2);
    };
    let set = match VectorSet::open(root) {
        Ok(set) => set,
        Err(e) => {
            eprintln!("count: {e}");
            return ExitCode::from(2);
        }
    };
    println!("{}", set.describe());
    for family in Family::ALL {
        match set.select(&Selection::all().family(*family)) {
            Ok(selected) => println!("{family}: {} cases", selected.cases().count()),
            Err(e) => {
                eprintln!("count: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}
