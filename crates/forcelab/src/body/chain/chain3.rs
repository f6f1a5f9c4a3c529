use super::spatial::Motion;
use crate::error::{finite, in_range, non_negative, positive, Error};
use crate::rotation::from_rotation_vector;
use glam::{DMat3, DQuat, DVec3};

/// The most links a 3-D chain has (an arm: upper arm, forearm, hand).
pub const MAX_LINKS_3D: usize = 3;

/// How a link hangs from the one before (or from the fixed base).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Joint3 {
    /// Turns about one axis, given in the parent link's frame (unit): one angle (rad).
    Hinge(DVec3),
    /// Turns any way: a unit quaternion (the link's rotation relative to its parent) and
    /// three rates, the relative angular velocity in world axes (rad/s).
    Ball,
}

impl Joint3 {
    /// Rates (degrees of freedom) the joint adds: 1 for a hinge, 3 for a ball.
    pub fn dofs(self) -> usize {
        match self {
            Joint3::Hinge(_) => 1,
            Joint3::Ball => 3,
        }
    }
}

/// One link of a 3-D chain: it runs along its own x axis from its joint, carries the
/// next link's joint at its end, and has its centre of mass on that axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Link3 {
    /// How it hangs from the link before.
    pub joint: Joint3,
    /// From its joint to the next one's, m; positive.
    pub length: f64,
    /// Mass, kg; positive.
    pub mass: f64,
    /// From the joint to the centre of mass along the link, m; within `[0, length]`.
    pub com: f64,
    /// Principal moments about the centre of mass along the link's own x, y, z, kg m^2;
    /// zero or more, each at most the sum of the other two (the triangle inequality a
    /// real body's moments keep).
    pub inertia: DVec3,
}

impl Link3 {
    /// A uniform rod of `length` m and `mass` kg along x on `joint`: moments
    /// `(0, m l^2 / 12, m l^2 / 12)` about its middle (no thickness: it cannot hang on a
    /// ball joint, about whose own axis it would have no inertia; see [`Link3::cylinder`]).
    pub fn rod(joint: Joint3, length: f64, mass: f64) -> Link3 {
        let across = mass * length * length / 12.0;
        Link3 {
            joint,
            length,
            mass,
            com: length / 2.0,
            inertia: DVec3::new(0.0, across, across),
        }
    }

    /// A solid cylinder of `length` m, `radius` m and `mass` kg along x on `joint`:
    /// moments `(m r^2 / 2, m (3 r^2 + l^2) / 12, m (3 r^2 + l^2) / 12)` about its middle.
    pub fn cylinder(joint: Joint3, length: f64, radius: f64, mass: f64) -> Link3 {
        let across = mass * (3.0 * radius * radius + length * length) / 12.0;
        Link3 {
            joint,
            length,
            mass,
            com: length / 2.0,
            inertia: DVec3::new(mass * radius * radius / 2.0, across, across),
        }
    }
}

/// Where a joint is: a hinge's angle (rad) or a ball's relative rotation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum JointPosition {
    /// A hinge's angle, rad.
    Angle(f64),
    /// A ball's rotation of the link relative to its parent (unit).
    Rotation(DQuat),
}

/// A chain of 2 or 3 links in 3-D under gravity along -y, hinged at a fixed base at the
/// origin, in reduced coordinates: one [`JointPosition`] per joint, and
/// [`Chain3::dofs`] rates. Link `i`'s orientation is its parent's times its joint's
/// rotation (the hinge's turn about its axis, or the ball's quaternion); its joint sits
/// at the parent's tip.
#[derive(Clone, Debug, PartialEq)]
pub struct Chain3 {
    links: Vec<Link3>,
    gravity: f64,
}

const FIELDS: [[&str; 5]; MAX_LINKS_3D] = [
    [
        "links[0].length",
        "links[0].mass",
        "links[0].com",
        "links[0].inertia",
        "links[0].axis",
    ],
    [
        "links[1].length",
        "links[1].mass",
        "links[1].com",
        "links[1].inertia",
        "links[1].axis",
    ],
    [
        "links[2].length",
        "links[2].mass",
        "links[2].com",
        "links[2].inertia",
        "links[2].axis",
    ],
];

impl Chain3 {
    /// A chain of `links` (2 or 3, base first) under `gravity` m/s^2, or an error naming
    /// the first setting that cannot be (as [`super::PlanarChain::new`]; a hinge's axis
    /// must be finite and not zero, and is used normalised; moments must make a body).
    pub fn new(mut links: Vec<Link3>, gravity: f64) -> Result<Chain3, Error> {
        in_range("links", links.len() as f64, 2.0, MAX_LINKS_3D as f64)?;
        for (link, [length, mass, com, inertia, axis]) in links.iter_mut().zip(FIELDS) {
            positive(length, link.length)?;
            positive(mass, link.mass)?;
            in_range(com, link.com, 0.0, link.length)?;
            let i = link.inertia;
            for m in i.to_array() {
                non_negative(inertia, m)?;
            }
            // A little slack: a rod's (0, I, I) sits exactly on the boundary.
            let slack = 1e-12 * (i.x + i.y + i.z);
            if i.x > i.y + i.z + slack || i.y > i.x + i.z + slack || i.z > i.x + i.y + slack {
                return Err(Error::Unsupported {
                    field: inertia,
                    reason:
                        "no body has these moments: each must be at most the sum of the other two",
                });
            }
            if link.joint == Joint3::Ball && i.min_element() <= 0.0 {
                return Err(Error::Unsupported { field: inertia, reason: "a link on a ball joint turns about every axis, so it needs a moment about each (a rod of no thickness has none about itself)" });
            }
            if let Joint3::Hinge(a) = link.joint {
                a.to_array()
                    .iter()
                    .try_for_each(|&c| finite(axis, c).map(|_| ()))?;
                positive(axis, a.length())?;
                link.joint = Joint3::Hinge(a.normalize());
            }
        }
        non_negative("gravity", gravity)?;
        Ok(Chain3 { links, gravity })
    }

    /// The links, base first (hinge axes normalised).
    pub fn links(&self) -> &[Link3] {
        &self.links
    }

    /// Gravity's pull, m/s^2 along -y.
    pub fn gravity(&self) -> f64 {
        self.gravity
    }

    /// Rates in all: the sum of the joints' [`Joint3::dofs`].
    pub fn dofs(&self) -> usize {
        self.links.iter().map(|l| l.joint.dofs()).sum()
    }

    /// Checks that `q` has one position of the right kind per joint, finite, each ball's
    /// quaternion of unit length (to 1e-9), naming `q` if not.
    pub fn check_positions(&self, q: &[JointPosition]) -> Result<(), Error> {
        self.check_named("q", q)
    }

    /// [`Chain3::check_positions`] naming `field` (`"target"`, `"start"`) if not.
    pub fn check_named(&self, field: &'static str, q: &[JointPosition]) -> Result<(), Error> {
        in_range(
            field,
            q.len() as f64,
            self.links.len() as f64,
            self.links.len() as f64,
        )?;
        for (link, p) in self.links.iter().zip(q) {
            match (link.joint, p) {
                (Joint3::Hinge(_), JointPosition::Angle(a)) => {
                    finite(field, *a)?;
                }
                (Joint3::Ball, JointPosition::Rotation(r)) => {
                    r.to_array()
                        .iter()
                        .try_for_each(|&c| finite(field, c).map(|_| ()))?;
                    if (r.length() - 1.0).abs() > 1e-9 {
                        return Err(Error::NotUnit {
                            field,
                            length: r.length(),
                        });
                    }
                }
                _ => {
                    return Err(Error::Unsupported {
                        field,
                        reason: "a hinge takes an angle and a ball a rotation",
                    })
                }
            }
        }
        Ok(())
    }

    /// Where every link is at `q`: see [`Pose3`].
    pub fn pose(&self, q: &[JointPosition]) -> Pose3 {
        let mut pose = Pose3::default();
        let (mut r, mut o) = (DQuat::IDENTITY, DVec3::ZERO);
        for (link, p) in self.links.iter().zip(q) {
            let parent = r;
            let (turn, axes) = match (link.joint, *p) {
                (Joint3::Hinge(a), JointPosition::Angle(angle)) => {
                    (from_rotation_vector(a * angle), vec![parent * a])
                }
                (_, JointPosition::Rotation(q)) => {
                    (q.normalize(), vec![DVec3::X, DVec3::Y, DVec3::Z])
                }
                // check_positions refuses a mismatch; an angle on a ball is taken as no turn.
                (_, JointPosition::Angle(_)) => {
                    (DQuat::IDENTITY, vec![DVec3::X, DVec3::Y, DVec3::Z])
                }
            };
            r = parent * turn;
            let along = r * DVec3::X;
            pose.parents.push(parent);
            pose.orientations.push(r);
            pose.joints.push(o);
            pose.motions
                .push(axes.iter().map(|&a| Motion::turn_about(a, o)).collect());
            pose.coms.push(o + link.com * along);
            let m = DMat3::from_quat(r);
            pose.inertias
                .push(m * DMat3::from_diagonal(link.inertia) * m.transpose());
            o += link.length * along;
        }
        pose.tip = o;
        pose
    }
}

/// A 3-D chain's links placed at some joint positions (world frame).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pose3 {
    /// Each link's parent's orientation (the base's, identity, for the first).
    pub parents: Vec<DQuat>,
    /// Each link's orientation.
    pub orientations: Vec<DQuat>,
    /// Each link's joint.
    pub joints: Vec<DVec3>,
    /// Each joint's motions, one per rate: a hinge's turn about its world axis, a ball's
    /// turns about the world x, y and z through the joint.
    pub motions: Vec<Vec<Motion>>,
    /// Each link's centre of mass.
    pub coms: Vec<DVec3>,
    /// Each link's inertia about its centre of mass, world axes, kg m^2.
    pub inertias: Vec<DMat3>,
    /// The end of the last link.
    pub tip: DVec3,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hinge_z() -> Joint3 {
        Joint3::Hinge(DVec3::Z)
    }

    #[test]
    fn hinges_about_z_place_the_links_as_the_planar_chain_does() {
        use super::super::{Link, PlanarChain};
        let chain = Chain3::new(
            vec![
                Link3::rod(hinge_z(), 1.0, 2.0),
                Link3::rod(hinge_z(), 0.5, 1.0),
            ],
            9.81,
        )
        .unwrap();
        let planar =
            PlanarChain::new(vec![Link::rod(1.0, 2.0), Link::rod(0.5, 1.0)], 9.81).unwrap();
        let (q, angles) = (
            [JointPosition::Angle(0.7), JointPosition::Angle(-1.9)],
            [0.7, -1.9],
        );
        let (p3, p2) = (chain.pose(&q), planar.pose(&angles));
        for k in 0..2 {
            let d = p3.coms[k] - DVec3::new(p2.coms[k][0], p2.coms[k][1], 0.0);
            assert!(d.length() < 1e-15, "{d:?}");
        }
        assert!((p3.tip - DVec3::new(p2.tip[0], p2.tip[1], 0.0)).length() < 1e-15);
    }

    #[test]
    fn a_ball_joint_turns_its_link_and_everything_beyond() {
        let chain = Chain3::new(
            vec![
                Link3::cylinder(Joint3::Ball, 1.0, 0.05, 1.0),
                Link3::rod(hinge_z(), 1.0, 1.0),
            ],
            9.81,
        )
        .unwrap();
        // The first link turned a quarter turn about y: it points along -z, and the hinge
        // after it turns about the turned z (world x).
        let up = from_rotation_vector(DVec3::new(0.0, core::f64::consts::FRAC_PI_2, 0.0));
        let p = chain.pose(&[JointPosition::Rotation(up), JointPosition::Angle(0.0)]);
        assert!(
            (p.joints[1] - DVec3::new(0.0, 0.0, -1.0)).length() < 1e-15,
            "{:?}",
            p.joints[1]
        );
        assert!(
            (p.motions[1][0].w - DVec3::X).length() < 1e-15,
            "{:?}",
            p.motions[1][0].w
        );
        assert_eq!(p.motions[0].len(), 3);
        assert_eq!(chain.dofs(), 4);
    }

    #[test]
    fn a_chain_that_cannot_be_is_refused_naming_the_link_and_setting() {
        let rod = Link3::cylinder(Joint3::Ball, 1.0, 0.05, 1.0);
        let field = |links: Vec<Link3>| Chain3::new(links, 9.81).unwrap_err().field();
        assert_eq!(
            field(vec![rod, Link3::rod(Joint3::Ball, 1.0, 1.0)]),
            "links[1].inertia"
        );
        assert_eq!(field(vec![rod]), "links");
        assert_eq!(field(vec![rod; 4]), "links");
        assert_eq!(
            field(vec![
                rod,
                Link3 {
                    joint: Joint3::Hinge(DVec3::ZERO),
                    ..rod
                }
            ]),
            "links[1].axis"
        );
        assert_eq!(
            field(vec![
                rod,
                Link3 {
                    joint: Joint3::Hinge(DVec3::new(f64::NAN, 0.0, 1.0)),
                    ..rod
                }
            ]),
            "links[1].axis"
        );
        assert_eq!(
            field(vec![
                rod,
                Link3 {
                    inertia: DVec3::new(1.0, 0.1, 0.1),
                    ..rod
                }
            ]),
            "links[1].inertia"
        );
        assert_eq!(
            field(vec![Link3 { mass: 0.0, ..rod }, rod]),
            "links[0].mass"
        );
        assert_eq!(
            Chain3::new(vec![rod, rod], -1.0).unwrap_err().field(),
            "gravity"
        );
        let chain = Chain3::new(vec![rod, Link3::rod(hinge_z(), 1.0, 1.0)], 9.81).unwrap();
        assert!(chain
            .check_positions(&[
                JointPosition::Rotation(DQuat::IDENTITY),
                JointPosition::Angle(0.2)
            ])
            .is_ok());
        assert_eq!(
            chain
                .check_positions(&[JointPosition::Angle(0.0), JointPosition::Angle(0.2)])
                .unwrap_err()
                .field(),
            "q"
        );
        assert_eq!(
            chain
                .check_positions(&[
                    JointPosition::Rotation(DQuat::from_xyzw(0.0, 0.0, 0.0, 2.0)),
                    JointPosition::Angle(0.2)
                ])
                .unwrap_err()
                .field(),
            "q"
        );
        assert_eq!(
            chain
                .check_positions(&[JointPosition::Rotation(DQuat::IDENTITY)])
                .unwrap_err()
                .field(),
            "q"
        );
    }
}
