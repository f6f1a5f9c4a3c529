//! The gain translator for the default intent (2 Hz, critically damped, 1 kg, 60 Hz):
//! every engine's parameters with units. `cargo run -p forcelab --release --example
//! engines [-- --json]`; the JSON is `[{ "id", "parameters": [{ "name", "value",
//! "unit" }] }]`, what the chapter's table shows, so a test can compare the two.
use forcelab::engines::{translate, Intent};

fn main() {
    let json = std::env::args().any(|a| a == "--json");
    let engines = translate(&Intent::default()).expect("the default intent");
    if json {
        let rows: Vec<String> = engines
            .iter()
            .map(|g| {
                let params: Vec<String> = g
                    .parameters
                    .iter()
                    .map(|p| {
                        format!(
                            "{{\"name\":\"{}\",\"value\":{},\"unit\":\"{}\"}}",
                            p.name, p.value, p.unit
                        )
                    })
                    .collect();
                format!(
                    "{{\"id\":\"{}\",\"parameters\":[{}]}}",
                    g.id,
                    params.join(",")
                )
            })
            .collect();
        println!("[{}]", rows.join(","));
    } else {
        for g in &engines {
            let params: Vec<String> = g
                .parameters
                .iter()
                .map(|p| format!("{} = {:.6} {}", p.name, p.value, p.unit))
                .collect();
            println!("{:<60} {}", g.engine, params.join(", "));
        }
    }
}
