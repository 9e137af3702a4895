//! Checks a whole vector folder as docs/input-contract.md requires, every file and every line:
//! `cargo run --example verify -- path/to/vectors`.
//!
//! Exit 0 when every file and line checks, the last line `published X` (the manifest is one the
//! suite published) or `modified: <what it lacks>`; exit 2 with one message on stderr naming the
//! file and what is wrong. The hostile corpus (tests/hostile/readers_agree.sh) runs exactly this.

use cast_value_vectors::VectorSet;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [root] = args.as_slice() else {
        eprintln!("usage: verify VECTORS_DIR (checks every file and line of a vector folder)");
        return ExitCode::from(2);
    };
    match VectorSet::verify(root) {
        Ok(verified) => {
            println!(
                "{} files listed, {} vector files, {} cases: every file and line checks",
                verified.listed_files, verified.vector_files, verified.cases
            );
            println!("{}", verified.identity.verdict_line());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("verify: {error}");
            ExitCode::from(2)
        }
    }
}
