//! The Lab's recorded run: every series a figure plots, claims measure and a link's
//! hash checks.

/// The recorded run: one row per step (row 0 is the start), and for the per-body
/// series `n` values per row (row-major: `x[row * n + k]`; `pose` has
/// [`Plant::POSE`](super::Plant::POSE) values per body: `pose[(row * n + k) * POSE + j]`). A Lab that
/// records the response only ([`Lab::record_response_only`](super::Lab::record_response_only)) leaves `v`, the terms and
/// `pose` empty.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    /// Time, s.
    pub time: Vec<f64>,
    /// Target on the primary coordinate (m, or rad).
    pub target: Vec<f64>,
    /// The primary coordinate (m, or rad), continuous near the target.
    pub x: Vec<f64>,
    /// Its rate (m/s, or rad/s).
    pub v: Vec<f64>,
    /// Force or torque along the primary coordinate (N, or N m).
    pub force: Vec<f64>,
    /// Proportional terms.
    pub p: Vec<f64>,
    /// Integral terms.
    pub i: Vec<f64>,
    /// Derivative terms.
    pub d: Vec<f64>,
    /// Feed-forward terms.
    pub ff: Vec<f64>,
    /// What draws each body (position, angle, quaternion: see the plant).
    pub pose: Vec<f64>,
}

impl Trace {
    /// A hash of every recorded value of time, target, response, rate, effort and pose
    /// (FNV-1a over their bits, [`crate::golden::TraceHasher`]): equal traces give equal
    /// hashes, so a replay is checked in one comparison, natively and in the browser.
    pub fn hash(&self) -> u64 {
        let mut h = crate::golden::TraceHasher::default();
        for series in [
            &self.time,
            &self.target,
            &self.x,
            &self.v,
            &self.force,
            &self.pose,
        ] {
            for &v in series.iter() {
                h.add(v);
            }
        }
        h.finish()
    }
}
