//! Prints the law catalogue as JSON, the file the page reads
//! (`web/src/core/catalogue.json`; `npm run core-data` rewrites it, and `npm test`
//! fails when it differs from the core's).
//!
//! `cargo run -p forcelab --features serde --example catalogue`

fn main() {
    let catalogue = forcelab::catalogue::Catalogue::get();
    match serde_json::to_string_pretty(&catalogue) {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("catalogue: {e}");
            std::process::exit(1);
        }
    }
}
