//! `cargo run --release -p forcelab-invariants --example soak -- STEPS`: the soak of
//! [`forcelab_invariants::soak`], one line per run with its worst values.

use std::time::Instant;

fn main() {
    let steps: u64 = std::env::args()
        .nth(1)
        .map(|s| s.parse().expect("STEPS must be a whole number"))
        .unwrap_or(10_000_000);
    let start = Instant::now();
    println!(
        "{:<28} {:>12} {:>14} {:>12} {:>10}",
        "run", "steps", "worst error", "worst |v|", "worst | |q|-1 |"
    );
    let mut total = 0u64;
    let one = |r: forcelab_invariants::soak::Soaked| {
        println!(
            "{:<28} {:>12} {:>14.3e} {:>12.3e} {:>10.1e}",
            r.name, r.steps, r.worst_error, r.worst_speed, r.worst_unit
        );
        r.steps
    };
    use forcelab_invariants::soak;
    for &k in &soak::STABLE_1D {
        total += one(soak::cube(k, steps));
    }
    for &k in &soak::STABLE_3D {
        total += one(soak::spinning_box(k, steps));
    }
    total += one(soak::dive(steps));
    total += one(soak::tumble(steps));
    total += one(soak::pursuit(steps));
    println!(
        "all finite, bounded and unit: {total} steps in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}
