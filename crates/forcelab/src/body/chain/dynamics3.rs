//! The 3-D chain's dynamics, `M(q) qdd + C(q, qd) = tau`, by the same algorithms as the
//! planar chain's, in 3-D spatial vectors at the world origin ([`super::spatial`]).

use super::chain3::{Chain3, JointPosition, Pose3};
use super::spatial::{Force, Inertia, Motion};
use super::{cholesky, cholesky_solve};
use glam::DVec3;

/// Each link's spatial inertia at the origin, at `pose`.
fn inertias(chain: &Chain3, pose: &Pose3) -> Vec<Inertia> {
    chain
        .links()
        .iter()
        .enumerate()
        .map(|(i, l)| Inertia::body(l.mass, pose.coms[i], pose.inertias[i]))
        .collect()
}

/// The joint-space mass matrix `M(q)` by composite bodies (Featherstone 2008, §6.2): the
/// links from `i` to the tip held rigid have the inertia `I^c_i = sum_{k >= i} I_k`; a
/// unit rate of one of joint `i`'s motions `s` gives them the momentum `I^c_i s`, and a
/// motion `s'` of a joint `j <= i` takes its share `M = s' . I^c_i s` (symmetric). Rates
/// in joint order (a hinge's one, a ball's three about world x, y, z).
pub fn mass_matrix3(chain: &Chain3, q: &[JointPosition]) -> Vec<Vec<f64>> {
    let pose = chain.pose(q);
    let n = chain.dofs();
    let columns: Vec<(usize, Motion)> = pose
        .motions
        .iter()
        .enumerate()
        .flat_map(|(i, ms)| ms.iter().map(move |&m| (i, m)))
        .collect();
    let bodies = inertias(chain, &pose);
    let mut m = vec![vec![0.0; n]; n];
    let mut composite = Inertia::default();
    for i in (0..chain.links().len()).rev() {
        composite = composite.plus(bodies[i]);
        for (c, &(_, s)) in columns
            .iter()
            .enumerate()
            .filter(|(_, (link, _))| *link == i)
        {
            let momentum = composite.times(s);
            for (r, &(other, s2)) in columns.iter().enumerate() {
                if other <= i {
                    let share = s2.dot(momentum);
                    m[r][c] = share;
                    m[c][r] = share;
                }
            }
        }
    }
    m
}

/// How each of joint `i`'s motions changes as the chain moves, its parent moving at
/// `parent`: a hinge's axis and point ride on the parent, so `ds/dt = v_parent x s`; a
/// ball's axes are the world's and only its point moves, at the parent's velocity there
/// `o' = v + w x o`, so `ds/dt = (0, o' x e)`.
fn motion_rates(chain: &Chain3, pose: &Pose3, i: usize, parent: Motion) -> Vec<Motion> {
    match chain.links()[i].joint {
        super::Joint3::Hinge(_) => pose.motions[i].iter().map(|&s| parent.cross(s)).collect(),
        super::Joint3::Ball => {
            let moving = parent.v + parent.w.cross(pose.joints[i]);
            [DVec3::X, DVec3::Y, DVec3::Z]
                .iter()
                .map(|&e| Motion {
                    w: DVec3::ZERO,
                    v: moving.cross(e),
                })
                .collect()
        }
    }
}

/// The joint torques (N m) that give the chain at `q`, rates `qd` the accelerations `qdd`
/// under gravity, by recursive Newton-Euler (Featherstone 2008, §5.3): outward
/// `v_i = v_p + S_i qd_i`, `a_i = a_p + S_i qdd_i + dS_i/dt qd_i` from a base accelerating
/// upward at `g`, `f_i = I_i a_i + v_i x* I_i v_i`; inward each joint carries the forces
/// from its link to the tip, `tau_i = S_i^T sum_{k >= i} f_k`.
pub fn inverse_dynamics3(chain: &Chain3, q: &[JointPosition], qd: &[f64], qdd: &[f64]) -> Vec<f64> {
    let pose = chain.pose(q);
    let bodies = inertias(chain, &pose);
    let (mut v, mut a) = (
        Motion::default(),
        Motion {
            w: DVec3::ZERO,
            v: DVec3::new(0.0, chain.gravity(), 0.0),
        },
    );
    let mut forces = Vec::with_capacity(bodies.len());
    let mut at = 0;
    for (i, body) in bodies.iter().enumerate() {
        let rates = motion_rates(chain, &pose, i, v);
        for (k, &s) in pose.motions[i].iter().enumerate() {
            v = v.plus(qd[at + k], s);
            a = a.plus(qdd[at + k], s).plus(qd[at + k], rates[k]);
        }
        at += pose.motions[i].len();
        forces.push(body.times(a).plus(v.cross_force(body.times(v))));
    }
    let mut tau = vec![0.0; chain.dofs()];
    let mut carried = Force::default();
    for i in (0..bodies.len()).rev() {
        carried = carried.plus(forces[i]);
        at -= pose.motions[i].len();
        for (k, s) in pose.motions[i].iter().enumerate() {
            tau[at + k] = s.dot(carried);
        }
    }
    tau
}

/// The Coriolis, centrifugal and gravity torques `C(q, qd) = tau(q, qd, 0)` (N m); with
/// `qd = 0`, gravity's alone.
pub fn bias3(chain: &Chain3, q: &[JointPosition], qd: &[f64]) -> Vec<f64> {
    inverse_dynamics3(chain, q, qd, &vec![0.0; chain.dofs()])
}

/// The gravity torques `G(q) = C(q, 0)` (N m): what holds the chain's weight at rest at
/// `q`, by Newton-Euler with every rate zero (a ball's three about world x, y, z).
pub fn gravity3(chain: &Chain3, q: &[JointPosition]) -> Vec<f64> {
    bias3(chain, q, &vec![0.0; chain.dofs()])
}

/// The accelerations `qdd = M^-1 (tau - C)` by a Cholesky solve, `None` if `M` cannot
/// be factored.
pub fn forward_dynamics3(
    chain: &Chain3,
    q: &[JointPosition],
    qd: &[f64],
    tau: &[f64],
) -> Option<Vec<f64>> {
    let l = cholesky(&mass_matrix3(chain, q))?;
    let rhs: Vec<f64> = tau
        .iter()
        .zip(bias3(chain, q, qd))
        .map(|(t, c)| t - c)
        .collect();
    Some(cholesky_solve(&l, &rhs))
}

#[cfg(test)]
mod tests {
    use super::super::chain3::{Joint3, Link3};
    use super::super::{bias, forward_dynamics, mass_matrix, Link, PlanarChain};
    use super::*;
    use crate::rotation::from_rotation_vector;
    use proptest::prelude::*;

    /// A chain of 2 or 3 links, each a ball or a hinge about any axis, with any moments.
    fn any_chain3() -> impl Strategy<Value = (Chain3, Vec<JointPosition>, Vec<f64>, Vec<f64>)> {
        let link = (
            any::<bool>(),
            (-1.0..1.0f64, -1.0..1.0f64, 0.2..1.0f64),
            0.1..2.0f64,
            0.1..10.0f64,
            0.0..1.0f64,
            (0.0..1.0f64, 0.0..1.0f64, 0.0..1.0f64),
            (-3.0..3.0f64, -3.0..3.0f64, -3.0..3.0f64),
        );
        (
            proptest::collection::vec(link, 2..=3),
            proptest::collection::vec(-3.0..3.0f64, 18),
        )
            .prop_map(|(links, rates)| {
                let mut q = Vec::new();
                let links: Vec<Link3> = links
                    .into_iter()
                    .map(
                        |(ball, (ax, ay, az), length, mass, at, (i1, i2, i3), (r1, r2, r3))| {
                            // Moments that make a body: sums of a point's on three axes.
                            let inertia = DVec3::new(i2 + i3, i1 + i3, i1 + i2) * mass * 0.1;
                            let joint = if ball {
                                Joint3::Ball
                            } else {
                                Joint3::Hinge(DVec3::new(ax, ay, az))
                            };
                            q.push(if ball {
                                JointPosition::Rotation(from_rotation_vector(DVec3::new(
                                    r1, r2, r3,
                                )))
                            } else {
                                JointPosition::Angle(r1)
                            });
                            Link3 {
                                joint,
                                length,
                                mass,
                                com: at * length,
                                inertia,
                            }
                        },
                    )
                    .collect();
                let chain = Chain3::new(links, 9.81).unwrap();
                let n = chain.dofs();
                (chain, q, rates[..n].to_vec(), rates[9..9 + n].to_vec())
            })
    }

    /// The kinetic energy from each link's own velocity, sharing nothing with the
    /// algorithms: `w_i = sum_{j <= i} w_j` (each joint's rotation rate, world), the
    /// centre's velocity `sum_{j <= i} w_j x (c_i - o_j)`, energy
    /// `sum m |v_c|^2 / 2 + w . I_w w / 2`.
    fn kinetic_by_links(chain: &Chain3, q: &[JointPosition], qd: &[f64]) -> f64 {
        let pose = chain.pose(q);
        let mut rates = Vec::new();
        let mut at = 0;
        for i in 0..chain.links().len() {
            let w: DVec3 = pose.motions[i]
                .iter()
                .enumerate()
                .map(|(k, s)| s.w * qd[at + k])
                .sum();
            at += pose.motions[i].len();
            rates.push(w);
        }
        (0..chain.links().len())
            .map(|i| {
                let w: DVec3 = rates[..=i].iter().sum();
                let v: DVec3 = (0..=i)
                    .map(|j| rates[j].cross(pose.coms[i] - pose.joints[j]))
                    .sum();
                0.5 * chain.links()[i].mass * v.length_squared() + 0.5 * w.dot(pose.inertias[i] * w)
            })
            .sum()
    }

    #[test]
    fn hinges_about_z_are_the_planar_chain() {
        let z = Joint3::Hinge(DVec3::Z);
        let chain = Chain3::new(
            vec![
                Link3::rod(z, 0.8, 3.0),
                Link3 {
                    com: 0.2,
                    ..Link3::rod(z, 0.6, 1.5)
                },
                Link3::rod(z, 0.4, 0.5),
            ],
            9.81,
        )
        .unwrap();
        let planar = PlanarChain::new(
            vec![
                Link::rod(0.8, 3.0),
                Link {
                    com: 0.2,
                    ..Link::rod(0.6, 1.5)
                },
                Link::rod(0.4, 0.5),
            ],
            9.81,
        )
        .unwrap();
        let (angles, qd, tau) = ([0.3, -1.1, 2.0], [0.5, -2.0, 1.2], [3.0, -1.0, 0.4]);
        let q: Vec<_> = angles.iter().map(|&a| JointPosition::Angle(a)).collect();
        let close = |a: &[f64], b: &[f64]| {
            a.iter()
                .zip(b)
                .all(|(x, y)| (x - y).abs() < 1e-12 * (1.0 + y.abs()))
        };
        let (m3, m2) = (mass_matrix3(&chain, &q), mass_matrix(&planar, &angles));
        for i in 0..3 {
            assert!(close(&m3[i], &m2[i]), "{m3:?} vs {m2:?}");
        }
        assert!(close(&bias3(&chain, &q, &qd), &bias(&planar, &angles, &qd)));
        assert!(close(
            &forward_dynamics3(&chain, &q, &qd, &tau).unwrap(),
            &forward_dynamics(&planar, &angles, &qd, &tau).unwrap()
        ));
    }

    proptest! {
        #[test]
        fn the_mass_matrix_holds_the_links_own_kinetic_energy((chain, q, qd, _) in any_chain3()) {
            let m = mass_matrix3(&chain, &q);
            let n = chain.dofs();
            let ours: f64 = (0..n).map(|i| (0..n).map(|j| qd[i] * m[i][j] * qd[j]).sum::<f64>()).sum::<f64>() / 2.0;
            let theirs = kinetic_by_links(&chain, &q, &qd);
            prop_assert!((ours - theirs).abs() <= 1e-9 * (1.0 + theirs), "{} vs {}", ours, theirs);
            for (i, row) in m.iter().enumerate() {
                for (j, value) in row.iter().enumerate() {
                    prop_assert_eq!(*value, m[j][i]);
                }
            }
            prop_assert!(cholesky(&m).is_some());
        }

        #[test]
        fn newton_euler_and_the_composite_bodies_agree((chain, q, qd, qdd) in any_chain3()) {
            let n = chain.dofs();
            let full = inverse_dynamics3(&chain, &q, &qd, &qdd);
            let rest = bias3(&chain, &q, &qd);
            let m = mass_matrix3(&chain, &q);
            for i in 0..n {
                let want: f64 = (0..n).map(|j| m[i][j] * qdd[j]).sum();
                prop_assert!((full[i] - rest[i] - want).abs() <= 1e-9 * (1.0 + want.abs() + rest[i].abs()), "rate {}: {} vs {}", i, full[i] - rest[i], want);
            }
            let back = forward_dynamics3(&chain, &q, &qd, &full).unwrap();
            for i in 0..n {
                prop_assert!((back[i] - qdd[i]).abs() <= 1e-6 * (1.0 + qdd[i].abs()), "rate {}: {} vs {}", i, back[i], qdd[i]);
            }
        }
    }
}
