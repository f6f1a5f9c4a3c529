//! Prints the presets the page mounts (the chapters' Lab figures, the cube scene) as
//! JSON, the file the page reads them from
//! (`web/src/core/presets.json`; `npm run core-data` rewrites it, and `npm test` fails
//! when it differs from the core's).
//!
//! `cargo run -p forcelab --features serde --example presets`

fn main() {
    match serde_json::to_string_pretty(&forcelab::scenario::PRESETS) {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("presets: {e}");
            std::process::exit(1);
        }
    }
}
