use crate::error::{in_range, non_negative, positive, Error};
use crate::schema::{field, TsType};

/// The largest position (m), impulse (N s) or force (N) a disturbance may have.
const LARGE: f64 = 1e9;
/// The largest target speed (m/s) or noise (m).
const FAST: f64 = 1e6;

/// What happens to the bodies and the target during a Lab run. Times in s from the
/// start; every disturbance hits every body alike, in lockstep.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct Disturbances {
    /// The target starts here, m.
    pub target_start: f64,
    /// At `step_time` s the target jumps to `step_to` m (`None`: no step).
    pub target_step: Option<(f64, f64)>,
    /// The target moves at this velocity, m/s (0: at rest).
    pub target_velocity: f64,
    /// At this time (s) every body receives this impulse (N s): a sideswipe.
    pub sideswipe: Option<(f64, f64)>,
    /// A constant force on every body, N (the hill in the cruise-control story).
    pub constant_force: f64,
    /// Standard deviation of the noise on the measured position, m (0: none).
    pub noise: f64,
    /// Seed of the noise.
    pub seed: u64,
    /// At this time (s) one step lasts `factor` times `dt` (a frame hitch).
    pub dt_spike: Option<(f64, f64)>,
}

impl Disturbances {
    /// Its shape on the page (`types.ts`), held to serde's by `lab::schema_tests`.
    pub const TS: TsType = TsType {
        name: "CoreDisturbances",
        rust: "lab::Disturbances",
        doc: "What happens to the target and the bodies during a Lab's run",
        fields: &[
            field(
                "targetStart",
                "number",
                "Where the target starts, m (rad on a turn).",
            ),
            field(
                "targetStep",
                "[number, number] | null",
                "`[time (s), to (m)]`: the target jumps; null: it does not.",
            ),
            field(
                "targetVelocity",
                "number",
                "The target's speed, m/s (rad/s).",
            ),
            field(
                "sideswipe",
                "[number, number] | null",
                "`[time (s), impulse (N s)]` struck on every body, or null.",
            ),
            field(
                "constantForce",
                "number",
                "A steady load on every body, N (N m).",
            ),
            field(
                "noise",
                "number",
                "The measurement noise's standard deviation, m (rad).",
            ),
            field(
                "seed",
                "number",
                "The noise's seed: the same seed, the same noise.",
            ),
            field(
                "dtSpike",
                "[number, number] | null",
                "`[time (s), factor]`: one step that long, or null.",
            ),
        ],
    };
}

impl Default for Disturbances {
    /// [`Disturbances::STEP_ONLY`].
    fn default() -> Self {
        Self::STEP_ONLY
    }
}

impl Disturbances {
    /// A target step from 0 to 1 m at t = 0, nothing else (the default, usable in constants).
    pub const STEP_ONLY: Disturbances = Disturbances {
        target_start: 1.0,
        target_step: None,
        target_velocity: 0.0,
        sideswipe: None,
        constant_force: 0.0,
        noise: 0.0,
        seed: 1,
        dt_spike: None,
    };

    /// Checks every value. Magnitudes are capped (1e9 for positions, impulses and
    /// forces, 1e6 for speeds and noise) so that no run can overflow to infinity.
    pub fn validate(&self) -> Result<(), Error> {
        in_range("target_start", self.target_start, -LARGE, LARGE)?;
        if let Some((t, x)) = self.target_step {
            non_negative("target_step.time", t)?;
            in_range("target_step.to", x, -LARGE, LARGE)?;
        }
        in_range("target_velocity", self.target_velocity, -FAST, FAST)?;
        if let Some((t, j)) = self.sideswipe {
            non_negative("sideswipe.time", t)?;
            in_range("sideswipe.impulse", j, -LARGE, LARGE)?;
        }
        in_range("constant_force", self.constant_force, -LARGE, LARGE)?;
        non_negative("noise", self.noise)?;
        in_range("noise", self.noise, 0.0, FAST)?;
        if let Some((t, factor)) = self.dt_spike {
            non_negative("dt_spike.time", t)?;
            positive("dt_spike.factor", factor)?;
            if factor > 1e3 {
                return Err(Error::OutOfRange {
                    field: "dt_spike.factor",
                    value: factor,
                    min: 0.0,
                    max: 1e3,
                });
            }
        }
        Ok(())
    }
}
