//! Spatial algebra in 3-D (Featherstone, *Rigid Body Dynamics Algorithms*, 2008, ch. 2),
//! every vector at the world origin: a motion is an angular velocity `w` (rad/s) and the
//! velocity `v` (m/s) of the body point passing through the origin; a force is a moment
//! `n` about the origin (N m) and a force `f` (N). At the origin, no transform is needed
//! between links, and a composite of bodies is the plain sum of their inertias.

use glam::{DMat3, DVec3};

/// A spatial motion at the origin: angular part `w`, linear part `v`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Motion {
    /// Angular velocity (or acceleration), rad/s.
    pub w: DVec3,
    /// The velocity of the body point at the origin, m/s.
    pub v: DVec3,
}

/// A spatial force at the origin: moment `n` about the origin, force `f`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Force {
    /// Moment about the origin, N m.
    pub n: DVec3,
    /// Force, N.
    pub f: DVec3,
}

impl Motion {
    /// A unit turn about the axis `a` (unit, world) through the point `o`: `w = a` and the
    /// origin's point moving at `a x (0 - o) = o x a`. A hinge at `o` moves its subtree so.
    pub fn turn_about(a: DVec3, o: DVec3) -> Motion {
        Motion {
            w: a,
            v: o.cross(a),
        }
    }

    /// `self + k m`.
    pub fn plus(self, k: f64, m: Motion) -> Motion {
        Motion {
            w: self.w + k * m.w,
            v: self.v + k * m.v,
        }
    }

    /// `self x m`, how a motion `m` carried by a body moving at `self` changes:
    /// `(w x w_m, w x v_m + v x w_m)`.
    pub fn cross(self, m: Motion) -> Motion {
        Motion {
            w: self.w.cross(m.w),
            v: self.w.cross(m.v) + self.v.cross(m.w),
        }
    }

    /// `self x* f`, how a force (a momentum) carried by a body moving at `self` changes:
    /// `(w x n + v x f, w x f)`.
    pub fn cross_force(self, f: Force) -> Force {
        Force {
            n: self.w.cross(f.n) + self.v.cross(f.f),
            f: self.w.cross(f.f),
        }
    }

    /// The power `self . f` of a force on this motion (W for a velocity).
    pub fn dot(self, f: Force) -> f64 {
        self.w.dot(f.n) + self.v.dot(f.f)
    }
}

impl Force {
    /// `self + g`.
    pub fn plus(self, g: Force) -> Force {
        Force {
            n: self.n + g.n,
            f: self.f + g.f,
        }
    }
}

/// A body's spatial inertia at the origin, which takes a motion to its momentum: mass
/// `m`, centre of mass `c`, rotational inertia `I_c` about the centre (world axes),
/// `[[I_c + m [c]x [c]x^T, m [c]x], [m [c]x^T, m 1]]` (Featherstone eq. 2.63 at the origin).
/// A sum of them is the inertia of the bodies moving as one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inertia {
    /// Rotational inertia about the origin, `I_c + m ([c]x [c]x^T)`, kg m^2.
    pub about_origin: DMat3,
    /// First moment, `m c`, kg m.
    pub moment: DVec3,
    /// Mass, kg.
    pub mass: f64,
}

impl Default for Inertia {
    /// No body: all zero (glam's `DMat3::default()` is the identity, not zero).
    fn default() -> Inertia {
        Inertia {
            about_origin: DMat3::ZERO,
            moment: DVec3::ZERO,
            mass: 0.0,
        }
    }
}

impl Inertia {
    /// A body of `mass` kg centred at `c` with inertia `inertia` (kg m^2, world axes) about its centre.
    pub fn body(mass: f64, c: DVec3, inertia: DMat3) -> Inertia {
        // [c]x [c]x^T = |c|^2 1 - c c^T: the parallel-axis term.
        let shift = DMat3::from_diagonal(DVec3::splat(c.length_squared())) - outer(c, c);
        Inertia {
            about_origin: inertia + mass * shift,
            moment: mass * c,
            mass,
        }
    }

    /// The inertia of `self` and `other` moving as one rigid body.
    pub fn plus(self, other: Inertia) -> Inertia {
        Inertia {
            about_origin: self.about_origin + other.about_origin,
            moment: self.moment + other.moment,
            mass: self.mass + other.mass,
        }
    }

    /// The momentum `I m` of the body moving at `m`: `n = I_O w + h x v`, `f = m v - h x w`
    /// with `h = m c` (the linear momentum is `m` times the centre's velocity `v + w x c`).
    pub fn times(&self, m: Motion) -> Force {
        Force {
            n: self.about_origin * m.w + self.moment.cross(m.v),
            f: self.mass * m.v - self.moment.cross(m.w),
        }
    }
}

/// `a b^T`.
fn outer(a: DVec3, b: DVec3) -> DMat3 {
    DMat3::from_cols(a * b.x, a * b.y, a * b.z)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_turning_about_its_centre_has_only_its_own_spin() {
        let c = DVec3::new(1.0, -2.0, 0.5);
        let i = DMat3::from_diagonal(DVec3::new(0.1, 0.2, 0.3));
        let h = Inertia::body(2.0, c, i).times(Motion::turn_about(DVec3::Y, c));
        assert!((h.n - DVec3::new(0.0, 0.2, 0.0)).length() < 1e-14, "{h:?}");
        assert!(h.f.length() < 1e-14, "{h:?}");
    }

    #[test]
    fn a_point_swinging_about_the_origin_has_momentum_m_w_x_r() {
        // 1 kg at (2, 0, 0) turning at 1 rad/s about z through the origin: velocity (0, 2, 0),
        // linear momentum (0, 2, 0), angular momentum about the origin r x p = (0, 0, 4).
        let h = Inertia::body(1.0, DVec3::new(2.0, 0.0, 0.0), DMat3::ZERO)
            .times(Motion::turn_about(DVec3::Z, DVec3::ZERO));
        assert_eq!(h.f, DVec3::new(0.0, 2.0, 0.0));
        assert_eq!(h.n, DVec3::new(0.0, 0.0, 4.0));
    }

    #[test]
    fn the_two_cross_products_carry_power_consistently() {
        // (v x m) . f + m . (v x* f) = 0: each is the other's negative transpose.
        let v = Motion {
            w: DVec3::new(0.3, -1.2, 0.7),
            v: DVec3::new(1.1, 0.4, -2.0),
        };
        let m = Motion {
            w: DVec3::new(-0.5, 2.5, 0.8),
            v: DVec3::new(0.2, -0.9, 1.4),
        };
        let f = Force {
            n: DVec3::new(1.5, 0.1, -0.6),
            f: DVec3::new(-2.2, 0.3, 0.9),
        };
        assert!((v.cross(m).dot(f) + m.dot(v.cross_force(f))).abs() < 1e-13);
    }

    #[test]
    fn in_the_plane_it_is_the_planar_algebra() {
        use super::super::planar_spatial as p;
        let (c, o) = ([0.4, -0.3], [1.0, 0.5]);
        let planar = p::Inertia::body(2.0, c, 0.7).times(p::about(o));
        let full = Inertia::body(
            2.0,
            DVec3::new(c[0], c[1], 0.0),
            DMat3::from_diagonal(DVec3::new(0.1, 0.2, 0.7)),
        )
        .times(Motion::turn_about(DVec3::Z, DVec3::new(o[0], o[1], 0.0)));
        assert!(
            (full.n.z - planar[0]).abs() < 1e-14
                && (full.f.x - planar[1]).abs() < 1e-14
                && (full.f.y - planar[2]).abs() < 1e-14,
            "{full:?} vs {planar:?}"
        );
    }
}
