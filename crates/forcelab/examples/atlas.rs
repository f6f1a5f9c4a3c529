//! The stability atlas: for each 1-D law it covers (the linear laws and the PIDs, these
//! at the slice `ki dt^3 = AtlasSpec::default().integral`) and each integrator, the
//! spectral radius of the closed loop over a log grid of kp dt^2 (rows) and kd dt
//! (columns).
//! `cargo run -p forcelab --release --example atlas [-- --json] [--integral KI_DT3]`
//! (`--integral` sets the PIDs' slice, as a Lab card's stability map does).
//! `-- --points` prints, as JSON, the laws without gains as points of the forward PD's
//! map (`AtlasPoint`), or why a law refuses an integrator.

use forcelab::analysis::{Atlas, AtlasPoint, AtlasSpec};

fn main() {
    let json = std::env::args().any(|a| a == "--json");
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--points") {
        print_points(AtlasSpec::default().dt);
        return;
    }
    let mut spec = AtlasSpec::default();
    if let Some(k) = args.iter().position(|a| a == "--integral") {
        spec.integral = args
            .get(k + 1)
            .and_then(|v| v.parse().ok())
            .expect("--integral takes a number");
    }
    let mut rows = Vec::new();
    for (law, integrator) in Atlas::maps() {
        let atlas = Atlas::compute(law, integrator, spec).expect("default grid");
        if json {
            let radii: Vec<String> = atlas
                .radii
                .iter()
                .map(|r| {
                    if r.is_finite() {
                        format!("{r:.6e}")
                    } else {
                        "null".into()
                    }
                })
                .collect();
            let axis: Vec<String> = atlas.axis.iter().map(|a| format!("{a:.6e}")).collect();
            rows.push(format!(
                    "{{\"law\":\"{}\",\"integrator\":\"{}\",\"dt\":{},\"stable_fraction\":{},\"kp_dt2\":[{}],\"kd_dt\":[{}],\"radii\":[{}]}}",
                    law.id(),
                    integrator.id(),
                    spec.dt,
                    atlas.stable_fraction(),
                    axis.join(","),
                    axis.join(","),
                    radii.join(",")
                ));
        } else {
            println!(
                    "{:<15} {:<20} stable on {:>5.1} % of the {}x{} grid (kp dt^2, kd dt from {:e} to {:e}, dt = {:.5} s)",
                    law.id(),
                    integrator.id(),
                    100.0 * atlas.stable_fraction(),
                    spec.points,
                    spec.points,
                    spec.min,
                    spec.max,
                    spec.dt
                );
        }
    }
    if json {
        println!("[{}]", rows.join(",\n "));
    }
}

/// The points as JSON: `{ law, integrator, kp_dt2, kd_dt, radius }` or `{ law, integrator, refused }`.
fn print_points(dt: f64) {
    let rows: Vec<String> = AtlasPoint::all(dt)
        .into_iter()
        .map(|(law, integrator, point)| {
            let head = format!(
                "\"law\":\"{}\",\"integrator\":\"{}\"",
                law.id(),
                integrator.id()
            );
            match point {
                Ok(p) => format!(
                    "{{{head},\"kp_dt2\":{:e},\"kd_dt\":{:e},\"radius\":{:e}}}",
                    p.kp_dt2, p.kd_dt, p.radius
                ),
                Err(e) => format!("{{{head},\"refused\":{:?}}}", e.to_string()),
            }
        })
        .collect();
    println!("[{}]", rows.join(",\n "));
}
