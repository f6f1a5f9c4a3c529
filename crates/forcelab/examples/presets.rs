//! Prints the chapters' Lab figures as JSON, the file the page mounts them from
//! (`web/src/core/presets.json`; `npm run core-data` rewrites it, and `npm test` fails
//! when it differs from the core's).
//!
//! `cargo run -p forcelab --features serde --example presets`

fn main() {
    match serde_json::to_string_pretty(&forcelab::scenario::LAB_FIGURES) {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("presets: {e}");
            std::process::exit(1);
        }
    }
}
