use super::joint_limits::{check_limits, indexed, JointLimit};
use crate::error::{finite, in_range, non_negative, positive, Error};
use crate::math::{cos, sin};

/// The fewest links a chain has (one link is a pendulum: the one-body Lab's turn).
pub const MIN_LINKS: usize = 2;
/// The most links a chain has (an arm, a leg, a tail: five covers a finger too).
pub const MAX_LINKS: usize = 5;

/// Standard gravity, m/s^2, the default pull on a chain.
pub const STANDARD_GRAVITY: f64 = 9.81;

/// One rigid link of a planar chain, hinged at its start to the link before (the first
/// to a fixed base at the origin) and carrying the next at its end.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct Link {
    /// From this link's joint to the next one's, m; positive.
    pub length: f64,
    /// Mass, kg; positive.
    pub mass: f64,
    /// From the joint to the centre of mass along the link, m; within `[0, length]`.
    pub com: f64,
    /// Moment of inertia about the centre of mass, kg m^2; zero (a point mass) or more.
    pub inertia: f64,
}

impl Link {
    /// A uniform rod of `length` m and `mass` kg: centre of mass at its middle,
    /// inertia `m l^2 / 12` about it.
    pub fn rod(length: f64, mass: f64) -> Link {
        Link {
            length,
            mass,
            com: length / 2.0,
            inertia: mass * length * length / 12.0,
        }
    }
}

/// A planar serial chain of revolute joints under gravity (along -y), in reduced
/// coordinates: joint angle `q[0]` is the first link's angle from +x (counter-clockwise,
/// rad), each later `q[i]` the angle of link `i` relative to link `i - 1`. So link `i`
/// points along `theta_i = q[0] + ... + q[i]`, its joint sits at
/// `o_i = sum_{j<i} l_j (cos theta_j, sin theta_j)` and its centre of mass at
/// `p_i = o_i + c_i (cos theta_i, sin theta_i)`.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanarChain {
    links: Vec<Link>,
    gravity: f64,
    /// One range per joint (`None`: free), or none at all (every joint free).
    limits: Vec<Option<JointLimit>>,
}

/// The names of each link's settings, for errors that say which link is wrong.
const LENGTH: [&str; MAX_LINKS] = [
    "links[0].length",
    "links[1].length",
    "links[2].length",
    "links[3].length",
    "links[4].length",
];
const MASS: [&str; MAX_LINKS] = [
    "links[0].mass",
    "links[1].mass",
    "links[2].mass",
    "links[3].mass",
    "links[4].mass",
];
const COM: [&str; MAX_LINKS] = [
    "links[0].com",
    "links[1].com",
    "links[2].com",
    "links[3].com",
    "links[4].com",
];
const INERTIA: [&str; MAX_LINKS] = [
    "links[0].inertia",
    "links[1].inertia",
    "links[2].inertia",
    "links[3].inertia",
    "links[4].inertia",
];

impl PlanarChain {
    /// A chain of `links` (2 to 5, base first) under `gravity` m/s^2 (0 turns it off),
    /// or an error naming the first setting that cannot be: a count outside 2..=5
    /// (`links`), a length or mass not above zero, a centre of mass off its link, a
    /// negative inertia, a negative or non-finite gravity.
    pub fn new(links: Vec<Link>, gravity: f64) -> Result<PlanarChain, Error> {
        in_range(
            "links",
            links.len() as f64,
            MIN_LINKS as f64,
            MAX_LINKS as f64,
        )?;
        for (i, link) in links.iter().enumerate() {
            positive(LENGTH[i], link.length)?;
            positive(MASS[i], link.mass)?;
            in_range(COM[i], link.com, 0.0, link.length)?;
            non_negative(INERTIA[i], link.inertia)?;
        }
        non_negative("gravity", gravity)?;
        Ok(PlanarChain {
            links,
            gravity,
            limits: Vec::new(),
        })
    }

    /// The same chain with each joint held within its range (`None`: free; an empty list
    /// frees them all), as [`JointLimit::stop`] holds it at every step; an error names
    /// `limits` for a count other than one per joint, `limits[i]` for a range that is
    /// not finite or whose `min` is not below its `max`.
    pub fn with_limits(mut self, limits: Vec<Option<JointLimit>>) -> Result<PlanarChain, Error> {
        check_limits(&limits, self.dofs())?;
        self.limits = limits;
        Ok(self)
    }

    /// Each joint's range (`None`: free); empty when every joint is free.
    pub fn limits(&self) -> &[Option<JointLimit>] {
        &self.limits
    }

    /// Checks that `values` has one finite angle per joint, each within its joint's
    /// range; the error names `field` (or `field[i]` for `start`, `target` and `q`), the
    /// value and the range it is outside.
    pub fn check_within(&self, field: &'static str, values: &[f64]) -> Result<(), Error> {
        self.check(field, values)?;
        for (i, (limit, &q)) in self.limits.iter().zip(values).enumerate() {
            if let Some(l) = limit.filter(|l| !l.holds(q)) {
                return Err(Error::OutOfRange {
                    field: indexed(field).map_or(field, |names| names[i]),
                    value: q,
                    min: l.min,
                    max: l.max,
                });
            }
        }
        Ok(())
    }

    /// Holds each limited joint of the state `(q, qd)` within its range
    /// ([`JointLimit::stop`]).
    pub fn stop(&self, q: &mut [f64], qd: &mut [f64]) {
        for ((limit, q), qd) in self.limits.iter().zip(q).zip(qd) {
            if let Some(l) = limit {
                l.stop(q, qd);
            }
        }
    }

    /// The links, base first.
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// Degrees of freedom: one joint angle per link.
    pub fn dofs(&self) -> usize {
        self.links.len()
    }

    /// Gravity's pull, m/s^2 along -y.
    pub fn gravity(&self) -> f64 {
        self.gravity
    }

    /// Checks that `values` has one finite number per joint, naming `field` if not.
    pub fn check(&self, field: &'static str, values: &[f64]) -> Result<(), Error> {
        if values.len() != self.dofs() {
            return Err(Error::OutOfRange {
                field,
                value: values.len() as f64,
                min: self.dofs() as f64,
                max: self.dofs() as f64,
            });
        }
        values
            .iter()
            .try_for_each(|&v| finite(field, v).map(|_| ()))
    }

    /// Where every link is at the joint angles `q`: see [`Pose`].
    pub fn pose(&self, q: &[f64]) -> Pose {
        let mut pose = Pose::default();
        let (mut theta, mut o) = (0.0, [0.0, 0.0]);
        for (link, &qi) in self.links.iter().zip(q) {
            theta += qi;
            let u = [cos(theta), sin(theta)];
            pose.angles.push(theta);
            pose.joints.push(o);
            pose.coms
                .push([o[0] + link.com * u[0], o[1] + link.com * u[1]]);
            o = [o[0] + link.length * u[0], o[1] + link.length * u[1]];
        }
        pose.tip = o;
        pose
    }
}

/// A chain's links placed at some joint angles (world frame, m and rad).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pose {
    /// Each link's absolute angle from +x, `theta_i = q_0 + ... + q_i`.
    pub angles: Vec<f64>,
    /// Each link's joint, `o_i` (the first at the base, the origin).
    pub joints: Vec<[f64; 2]>,
    /// Each link's centre of mass, `p_i`.
    pub coms: Vec<[f64; 2]>,
    /// The end of the last link.
    pub tip: [f64; 2],
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two() -> PlanarChain {
        PlanarChain::new(
            vec![Link::rod(1.0, 2.0), Link::rod(0.5, 1.0)],
            STANDARD_GRAVITY,
        )
        .unwrap()
    }

    #[test]
    fn a_straight_chain_along_x_puts_each_joint_at_the_lengths_before_it() {
        let p = two().pose(&[0.0, 0.0]);
        assert_eq!(p.joints, vec![[0.0, 0.0], [1.0, 0.0]]);
        assert_eq!(p.coms, vec![[0.5, 0.0], [1.25, 0.0]]);
        assert_eq!(p.tip, [1.5, 0.0]);
    }

    #[test]
    fn the_second_angle_is_relative_to_the_first_link() {
        let half_pi = core::f64::consts::FRAC_PI_2;
        // Up, then a right angle back toward -x.
        let p = two().pose(&[half_pi, half_pi]);
        assert_eq!(p.angles, vec![half_pi, 2.0 * half_pi]);
        assert!(
            (p.tip[0] + 0.5).abs() < 1e-15 && (p.tip[1] - 1.0).abs() < 1e-15,
            "{:?}",
            p.tip
        );
    }

    #[test]
    fn a_chain_that_cannot_be_is_refused_naming_the_link_and_setting() {
        let rod = Link::rod(1.0, 1.0);
        let field = |links: Vec<Link>, g: f64| PlanarChain::new(links, g).unwrap_err().field();
        assert_eq!(field(vec![rod], 9.81), "links");
        assert_eq!(field(vec![rod; 6], 9.81), "links");
        assert_eq!(
            field(vec![rod, Link { length: 0.0, ..rod }], 9.81),
            "links[1].length"
        );
        assert_eq!(
            field(vec![rod, rod, Link { mass: -1.0, ..rod }], 9.81),
            "links[2].mass"
        );
        assert_eq!(
            field(vec![Link { com: 1.5, ..rod }, rod], 9.81),
            "links[0].com"
        );
        assert_eq!(
            field(
                vec![
                    rod,
                    Link {
                        inertia: -0.1,
                        ..rod
                    }
                ],
                9.81
            ),
            "links[1].inertia"
        );
        assert_eq!(field(vec![rod, rod], -9.81), "gravity");
        assert_eq!(
            field(
                vec![
                    rod,
                    Link {
                        mass: f64::NAN,
                        ..rod
                    }
                ],
                9.81
            ),
            "links[1].mass"
        );
        // Two to five links, each a rod, with or without gravity.
        for n in MIN_LINKS..=MAX_LINKS {
            for g in [0.0, 9.81] {
                assert_eq!(PlanarChain::new(vec![rod; n], g).unwrap().dofs(), n);
            }
        }
    }

    #[test]
    fn joint_values_are_one_finite_number_per_joint() {
        let c = two();
        assert!(c.check("q", &[0.1, 0.2]).is_ok());
        assert_eq!(c.check("q", &[0.1]).unwrap_err().field(), "q");
        assert_eq!(
            c.check("qd", &[0.1, f64::INFINITY]).unwrap_err().field(),
            "qd"
        );
    }
}
