//! The golden trace hash of every chapter scene: a fixed run of each (its defaults, with
//! every disturbance it has struck along the way), its whole state after every step
//! hashed bit for bit ([`crate::golden::TraceHasher`]). The core's tests check them
//! natively and the bindings' `native_and_browser` tests in Chromium and Firefox, so a
//! scene moves with the same bits wherever it runs. A changed hash means a scene's
//! motion changed: say which and why in the commit.

use super::{
    default_waypoints, Arm, ArmSettings, Dive, DiveSettings, Pursuit, PursuitSettings, Snap,
    SnapSettings, Tumble, TumbleSettings, FIRST_ORDERS,
};
use crate::error::Error;
use crate::golden::TraceHasher;

/// `(scene id, hash)`: the runs of [`scene_trace_hash`].
pub const SCENE_HASHES: [(&str, u64); 5] = [
    ("pursuit", 0x46d6471a6d5e755f),
    ("dive", 0x79c364b5f0ac6efc),
    ("tumble", 0x38ba91b5cce8f0d5),
    ("snap", 0x8498af4f5e9a3865),
    ("arm", 0xf2b16815b3767589),
];

/// Hashes the state of `scene` after each of `steps` steps (`step` advances it,
/// `state` writes it).
fn hash_run<S>(
    mut scene: S,
    steps: usize,
    step: fn(&mut S) -> Result<(), Error>,
    state: fn(&S, &mut Vec<f64>),
) -> Result<u64, Error> {
    let mut hasher = TraceHasher::default();
    let mut out = Vec::new();
    for _ in 0..steps {
        step(&mut scene)?;
        state(&scene, &mut out);
        out.iter().for_each(|&v| hasher.add(v));
    }
    Ok(hasher.finish())
}

/// The golden run of scene `id` (`None` for an id that is not a scene):
/// - `pursuit`: 10 s round the waypoints with the printed missile, a sideswipe at 3 s
///   and the target jumping at 5 s;
/// - `dive`: 10 s of the four generations under the first orders, sensor noise of
///   0.01 rad (seed 3) and a 40 N m load step at 4 s;
/// - `tumble`: 10 s of the three plates, nudged again at 2 s;
/// - `snap`: 10 s of Bloom's two bodies;
/// - `arm`: 4 s of the five arms at kd 10 N m s/rad, where three blow up and freeze.
pub fn scene_trace_hash(id: &str) -> Option<Result<u64, Error>> {
    Some(match id {
        "pursuit" => {
            let settings = PursuitSettings {
                with_printed_missile: true,
                sideswipe_at: Some(3.0),
                jump_at: Some(5.0),
                ..PursuitSettings::default()
            };
            Pursuit::new(settings, default_waypoints())
                .and_then(|p| hash_run(p, 600, Pursuit::step, Pursuit::state_into))
        }
        "dive" => {
            let settings = DiveSettings {
                sensor_noise: 0.01,
                seed: 3,
                load_step_at: Some(4.0),
                ..DiveSettings::default()
            };
            Dive::new(settings).and_then(|mut d| {
                d.set_orders(FIRST_ORDERS)?;
                hash_run(d, 500, Dive::step, Dive::state_into)
            })
        }
        "tumble" => {
            let settings = TumbleSettings {
                kick_at: Some(2.0),
                ..TumbleSettings::default()
            };
            Tumble::new(settings).and_then(|t| hash_run(t, 2400, Tumble::step, Tumble::state_into))
        }
        "snap" => Snap::new(SnapSettings::default())
            .and_then(|s| hash_run(s, 600, Snap::step, Snap::state_into)),
        "arm" => Arm::new(ArmSettings {
            kd: 10.0,
            ..ArmSettings::default()
        })
        .and_then(|a| hash_run(a, 240, Arm::step, Arm::state_into)),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scene_replays_its_golden_trace() {
        let measured: Vec<String> = SCENE_HASHES
            .iter()
            .map(|(id, _)| {
                format!(
                    "(\"{id}\", {:#018x})",
                    scene_trace_hash(id).unwrap().unwrap()
                )
            })
            .collect();
        let golden: Vec<String> = SCENE_HASHES
            .iter()
            .map(|(id, h)| format!("(\"{id}\", {h:#018x})"))
            .collect();
        assert_eq!(measured, golden, "measured:\n{}", measured.join(",\n"));
        assert!(scene_trace_hash("no-such-scene").is_none());
    }
}
