//! Article 003's graph: how long Bloom's implicit PD (k = d = 1) takes to land, per
//! start distance and time scale, at dt = 1/60 s with a 10 units/s minimum-velocity
//! snap. `cargo run -p forcelab --release --example convergence [-- --json]`; the
//! JSON is `[{ "distance", "points": [[timeScale, seconds | null]] }]`, the shape the
//! chapter's graph draws, so a test can compare the two.
use forcelab::analysis::{convergence_sweep, ConvergenceSpec};

fn main() {
    let json = std::env::args().any(|a| a == "--json");
    let sweep = convergence_sweep(&ConvergenceSpec::default()).expect("the default sweep");
    if json {
        let series: Vec<String> = sweep
            .iter()
            .map(|s| {
                let points: Vec<String> = s
                    .points
                    .iter()
                    .map(|(scale, t)| match t {
                        Some(t) => format!("[{scale},{t}]"),
                        None => format!("[{scale},null]"),
                    })
                    .collect();
                format!(
                    "{{\"distance\":{},\"points\":[{}]}}",
                    s.distance,
                    points.join(",")
                )
            })
            .collect();
        println!("[{}]", series.join(","));
    } else {
        for s in &sweep {
            let times: Vec<String> = s
                .points
                .iter()
                .map(|(scale, t)| match t {
                    Some(t) => format!("{scale:.1}s: {t:.2}"),
                    None => format!("{scale:.1}s: -"),
                })
                .collect();
            println!("distance {:>5}: {}", s.distance, times.join("  "));
        }
    }
}
