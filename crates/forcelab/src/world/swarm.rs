use super::{PlanarBody, PlanarWorld, Real};
use crate::catalogue::LawId;
use crate::error::Error;
use crate::random::SplitMix64;

/// The benchmark scenario of issue 8, the same for every contender: `n` planar bodies
/// with seeded start poses and targets, masses 0.5..2 kg, inertias 0.05..0.5 kg m^2,
/// each driven to its own resting target by Wu's backward PD force and torque
/// (`kp = 9 1/s^2`, `kd = 6 1/s` per unit mass and inertia: critically damped at
/// 3 rad/s) at `dt = 1/60` s. The gains keep every body under 400 m/s, the speed
/// rapier2d clamps linear velocity to, so rapier can run the same scenario.
/// Positions are uniform in [-100, 100] m, angles in [-pi, pi]; targets likewise. The
/// draws come from [`SplitMix64`] in a fixed order per body (x, y, angle, tx, ty,
/// tangle, mass, inertia), so a JS port reproduces them exactly. `F` is the world's
/// precision: `f64` ([`super::World2`]) is the scenario every contender runs; `f32`
/// ([`super::World2F32`]) the same bodies in the separate fast mode.
pub fn planar_swarm<F: Real>(n: usize, seed: u64) -> Result<PlanarWorld<F>, Error> {
    let mut rng = SplitMix64::new(seed);
    let mut uniform = |lo: f64, hi: f64| lo + (hi - lo) * rng.next_open01();
    let mut w = PlanarWorld::new(1.0 / 60.0, LawId::BackwardPd)?;
    w.reserve(n);
    let pi = core::f64::consts::PI;
    let mut targets = Vec::with_capacity(3 * n);
    for _ in 0..n {
        let (x, y, angle) = (
            uniform(-100.0, 100.0),
            uniform(-100.0, 100.0),
            uniform(-pi, pi),
        );
        targets.extend([
            uniform(-100.0, 100.0),
            uniform(-100.0, 100.0),
            uniform(-pi, pi),
        ]);
        w.add(PlanarBody {
            x,
            y,
            angle,
            mass: uniform(0.5, 2.0),
            inertia: uniform(0.05, 0.5),
            kp: 9.0,
            kd: 6.0,
        })?;
    }
    w.set_targets(&targets)?;
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_reproducible_and_every_body_reaches_its_target() {
        let mut a = planar_swarm::<f64>(64, 7).unwrap();
        let mut b = planar_swarm::<f64>(64, 7).unwrap();
        a.step(600);
        b.step(600);
        assert_eq!(a.checksum().to_bits(), b.checksum().to_bits());
        let c = planar_swarm::<f64>(64, 8).unwrap();
        assert_ne!(c.x(), planar_swarm::<f64>(64, 7).unwrap().x());
        // 10 s at w_n = 3 rad/s: every body sits on its target.
        let [tx, ty, ta] = a.targets();
        for k in 0..64 {
            assert!((a.x()[k] - tx[k]).abs() < 1e-6);
            assert!((a.y()[k] - ty[k]).abs() < 1e-6);
            assert!(crate::angle::difference(a.angle()[k], ta[k]).abs() < 1e-6);
        }
        assert!(a.diverged().iter().all(|&d| d == 0));
    }
}
