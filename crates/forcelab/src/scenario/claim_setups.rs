//! The numbers a claim measures where no chapter figure stands beside it: each setup is
//! a named preset ([`super::registry`]) that exactly one claim family reads, so a claim's
//! scenario is data in one place rather than literals inside the measurement.

use crate::body::Body3;
use crate::engines::Intent;
use crate::rotation::from_rotation_vector;
use core::f64::consts::TAU;
use glam::{DQuat, DVec3};

/// A body, the orientation asked of it and the step (`"tilted-box"`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TiltedBox {
    /// The body, at rest.
    pub body: Body3,
    /// The goal orientation.
    pub goal: DQuat,
    /// Step, s.
    pub dt: f64,
}

/// A box with unequal moments (0.2, 1, 2.5 kg m^2) whose principal frame is turned 0.6
/// rad about the body z axis, at rest, a goal orientation about 1 rad away, at 60 Hz:
/// the case where article 002's one-step torque as printed and the corrected one part
/// ways.
pub fn tilted_box() -> TiltedBox {
    TiltedBox {
        body: Body3 {
            inertia: DVec3::new(0.2, 1.0, 2.5),
            inertia_rotation: from_rotation_vector(DVec3::new(0.0, 0.0, 0.6)),
            ..Body3::default()
        },
        goal: from_rotation_vector(DVec3::new(0.3, 0.9, -0.4)),
        dt: 1.0 / 60.0,
    }
}

/// A cube step response at moderate gains (`"spd-brake"`): where all three laws of chapter
/// 4 are stable and the question is only which brakes earlier.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpdBrake {
    /// Stiffness, N/m.
    pub kp: f64,
    /// Damping, N s/m.
    pub kd: f64,
    /// Step, s (1/60 s to the six digits the Lab's links carry).
    pub dt: f64,
    /// The body's mass, kg.
    pub mass: f64,
    /// Where the target sits, m (the body starts at rest at 0).
    pub target: f64,
    /// Length of the run, s.
    pub horizon: f64,
}

/// kp 400 N/m, kd 20 N s/m on 1 kg (zeta = 0.5), 60 Hz, a 1 m step for 3 s: the gains
/// chapter 4's figure opened on before it moved to stiff gains to show SPD's stability.
pub const SPD_BRAKE: SpdBrake = SpdBrake {
    kp: 400.0,
    kd: 20.0,
    dt: 0.016_666_7,
    mass: 1.0,
    target: 1.0,
    horizon: 3.0,
};

/// One state, target and gains at which article 000's simplified SPD and a forward PD
/// with damping `kd + kp dt` are compared force for force (`"spd-probe"`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpdProbe {
    /// Stiffness, N/m.
    pub kp: f64,
    /// Damping, N s/m.
    pub kd: f64,
    /// Step, s.
    pub dt: f64,
    /// The body's position (m) and velocity (m/s), off the target and moving away.
    pub body: [f64; 2],
    /// The target's position (m) and velocity (m/s), moving, so both damping terms act.
    pub target: [f64; 2],
}

/// The probe: an arbitrary state where every term of both forces is non-zero.
pub const SPD_PROBE: SpdProbe = SpdProbe {
    kp: 350.0,
    kd: 12.0,
    dt: 1.0 / 60.0,
    body: [0.3, -1.1],
    target: [1.0, 0.5],
};

/// Wu's "frequency f reaches 95 % in 1/f s" measured over several frequencies, each at
/// damping 1 on a unit mass, stepping toward a unit target (`"wu-frequency-sweep"`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WuFrequencySweep {
    /// The frequencies tried, Hz.
    pub frequencies: [f64; 3],
    /// Wu's damping, unitless.
    pub damping: f64,
    /// Step, s.
    pub dt: f64,
    /// Longest wait for 95 %, s.
    pub horizon: f64,
}

/// 1, 2 and 6 Hz at 60 Hz: slow, middling and a tenth of the step rate.
pub const WU_FREQUENCY_SWEEP: WuFrequencySweep = WuFrequencySweep {
    frequencies: [1.0, 2.0, 6.0],
    damping: 1.0,
    dt: 1.0 / 60.0,
    horizon: 20.0,
};

/// Article 002's "stable torque PD" listing run as printed and corrected on a unit
/// inertia turning toward a goal (`"wu-torque-listing"`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WuTorqueListing {
    /// Wu's frequency, Hz.
    pub frequency: f64,
    /// Wu's damping, unitless.
    pub damping: f64,
    /// The goal orientation as a rotation vector, rad.
    pub goal: [f64; 3],
    /// Step, s.
    pub dt: f64,
    /// Steps run.
    pub steps: usize,
}

/// 40 Hz at 60 Hz: kp dt^2 = 4 on a unit inertia, past forward PD's bound, which is
/// where the printed listing (a forward PD) and the backward PD part ways.
pub const WU_TORQUE_LISTING: WuTorqueListing = WuTorqueListing {
    frequency: 40.0,
    damping: 1.0,
    goal: [0.0, 1.0, 0.0],
    dt: 1.0 / 60.0,
    steps: 600,
};

/// Proportional pitch control of the submarine hull against a steady load
/// (`"p-only-load"`): the offset the integral exists to remove.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SteadyLoad {
    /// Pitch stiffness, N m/rad.
    pub kp: f64,
    /// The hull's angular damping, 1/s: enough for P alone to settle.
    pub angular_damping: f64,
    /// The load about the pitch axis, N m.
    pub load: f64,
    /// Length of the run, s.
    pub seconds: f64,
}

/// 400 N m/rad against 40 N m: an expected offset of 0.1 rad.
pub const P_ONLY_LOAD: SteadyLoad = SteadyLoad {
    kp: 400.0,
    angular_damping: 2.0,
    load: 40.0,
    seconds: 60.0,
};

/// A PID on a unit mass held short of its setpoint while its output saturates, then
/// released (`"windup"`), with and without its integral clamp.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Windup {
    /// Proportional gain, N/m.
    pub kp: f64,
    /// Integral gain, N/(m s).
    pub ki: f64,
    /// The body's own damping, N s/m.
    pub damping: f64,
    /// The actuator's limit, N.
    pub output_limit: f64,
    /// The integral clamp, m s.
    pub integral_limit: f64,
    /// The setpoint, m.
    pub setpoint: f64,
    /// Where the body is held, m, and for how long, s.
    pub hold: [f64; 2],
    /// Length of the run, s.
    pub seconds: f64,
    /// Step, s.
    pub dt: f64,
}

/// Held at half the setpoint for 5 s of a 15 s run at 100 Hz.
pub const WINDUP: Windup = Windup {
    kp: 2.0,
    ki: 4.0,
    damping: 2.0,
    output_limit: 5.0,
    integral_limit: 1.0,
    setpoint: 1.0,
    hold: [0.5, 5.0],
    seconds: 15.0,
    dt: 0.01,
};

/// The same engine knobs on a light and a heavy body (`"engine-mass-gap"`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EngineMassGap {
    /// The intent the knobs are set from, on the light body.
    pub intent: Intent,
    /// The heavy body's mass, kg.
    pub heavy_mass: f64,
    /// Steps compared.
    pub steps: usize,
}

/// 2 Hz, damping ratio 0.5, 1 kg against 50 kg, 3 s at 60 Hz.
pub const ENGINE_MASS_GAP: EngineMassGap = EngineMassGap {
    intent: Intent {
        frequency: 2.0,
        damping_ratio: 0.5,
        mass: 1.0,
        dt: 1.0 / 60.0,
        angular: false,
    },
    heavy_mass: 50.0,
    steps: 180,
};

impl EngineMassGap {
    /// The intent's angular frequency `w = 2 pi f`, rad/s.
    pub fn omega(&self) -> f64 {
        TAU * self.intent.frequency
    }
}

/// One intent stepped at two steps: what an engine's drive shows at each
/// (`"engine-steps"`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TwoSteps {
    /// The intent (its `dt` is ignored: the two steps below replace it).
    pub intent: Intent,
    /// The coarse and the fine step, s.
    pub dts: [f64; 2],
}

/// Jolt's documented frequency, 2 Hz at damping 0.2, at 60 and 240 Hz.
pub const JOLT_STEP: TwoSteps = TwoSteps {
    intent: Intent {
        frequency: 2.0,
        damping_ratio: 0.2,
        mass: 1.0,
        dt: 1.0 / 60.0,
        angular: false,
    },
    dts: [1.0 / 60.0, 1.0 / 240.0],
};

/// The translator's intent (3 Hz, damping 0.2) at 30 and 240 Hz.
pub const PHYSX_STEP: TwoSteps = TwoSteps {
    intent: super::TRANSLATOR_INTENT,
    dts: [1.0 / 30.0, 1.0 / 240.0],
};

/// The intent whose damping the MuJoCo claims hold while they search for the largest
/// stable kp (`"engine-sweeps"`): `kv = 2 m zeta w`.
pub const MUJOCO_KP_BOUND: Intent = Intent {
    frequency: 5.0,
    damping_ratio: 0.5,
    mass: 1.0,
    dt: 1.0 / 60.0,
    angular: false,
};

/// Every soft-constraint drive over a log sweep of frequencies and a few damping ratios
/// (`"engine-sweeps"`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoftSweep {
    /// Lowest and highest frequency, Hz (both included).
    pub frequencies: [f64; 2],
    /// Points per decade of frequency.
    pub per_decade: usize,
    /// The damping ratios tried.
    pub damping_ratios: [f64; 4],
    /// Step, s.
    pub dt: f64,
    /// Mass, kg.
    pub mass: f64,
}

/// 0.1 to 1000 Hz, ten points a decade; undamped to overdamped; 1 kg at 60 Hz.
pub const SOFT_SWEEP: SoftSweep = SoftSweep {
    frequencies: [0.1, 1000.0],
    per_decade: 10,
    damping_ratios: [0.0, 0.5, 1.0, 2.0],
    dt: 1.0 / 60.0,
    mass: 1.0,
};

impl SoftSweep {
    /// The sweep's frequencies, Hz, evenly spaced in log.
    pub fn frequencies(&self) -> impl Iterator<Item = f64> {
        let [lo, hi] = self.frequencies;
        let n = ((hi / lo).log10() * self.per_decade as f64).round() as usize;
        let per_decade = self.per_decade as f64;
        (0..=n).map(move |k| lo * 10f64.powf(k as f64 / per_decade))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::ROUND_OFF;

    #[test]
    fn the_soft_sweep_covers_four_decades_at_ten_points_each() {
        let f: Vec<f64> = SOFT_SWEEP.frequencies().collect();
        assert_eq!(f.len(), 41);
        assert_eq!(f[0], 0.1);
        assert!((f[40] / 1000.0 - 1.0).abs() < ROUND_OFF);
    }

    #[test]
    fn the_torque_listing_setup_is_past_forward_pds_bound() {
        // kp = 9 f^2 on a unit inertia: kp dt^2 = 9 (f dt)^2 >= 4.
        let s = WU_TORQUE_LISTING;
        assert!(9.0 * (s.frequency * s.dt).powi(2) >= 4.0 - 1e-12);
    }
}
