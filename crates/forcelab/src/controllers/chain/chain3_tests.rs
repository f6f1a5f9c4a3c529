//! The five chain laws on the 3-D chain: each holds an arm of balls and hinges at a
//! pose under gravity to its known steady error, agrees with the planar law on a chain
//! of hinges about one axis, and refuses bad input by name.

use super::*;
use crate::body::chain::{
    gravity3, mass_matrix3, Chain3, Chain3State, ChainState, Joint3, JointPosition, Link, Link3,
    PlanarChain,
};
use crate::integrator::Integrator;
use crate::rotation::from_rotation_vector;
use glam::{DQuat, DVec3};
use proptest::prelude::*;

pub(super) fn ball(x: f64, y: f64, z: f64) -> JointPosition {
    JointPosition::Rotation(from_rotation_vector(DVec3::new(x, y, z)))
}

/// A shoulder (ball: a 0.5 m, 2 kg cylinder of radius 0.08 m) and an elbow (hinge about
/// the upper arm's z: a 0.4 m, 1 kg rod with a little thickness).
pub(super) fn arm2() -> Chain3 {
    Chain3::new(
        vec![
            Link3::cylinder(Joint3::Ball, 0.5, 0.08, 2.0),
            Link3::cylinder(Joint3::Hinge(DVec3::Z), 0.4, 0.05, 1.0),
        ],
        9.81,
    )
    .unwrap()
}

/// [`arm2`] with a wrist: a ball carrying a 0.25 m, 0.5 kg hand (radius 0.05 m), the
/// elbow's axis tilted out of the arm's plane.
pub(super) fn arm3() -> Chain3 {
    Chain3::new(
        vec![
            Link3::cylinder(Joint3::Ball, 0.5, 0.08, 2.0),
            Link3::cylinder(Joint3::Hinge(DVec3::new(0.0, 0.3, 1.0)), 0.4, 0.05, 1.0),
            Link3::cylinder(Joint3::Ball, 0.25, 0.05, 0.5),
        ],
        9.81,
    )
    .unwrap()
}

/// Hanging straight down (the shoulder turned -90 degrees about z), everything else straight.
fn hanging(chain: &Chain3) -> Vec<JointPosition> {
    let mut q = vec![ball(0.0, 0.0, -core::f64::consts::FRAC_PI_2)];
    for l in &chain.links()[1..] {
        q.push(match l.joint {
            Joint3::Hinge(_) => JointPosition::Angle(0.0),
            Joint3::Ball => ball(0.0, 0.0, 0.0),
        });
    }
    q
}

/// A pose out of the plane: the shoulder lifted forward and out, the elbow bent, the
/// wrist turned.
pub(super) fn pose(chain: &Chain3) -> Vec<JointPosition> {
    let all = [
        ball(0.2, 0.4, 0.5),
        JointPosition::Angle(0.8),
        ball(-0.3, 0.2, 0.1),
    ];
    all[..chain.links().len()].to_vec()
}

/// Law `id` at `g` run on `chain` from rest [`hanging`] toward `target` for `seconds`:
/// the state at the end, or `None` if it blew up (a step refused, or a rate past 1e6
/// rad/s).
pub(super) fn run(
    chain: &Chain3,
    id: ChainLawId,
    g: ChainGains,
    target: &[JointPosition],
    dt: f64,
    integrator: Integrator,
    seconds: f64,
) -> Option<Chain3State> {
    let mut law = ChainLaw::new(id, g, chain).unwrap();
    let mut s = Chain3State::at_rest(chain, hanging(chain)).unwrap();
    for _ in 0..(seconds / dt).round() as usize {
        let tau: Vec<f64> = law
            .torques(chain, &s, target, dt)
            .ok()?
            .iter()
            .map(|t| t.total)
            .collect();
        s.step(chain, &tau, dt, integrator).ok()?;
        if s.qd.iter().any(|v| v.abs() > 1e6) {
            return None;
        }
    }
    Some(s)
}

/// The largest error of any rate, rad.
pub(super) fn worst(chain: &Chain3, q: &[JointPosition], target: &[JointPosition]) -> f64 {
    chain
        .error(q, target)
        .iter()
        .fold(0.0, |m: f64, e| m.max(e.abs()))
}

const DT: f64 = 1e-3;

/// Gains per rate for `chain`, `stiff` times kp 200, kd 10 on the shoulder and the elbow
/// and kp 20, kd 0.5 on the wrist, whose hand turns about its own axis with 6e-4 kg m^2
/// (at the shoulder's gains its damper alone, kd / I = 16,000 /s, would outrun any step
/// of milliseconds): the PID's ki equal to kp.
pub(super) fn gains(chain: &Chain3, stiff: f64) -> ChainGains {
    let mut g = ChainGains::uniform(0, 0.0, 0.0, 0.0);
    for (i, l) in chain.links().iter().enumerate() {
        let (kp, kd) = if i < 2 { (200.0, 10.0) } else { (20.0, 0.5) };
        for _ in 0..l.joint.dofs() {
            g.kp.push(stiff * kp);
            g.kd.push(stiff.sqrt() * kd);
            g.ki.push(stiff * kp);
        }
    }
    g
}

/// Runs `id` on both arms at [`gains`] (`ki` zero unless `integral`) under RK4 at 1 ms
/// from hanging to [`pose`] for `seconds`, and checks what it rests at:
/// `at_rest(chain, state, e, gains)` per arm.
fn settles(
    id: ChainLawId,
    integral: bool,
    seconds: f64,
    at_rest: impl Fn(&Chain3, &Chain3State, &[f64], &ChainGains),
) {
    for chain in [arm2(), arm3()] {
        let target = pose(&chain);
        let mut g = gains(&chain, 1.0);
        if !integral {
            g.ki.fill(0.0);
        }
        let s = run(&chain, id, g.clone(), &target, DT, Integrator::Rk4, seconds).unwrap();
        assert!(
            s.qd.iter().all(|v| v.abs() < 1e-7),
            "{}: {:?}",
            id.id(),
            s.qd
        );
        at_rest(&chain, &s, &chain.error(&s.q, &target), &g);
    }
}

#[test]
fn pd_rests_where_its_springs_carry_the_weight() {
    settles(ChainLawId::JointPd, false, 10.0, |chain, s, e, g| {
        let weight = gravity3(chain, &s.q);
        for i in 0..chain.dofs() {
            // Exactly at rest: kp e = G(q).
            assert!(
                (g.kp[i] * e[i] - weight[i]).abs() < 1e-6,
                "rate {i}: {e:?} {weight:?}"
            );
        }
        assert!(worst(chain, &s.q, &pose(chain)) > 0.01, "{e:?}");
    });
}

#[test]
fn pds_sag_is_g_over_kp_to_first_order() {
    // e - G(q*) / kp shrinks as 1 / kp^2: four times the stiffness, a sixteenth the gap.
    for chain in [arm2(), arm3()] {
        let target = pose(&chain);
        let gap = |stiff: f64| {
            let mut g = gains(&chain, stiff);
            g.ki.fill(0.0);
            let s = run(
                &chain,
                ChainLawId::JointPd,
                g.clone(),
                &target,
                DT / stiff.sqrt(),
                Integrator::Rk4,
                10.0,
            )
            .unwrap();
            let (e, weight) = (chain.error(&s.q, &target), gravity3(&chain, &target));
            (0..chain.dofs())
                .map(|i| (e[i] - weight[i] / g.kp[i]).abs())
                .fold(0.0, f64::max)
        };
        let (soft, stiff) = (gap(1.0), gap(4.0));
        eprintln!(
            "{} links: gap {soft:.3e} at kp, {stiff:.3e} at 4 kp, ratio {:.2}",
            chain.links().len(),
            soft / stiff
        );
        assert!(soft / stiff > 12.0, "{soft} then {stiff}");
    }
}

#[test]
fn per_joint_spd_rests_with_its_spring_softened_by_the_step() {
    // At rest its torque is kp e M_ii / (M_ii + kd dt): the sag is PD's, a little more.
    settles(ChainLawId::JointSpd, false, 10.0, |chain, s, e, g| {
        let (weight, m) = (gravity3(chain, &s.q), mass_matrix3(chain, &s.q));
        for i in 0..chain.dofs() {
            let held = g.kp[i] * e[i] * m[i][i] / (m[i][i] + g.kd[i] * DT);
            assert!(
                (held - weight[i]).abs() < 1e-6,
                "rate {i}: {held} vs {}",
                weight[i]
            );
        }
    });
}

#[test]
fn the_mass_matrix_spd_rests_where_pd_does() {
    // Its planned acceleration is zero at rest, so its spring alone holds the weight.
    settles(ChainLawId::MassMatrixSpd, false, 10.0, |chain, s, e, g| {
        let weight = gravity3(chain, &s.q);
        for i in 0..chain.dofs() {
            assert!(
                (g.kp[i] * e[i] - weight[i]).abs() < 1e-6,
                "rate {i}: {e:?} {weight:?}"
            );
        }
    });
}

#[test]
fn pd_with_gravity_cancelled_and_the_pid_land_on_the_pose() {
    settles(ChainLawId::PdGravity, false, 10.0, |chain, s, _, _| {
        let e = worst(chain, &s.q, &pose(chain));
        assert!(e < 1e-9, "{e}");
    });
    settles(ChainLawId::JointPid, true, 30.0, |chain, s, _, _| {
        let e = worst(chain, &s.q, &pose(chain));
        assert!(e < 1e-6, "{e}");
    });
}

/// A 3-D chain of three hinges about z under gravity along -y, and the planar arm it is.
fn flat_pair() -> (Chain3, PlanarChain) {
    let z = Joint3::Hinge(DVec3::Z);
    let flat = Chain3::new(
        vec![
            Link3::rod(z, 0.5, 2.0),
            Link3::rod(z, 0.4, 1.0),
            Link3::rod(z, 0.3, 0.5),
        ],
        9.81,
    )
    .unwrap();
    let planar = PlanarChain::new(
        vec![
            Link::rod(0.5, 2.0),
            Link::rod(0.4, 1.0),
            Link::rod(0.3, 0.5),
        ],
        9.81,
    )
    .unwrap();
    (flat, planar)
}

proptest! {
    #[test]
    fn on_hinges_about_one_axis_every_law_is_the_planar_law(
        q in proptest::collection::vec(-3.0..3.0f64, 3),
        qd in proptest::collection::vec(-5.0..5.0f64, 3),
        target in proptest::collection::vec(-3.0..3.0f64, 3),
        kp in 1.0..1e4f64,
        kd in 0.0..100.0f64,
        dt in 1e-3..0.05f64,
    ) {
        let (flat, planar) = flat_pair();
        let (s3, s2) = (
            Chain3State { q: q.iter().map(|&a| JointPosition::Angle(a)).collect(), qd: qd.clone() },
            ChainState { q: q.clone(), qd: qd.clone() },
        );
        let t3: Vec<JointPosition> = target.iter().map(|&a| JointPosition::Angle(a)).collect();
        for id in ChainLawId::ALL {
            let g = ChainGains::uniform(3, kp, kd, kp / 2.0);
            let (mut l3, mut l2) = (ChainLaw::new(id, g.clone(), &flat).unwrap(), ChainLaw::new(id, g, &planar).unwrap());
            // Twice, so the PID's integral is in the second.
            for _ in 0..2 {
                let a = l3.torques(&flat, &s3, &t3, dt).unwrap();
                let b = l2.torques(&planar, &s2, &target, dt).unwrap();
                for (x, y) in a.iter().zip(&b) {
                    prop_assert!((x.total - y.total).abs() <= 1e-9 * (1.0 + y.total.abs()), "{}: {} vs {}", id.id(), x.total, y.total);
                    prop_assert!((x.p - y.p).abs() <= 1e-9 * (1.0 + y.p.abs()), "{}", id.id());
                }
            }
        }
    }
}

#[test]
fn a_target_or_gains_that_cannot_be_are_refused_by_name() {
    let chain = arm2();
    let mut law = ChainLaw::new(
        ChainLawId::MassMatrixSpd,
        ChainGains::uniform(4, 10.0, 1.0, 0.0),
        &chain,
    )
    .unwrap();
    let s = Chain3State::at_rest(&chain, hanging(&chain)).unwrap();
    let mut field =
        |target: &[JointPosition]| law.torques(&chain, &s, target, 0.01).unwrap_err().field();
    let right = pose(&chain);
    // Too short, the kinds swapped, a quaternion too long, one not finite.
    assert_eq!(field(&right[..1]), "target");
    assert_eq!(field(&[right[1], right[0]]), "target");
    let long = JointPosition::Rotation(DQuat::from_xyzw(0.0, 0.0, 0.0, 1.1));
    assert_eq!(field(&[long, right[1]]), "target");
    assert_eq!(field(&[right[0], JointPosition::Angle(f64::NAN)]), "target");
    let bad = |g: ChainGains| {
        ChainLaw::new(ChainLawId::JointPd, g, &chain)
            .unwrap_err()
            .field()
    };
    // One gain per rate: four here (a ball's three and the hinge's one), not two.
    assert_eq!(bad(ChainGains::uniform(2, 1.0, 1.0, 0.0)), "kp");
    assert_eq!(
        bad(ChainGains {
            kd: vec![1.0, 1.0, -1.0, 1.0],
            ..ChainGains::uniform(4, 1.0, 1.0, 0.0)
        }),
        "kd"
    );
    // A law made for another chain is refused on this one, not indexed past its gains.
    let mut planar_law = ChainLaw::new(
        ChainLawId::JointPid,
        ChainGains::uniform(2, 1.0, 1.0, 1.0),
        &PlanarChain::new(vec![Link::rod(1.0, 1.0); 2], 9.81).unwrap(),
    )
    .unwrap();
    assert_eq!(
        planar_law
            .torques(&chain, &s, &right, 0.01)
            .unwrap_err()
            .field(),
        "kp"
    );
}
