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
}
