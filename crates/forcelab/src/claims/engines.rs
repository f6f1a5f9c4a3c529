//! What the engines' documentation (and the folklore around it) says their drives do,
//! measured with the engine twin (`crate::engines`), whose every model is checked
//! against the real engine in `npm test`.

use super::{Claim, Verdict};
use crate::analysis::spectral_radius;
use crate::engines::settings::Value;
use crate::engines::{effective, entry, Intent};
use crate::scenario::claim_setups::{
    ENGINE_MASS_GAP, JOLT_STEP, MUJOCO_KP_BOUND, PHYSX_STEP, SOFT_SWEEP,
};
use core::f64::consts::TAU;

const RAPIER: &str = "Rapier's documentation";
const BOX2D: &str = "Box2D's documentation";
const JOLT: &str = "Jolt's documentation";
const PHYSX: &str = "PhysX drives, as users report them";
const MUJOCO: &str = "MuJoCo's documentation";
const SOFT: &str = "soft constraints (Box2D's and Jolt's documentation)";

/// The engine claims, in the order the chapters cite them.
pub(super) fn claims() -> Vec<Claim> {
    vec![
        rapier_acceleration_ignores_mass(),
        box2d_hertz_ignores_mass(),
        jolt_frequency_is_the_frequency(),
        physx_drive_depends_on_dt(),
        mujoco_euler_keeps_kv_explicit(),
        mujoco_implicitfast_stable_for_any_kp(),
        soft_constraints_stable_at_any_stiffness(),
    ]
}

/// The largest gap between the positions of the same knobs on the light and the heavy
/// body of [`ENGINE_MASS_GAP`].
fn mass_gap(id: &str, knobs: [f64; 2]) -> f64 {
    let s = ENGINE_MASS_GAP;
    let e = entry(id).expect("catalogued");
    let run = |mass| {
        e.predict(
            knobs,
            &Intent { mass, ..s.intent },
            &e.default_settings(),
            s.steps,
        )
        .expect("valid")
        .positions
    };
    let (light, heavy) = (run(s.intent.mass), run(s.heavy_mass));
    light
        .iter()
        .zip(&heavy)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max)
}

fn rapier_acceleration_ignores_mass() -> Claim {
    let w = ENGINE_MASS_GAP.omega();
    let gap = mass_gap("rapier-acceleration", [w * w, w]);
    let force_gap = mass_gap("rapier-force", [w * w, w]);
    Claim {
        id: "rapier-acceleration-ignores-mass",
        article: RAPIER,
        chapter: "10-translator",
        preset: "engine-mass-gap",
        claim: "Rapier's default motor model (acceleration-based) gives a joint motor the same motion whatever the \
         body's mass",
        figure: gap,
        unit: "m, largest gap between a 1 kg and a 50 kg body under the same stiffness and damping",
        integrator: "Rapier twin, default settings (4 substeps), dt 1/60 s",
        verdict: if gap < 1e-12 { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: format!("with the force-based model the same numbers move the two bodies up to {force_gap:.3} m apart"),
    }
}

fn box2d_hertz_ignores_mass() -> Claim {
    let i = ENGINE_MASS_GAP.intent;
    let gap = mass_gap("box2d-v3", [i.frequency, i.damping_ratio]);
    Claim {
        id: "box2d-hertz-ignores-mass",
        article: BOX2D,
        chapter: "10-translator",
        preset: "engine-mass-gap",
        claim: "a Box2D joint spring set in hertz and damping ratio moves a light and a heavy body alike",
        figure: gap,
        unit: "m, largest gap between a light and a heavy body at the same hertz and damping ratio",
        integrator: "Box2D twin, 4 sub-steps, dt 1/60 s",
        verdict: if gap < 1e-12 {
            Verdict::Holds
        } else {
            Verdict::DoesNotHold
        },
        conditions: String::new(),
    }
}

fn jolt_frequency_is_the_frequency() -> Claim {
    let e = entry("jolt-frequency").expect("catalogued");
    let s = JOLT_STEP;
    let shown = |dt| {
        let i = Intent { dt, ..s.intent };
        effective(e, [i.frequency, i.damping_ratio], &i, &e.default_settings())
            .expect("valid")
            .expect("a continuous equivalent")
    };
    let (at60, at240) = (shown(s.dts[0]), shown(s.dts[1]));
    let f60 = at60.natural_frequency / TAU;
    Claim {
        id: "jolt-frequency-is-the-frequency",
        article: JOLT,
        chapter: "10-translator",
        preset: "engine-steps",
        claim: "Jolt's FrequencyAndDamping spring oscillates at mFrequency with damping ratio mDamping",
        figure: f60,
        unit: "Hz, the natural frequency the stepped drive shows for mFrequency 2, mDamping 0.2",
        integrator: "Jolt twin, default settings, dt 1/60 s",
        verdict: Verdict::HoldsWithConditions,
        conditions: format!(
            "only as dt shrinks: at 60 Hz the drive shows {f60:.3} Hz and a damping ratio of {:.3} (the motor's \
             implicit step and the body's default damping of 0.05 1/s), at 240 Hz {:.3} Hz and {:.3}",
            at60.damping_ratio,
            at240.natural_frequency / TAU,
            at240.damping_ratio
        ),
    }
}

fn physx_drive_depends_on_dt() -> Claim {
    let e = entry("physx-drive").expect("catalogued");
    let s = PHYSX_STEP;
    let shown = |dt| {
        let i = Intent { dt, ..s.intent };
        let g = i.gains();
        effective(e, [g.kp, g.kd], &i, &e.default_settings())
            .expect("valid")
            .expect("a continuous equivalent")
    };
    let (coarse, fine) = (shown(s.dts[0]), shown(s.dts[1]));
    let change = 100.0 * (fine.natural_frequency / coarse.natural_frequency - 1.0);
    Claim {
        id: "physx-drive-depends-on-dt",
        article: PHYSX,
        chapter: "10-translator",
        preset: "engine-steps",
        claim: "a PhysX joint drive with the same stiffness and damping moves differently when the step changes",
        figure: change,
        unit: "% more natural frequency at dt 1/240 s than at 1/30 s (3 Hz, damping ratio 0.2 by k and c)",
        integrator: "PhysX twin, PGS, default settings",
        verdict: if change.abs() > 1.0 { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: format!(
            "the drive is one implicit step per dt: at 1/30 s it shows {:.2} Hz and damping ratio {:.2}, at \
             1/240 s {:.2} Hz and {:.2}",
            coarse.natural_frequency / TAU,
            coarse.damping_ratio,
            fine.natural_frequency / TAU,
            fine.damping_ratio
        ),
    }
}

/// The damping of the MuJoCo claims, `kv = 2 m zeta w` of [`MUJOCO_KP_BOUND`].
const MUJOCO_KV: f64 =
    2.0 * MUJOCO_KP_BOUND.mass * MUJOCO_KP_BOUND.damping_ratio * TAU * MUJOCO_KP_BOUND.frequency;

/// The largest `kp` (N/m) for which MuJoCo's `integrator` keeps a 1 kg body with
/// `kv` N s/m stable at 60 Hz, by bisection on the twin's spectral radius: 0 when no
/// kp is, infinite when every kp up to 1e9 is.
fn mujoco_largest_stable_kp(integrator: &'static str, kv: f64) -> f64 {
    let e = entry("mujoco-position").expect("catalogued");
    let mut s = e.default_settings();
    s.set("integrator", Value::Choice(integrator))
        .expect("an integrator");
    let i = MUJOCO_KP_BOUND;
    let stable = |kp: f64| spectral_radius(e.linear_map([kp, kv], &i, &s).expect("valid")) < 1.0;
    let (mut lo, mut hi) = (1e-6, 1e9);
    if stable(hi) {
        return f64::INFINITY;
    }
    if !stable(lo) {
        return 0.0;
    }
    for _ in 0..200 {
        let mid = (lo * hi).sqrt();
        if stable(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

fn mujoco_euler_keeps_kv_explicit() -> Claim {
    let euler = mujoco_largest_stable_kp("Euler", MUJOCO_KV);
    let fast = mujoco_largest_stable_kp("implicitfast", MUJOCO_KV);
    Claim {
        id: "mujoco-euler-keeps-kv-explicit",
        article: MUJOCO,
        chapter: "10-translator",
        preset: "engine-sweeps",
        claim: "under MuJoCo's default Euler integrator a position actuator's kv is explicit (only joint damping is \
         made implicit)",
        figure: euler,
        unit: "N/m, the largest stable kp with kv = 31.4 N s/m on 1 kg at dt 1/60 s",
        integrator: "MuJoCo twin, integrator Euler",
        verdict: if euler < fast { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: format!(
            "an explicit kv shrinks the stable range: implicitfast, which makes kv implicit, stays stable up to \
             kp = {fast:.0} N/m"
        ),
    }
}

fn mujoco_implicitfast_stable_for_any_kp() -> Claim {
    let fast = mujoco_largest_stable_kp("implicitfast", MUJOCO_KV);
    let discrete = mujoco_largest_stable_kp("discrete", MUJOCO_KV);
    Claim {
        id: "mujoco-implicitfast-stable-for-any-kp",
        article: MUJOCO,
        chapter: "10-translator",
        preset: "engine-sweeps",
        claim: "MuJoCo's implicitfast integrator keeps a position actuator stable for any kp",
        figure: fast,
        unit: "N/m, the largest stable kp with kv = 31.4 N s/m on 1 kg at dt 1/60 s",
        integrator: "MuJoCo twin, integrator implicitfast",
        verdict: if fast.is_finite() { Verdict::DoesNotHold } else { Verdict::Holds },
        conditions: format!(
            "implicitfast makes only the velocity term (kv) implicit, so a large enough kp diverges \
             (dt^2 kp > 4 m + 2 dt kv); {}",
            if discrete.is_finite() {
                format!("the discrete integrator also fails above kp = {discrete:.0} N/m")
            } else {
                "MuJoCo 4.0's discrete integrator, implicit in kp as well, is stable for any kp".to_string()
            }
        ),
    }
}

fn soft_constraints_stable_at_any_stiffness() -> Claim {
    let mut worst: f64 = 0.0;
    let mut at = "";
    for id in [
        "physx-drive",
        "box2d-v3",
        "jolt-frequency",
        "rapier-acceleration",
    ] {
        let e = entry(id).expect("catalogued");
        let s = SOFT_SWEEP;
        for f in s.frequencies() {
            for zeta in s.damping_ratios {
                let i = Intent {
                    frequency: f,
                    damping_ratio: zeta,
                    mass: s.mass,
                    dt: s.dt,
                    angular: false,
                };
                let knobs = (e.docs)(&i);
                let r = spectral_radius(
                    e.linear_map(knobs, &i, &e.default_settings())
                        .expect("valid"),
                );
                if r > worst {
                    worst = r;
                    at = id;
                }
            }
        }
    }
    Claim {
        id: "soft-constraints-stable-at-any-stiffness",
        article: SOFT,
        chapter: "10-translator",
        preset: "engine-sweeps",
        claim: "soft-constraint drives (PhysX, Box2D, Jolt, Rapier) stay stable however stiff the spring",
        figure: worst,
        unit: "largest spectral radius of the stepped drive, 0.1 to 1000 Hz, damping ratio 0 to 2, dt 1/60 s",
        integrator: "each engine's twin at its default settings",
        verdict: if worst <= 1.0 { Verdict::Holds } else { Verdict::DoesNotHold },
        conditions: if worst <= 1.0 {
            String::new()
        } else {
            format!("{at} reaches a spectral radius of {worst:.4}")
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::eigenvalues;
    use crate::testing::{ALGEBRA_TOL, ROUND_OFF};

    fn find(id: &str) -> Claim {
        claims().into_iter().find(|c| c.id == id).unwrap()
    }

    /// The natural frequency (Hz) of a one-step map from its eigenvalues, by hand.
    fn hertz(m: [[f64; 2]; 2], dt: f64) -> f64 {
        let [z, _] = eigenvalues(m);
        let (re, im) = (z.abs().ln() / dt, z.im.atan2(z.re).abs() / dt);
        (re * re + im * im).sqrt() / TAU
    }

    /// Backward Euler with a body damping factor `d` in front, the map of Jolt's motor
    /// and of a PhysX PGS drive: `D = m + h c + h^2 k`,
    /// `A = [[1 - h^2 k/D, h m d/D], [-h k/D, m d/D]]`.
    fn backward_euler(k: f64, c: f64, m: f64, h: f64, d: f64) -> [[f64; 2]; 2] {
        let den = m + h * c + h * h * k;
        [
            [1.0 - h * h * k / den, h * m * d / den],
            [-h * k / den, m * d / den],
        ]
    }

    #[test]
    fn mass_claims_hold_and_the_force_model_is_the_contrast() {
        for id in [
            "rapier-acceleration-ignores-mass",
            "box2d-hertz-ignores-mass",
        ] {
            let c = find(id);
            assert_eq!(c.verdict, Verdict::Holds, "{id}");
            assert!(c.figure < ROUND_OFF, "{id}: {}", c.figure);
        }
        // The force-based model's gap is large: a 50 kg body under 1 kg gains barely moves.
        // By hand, continuous time: kp = w^2, kd = w (w = 4 pi) on 1 kg is zeta 0.5, so
        // it peaks at 1 + e^{-pi 0.5 / sqrt(0.75)} = 1.163 m at t = pi / (w sqrt(0.75))
        // = 0.289 s; on 50 kg, wn = w / sqrt(50) = 1.78 rad/s and zeta 0.07, so by then
        // it has moved about (wn t)^2 / 2 = 0.13 m: a gap of about 1.03 m.
        let conditions = &find("rapier-acceleration-ignores-mass").conditions;
        let force_gap: f64 = conditions
            .split("up to ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("the force-based gap in the conditions");
        assert!((force_gap - 1.03).abs() < 0.02, "{force_gap}");
    }

    #[test]
    fn jolts_frequency_is_backward_euler_with_the_body_damping() {
        let c = find("jolt-frequency-is-the-frequency");
        assert_eq!(c.verdict, Verdict::HoldsWithConditions);
        let h = (1.0f64 / 60.0) as f32 as f64; // Jolt keeps dt in f32
        let w = TAU * 2.0;
        let m = backward_euler(w * w, 2.0 * 0.2 * w, 1.0, h, 1.0 - 0.05 * h);
        assert!(
            (c.figure - hertz(m, 1.0 / 60.0)).abs() < 1e-6,
            "{} vs {}",
            c.figure,
            hertz(m, 1.0 / 60.0)
        );
        assert!(c.figure < 2.0);
    }

    #[test]
    fn physx_pgs_is_one_backward_euler_step_per_dt() {
        let c = find("physx-drive-depends-on-dt");
        assert_eq!(c.verdict, Verdict::Holds);
        let w = TAU * 3.0;
        let (k, kd) = (w * w, 2.0 * 0.2 * w);
        let f = |dt: f64| hertz(backward_euler(k, kd, 1.0, dt, 1.0), dt);
        let change = 100.0 * (f(1.0 / 240.0) / f(1.0 / 30.0) - 1.0);
        assert!(
            (c.figure - change).abs() < ALGEBRA_TOL,
            "{} vs {change}",
            c.figure
        );
    }

    /// The Jury bounds of the two integrators on 1 kg at h = 1/60 s: explicit kv,
    /// `h^2 kp < 4 m - 2 h kv`; implicit kv, `h^2 kp < 4 m + 2 h kv`.
    #[test]
    fn mujocos_stability_bounds_are_the_jury_bounds() {
        let h = 1.0 / 60.0;
        // The claims' damping, written out: 5 Hz at damping ratio 0.5 on 1 kg is
        // kv = 2 m zeta w = 2 x 0.5 x 10 pi = 10 pi N s/m.
        let kv = 10.0 * std::f64::consts::PI;
        let euler = find("mujoco-euler-keeps-kv-explicit");
        let fast = find("mujoco-implicitfast-stable-for-any-kp");
        let bound = |sign: f64| (4.0 + sign * 2.0 * h * kv) / (h * h);
        assert!(
            (euler.figure / bound(-1.0) - 1.0).abs() < ALGEBRA_TOL,
            "{}",
            euler.figure
        );
        assert!(
            (fast.figure / bound(1.0) - 1.0).abs() < ALGEBRA_TOL,
            "{}",
            fast.figure
        );
        assert_eq!(euler.verdict, Verdict::Holds);
        assert_eq!(fast.verdict, Verdict::DoesNotHold);
        assert!(fast.conditions.contains("stable for any kp"));
    }

    #[test]
    fn soft_constraints_never_leave_the_unit_circle() {
        let c = find("soft-constraints-stable-at-any-stiffness");
        assert_eq!(c.verdict, Verdict::Holds);
        assert!(c.figure <= 1.0 && c.figure > 0.99, "{}", c.figure);
    }
}
