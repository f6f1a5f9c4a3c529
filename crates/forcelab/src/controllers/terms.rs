use crate::error::Error;

/// What a controller asked for, split by term, so that each can be plotted.
///
/// The unit is the controller's output: newtons for a force law on a 1-D body.
/// `total` is what is applied; it equals `p + i + d + ff` unless a clamp cut it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Terms {
    /// Proportional (stiffness) contribution.
    pub p: f64,
    /// Integral contribution.
    pub i: f64,
    /// Derivative (damping) contribution.
    pub d: f64,
    /// Feed-forward contribution (known dynamics, not feedback).
    pub ff: f64,
    /// The output actually applied.
    pub total: f64,
}

impl Terms {
    /// Terms whose total is their plain sum (no clamp).
    pub fn sum(p: f64, i: f64, d: f64, ff: f64) -> Terms {
        Terms {
            p,
            i,
            d,
            ff,
            total: p + i + d + ff,
        }
    }

    /// These terms if every one is finite; otherwise the error a page shows instead of
    /// an infinite or NaN force (the settings make the law's arithmetic overflow).
    pub fn finite(self) -> Result<Terms, Error> {
        let all = [self.p, self.i, self.d, self.ff, self.total];
        if all.iter().all(|v| v.is_finite()) {
            Ok(self)
        } else {
            Err(OVERFLOW)
        }
    }
}

/// What an overflowing output is refused with. It shows no value: an infinity is
/// nothing a reader can act on, while the sentence says what to change.
pub const OVERFLOW: Error = Error::Unsupported {
    field: "output",
    reason: "the law's output overflowed (infinite or NaN); lower the gains, or dt if the law divides by it",
};

/// [`Terms`] for a vector output (a 3-D force in N or torque in N m).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Terms3 {
    /// Proportional contribution.
    pub p: glam::DVec3,
    /// Integral contribution.
    pub i: glam::DVec3,
    /// Derivative contribution.
    pub d: glam::DVec3,
    /// Feed-forward contribution.
    pub ff: glam::DVec3,
    /// The output actually applied.
    pub total: glam::DVec3,
}

impl Terms3 {
    /// Terms whose total is their plain sum.
    pub fn sum(p: glam::DVec3, i: glam::DVec3, d: glam::DVec3, ff: glam::DVec3) -> Terms3 {
        Terms3 {
            p,
            i,
            d,
            ff,
            total: p + i + d + ff,
        }
    }

    /// These terms if every component is finite (see [`Terms::finite`]).
    pub fn finite(self) -> Result<Terms3, Error> {
        let all = [self.p, self.i, self.d, self.ff, self.total];
        if all.iter().all(|v| v.is_finite()) {
            Ok(self)
        } else {
            Err(OVERFLOW)
        }
    }
}

/// [`Terms`] for a 2-D force, N.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Terms2 {
    /// Proportional contribution.
    pub p: glam::DVec2,
    /// Integral contribution.
    pub i: glam::DVec2,
    /// Derivative contribution.
    pub d: glam::DVec2,
    /// Feed-forward contribution.
    pub ff: glam::DVec2,
    /// The output actually applied.
    pub total: glam::DVec2,
}

impl Terms2 {
    /// Terms whose total is their plain sum.
    pub fn sum(p: glam::DVec2, i: glam::DVec2, d: glam::DVec2, ff: glam::DVec2) -> Terms2 {
        Terms2 {
            p,
            i,
            d,
            ff,
            total: p + i + d + ff,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_sum_adds_all_four_terms() {
        assert_eq!(Terms::sum(1.0, 2.0, 4.0, 8.0).total, 15.0);
        let v = |x: f64| glam::DVec2::new(x, -x);
        assert_eq!(Terms2::sum(v(1.0), v(2.0), v(4.0), v(8.0)).total, v(15.0));
    }
}
