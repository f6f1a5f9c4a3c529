//! Planar spatial algebra (Featherstone, *Rigid Body Dynamics Algorithms*, 2008, §2.16),
//! every vector expressed at the world origin, so no transform is needed between links:
//! a motion `(w, vx, vy)` is an angular rate (rad/s) and the velocity (m/s) of the body
//! point passing through the origin; a force `(n, fx, fy)` is a moment about the origin
//! (N m) and a force (N).

/// A spatial motion (velocity or acceleration) at the origin: `[w, vx, vy]`.
pub type Motion = [f64; 3];
/// A spatial force at the origin: `[n, fx, fy]`.
pub type Force = [f64; 3];

/// The motion of a unit rate about the point `o`: `w = 1` and the origin's point moving
/// at `z x (0 - o) = (o_y, -o_x)`. A revolute joint at `o` moves its subtree this way.
pub fn about(o: [f64; 2]) -> Motion {
    [1.0, o[1], -o[0]]
}

/// `a + b`.
pub fn add(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// `k a`.
pub fn scale(k: f64, a: [f64; 3]) -> [f64; 3] {
    [k * a[0], k * a[1], k * a[2]]
}

/// The work rate `m . f` of a force on a motion (W for a velocity), and a joint's share
/// of a force: `s . f` with `s` the joint's motion.
pub fn dot(m: Motion, f: Force) -> f64 {
    m[0] * f[0] + m[1] * f[1] + m[2] * f[2]
}

/// `v x m`, the rate of change of a motion `m` carried by a body moving at `v`:
/// `(0, w_m v_y - w_v m_y, w_v m_x - w_m v_x)` (in the plane, angular parts commute).
pub fn cross_motion(v: Motion, m: Motion) -> Motion {
    [0.0, m[0] * v[2] - v[0] * m[2], v[0] * m[1] - m[0] * v[1]]
}

/// `v x* f`, the rate of change of a force (a momentum) carried by a body moving at
/// `v`: `(v_x f_y - v_y f_x, -w f_y, w f_x)`.
pub fn cross_force(v: Motion, f: Force) -> Force {
    [v[1] * f[2] - v[2] * f[1], -v[0] * f[2], v[0] * f[1]]
}

/// A body's spatial inertia at the origin, which takes a motion to its momentum:
/// mass `m`, centre of mass `c`, inertia `i` about the centre of mass,
/// `[[i + m |c|^2, -m c_y, m c_x], [-m c_y, m, 0], [m c_x, 0, m]]`. A sum of such
/// matrices is the inertia of the bodies moving as one (a composite).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Inertia {
    /// Second moment about the origin, `i + m |c|^2`, kg m^2.
    pub about_origin: f64,
    /// First moment, `m c`, kg m.
    pub moment: [f64; 2],
    /// Mass, kg.
    pub mass: f64,
}

impl Inertia {
    /// A body of `mass` kg centred at `c` with `inertia` kg m^2 about its centre.
    pub fn body(mass: f64, c: [f64; 2], inertia: f64) -> Inertia {
        Inertia {
            about_origin: inertia + mass * (c[0] * c[0] + c[1] * c[1]),
            moment: [mass * c[0], mass * c[1]],
            mass,
        }
    }

    /// The inertia of `self` and `other` moving as one rigid body.
    pub fn plus(self, other: Inertia) -> Inertia {
        Inertia {
            about_origin: self.about_origin + other.about_origin,
            moment: [
                self.moment[0] + other.moment[0],
                self.moment[1] + other.moment[1],
            ],
            mass: self.mass + other.mass,
        }
    }

    /// The momentum `I m` of the body moving at `m`.
    pub fn times(&self, m: Motion) -> Force {
        let [hx, hy] = self.moment;
        [
            self.about_origin * m[0] - hy * m[1] + hx * m[2],
            -hy * m[0] + self.mass * m[1],
            hx * m[0] + self.mass * m[2],
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_turning_about_its_centre_has_its_own_spin_and_no_linear_momentum() {
        let body = Inertia::body(2.0, [1.0, 3.0], 0.5);
        let h = body.times(about([1.0, 3.0]));
        assert!((h[0] - 0.5).abs() < 1e-14, "{h:?}");
        assert!(h[1].abs() < 1e-14 && h[2].abs() < 1e-14, "{h:?}");
    }

    #[test]
    fn a_point_swinging_about_the_origin_moves_at_w_times_r_at_right_angles() {
        // A 1 kg point at (2, 0) turning at 1 rad/s about the origin: velocity (0, 2),
        // linear momentum (0, 2), angular momentum m r^2 = 4.
        let h = Inertia::body(1.0, [2.0, 0.0], 0.0).times(about([0.0, 0.0]));
        assert_eq!(h, [4.0, 0.0, 2.0]);
    }

    #[test]
    fn power_is_the_same_whichever_cross_product_carries_it() {
        // d/dt (m . f) split as (v x m) . f + m . (v x* f) = 0 for the carried parts:
        // the two products are each other's negative transpose.
        let (v, m, f) = ([0.3, -1.2, 0.7], [1.1, 0.4, -2.0], [0.5, 2.5, -0.8]);
        let carried = dot(cross_motion(v, m), f) + dot(m, cross_force(v, f));
        assert!(carried.abs() < 1e-14, "{carried}");
    }
}
