//! Runs one Lab natively from its config, the JSON the page hands the bindings
//! (`LabSpec`), and prints the hash of its whole trace (what the Lab page shows as
//! `data-trace-hash`) with its efforts: the end-to-end tests hold the page to it.
//!
//! `cargo run -p forcelab --features serde --example lab -- '<LabSpec JSON>' STEPS`
use forcelab::lab::{LabSpec, MAX_STEPS_PER_CALL};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [config, steps] = args.as_slice() else {
        return Err("usage: lab '<LabSpec JSON>' STEPS".into());
    };
    let spec: LabSpec = serde_json::from_str(config).map_err(|e| format!("config: {e}"))?;
    let mut steps: u32 = steps
        .parse()
        .map_err(|_| format!("STEPS must be a whole number, got {steps:?}"))?;
    let mut lab = spec.build().map_err(|e| e.to_string())?;
    while steps > 0 {
        let now = steps.min(MAX_STEPS_PER_CALL);
        lab.step(now).map_err(|e| e.to_string())?;
        steps -= now;
    }
    let trace = lab.trace();
    let out = serde_json::json!({
        "hash": format!("{:016x}", trace.hash()),
        "force": trace.force,
        "x": trace.x,
    });
    println!("{out}");
    Ok(())
}
