use super::pid_memory::PidMemory;
use super::pid_program::{self as pid, BACK_CALCULATION, CLAMPED, CONDITIONAL, FILTERED, ON_ERROR};
use super::{Pid, Target3, Terms3};
use crate::body::Body3;
use crate::error::{positive, Error};
use crate::program::{memory, Choice, MemoryKind, Program, Statement::*};
use crate::rotation::error_vector;
use glam::{DQuat, DVec3};

/// A PID on orientation, as a game developer writes it for `AddTorque`: the error is
/// the shortest world rotation vector `e = rotation_vector(q_t q^-1)` (rad) and every
/// term acts on it as the 1-D [`Pid`] does on a position, with gains in torque units
/// (`kp` N m/rad, `ki` N m/(rad s), `kd` N m s/rad) and the torque applied unweighted
/// by the inertia:
///
/// `tau = clamp(kp e + I + D, output_limit)`, `I = clamp(sum ki e dt, integral_limit)`,
/// `D = kd (e - e_prev) / dt` (on error) or `-kd r / dt` (on measurement), where `r`
/// is the rotation vector from the previous measured orientation to this one
/// (`r / dt` is the measured angular velocity, so a target that jumps gives no kick).
///
/// The clamps limit the vector's length (N m), so they do not depend on the world's
/// axes; about one fixed axis the law is the 1-D PID on the angle (to round-off: the
/// angle comes back through a quaternion).
/// Conditional integration holds the integral when the output is clamped and
/// `e . u > 0` (the error pushes further into the clamp). The target's angular velocity
/// is not read: like the 1-D PID, this law knows only the setpoint.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PidTorque {
    /// Gains and settings, in torque units; its own one-signal state is not used.
    pub settings: Pid,
    memory: PidMemory<DVec3>,
    previous: Option<DQuat>,
}

impl PidTorque {
    /// A 3-D PID with these settings, its memory empty.
    pub fn new(settings: Pid) -> Result<PidTorque, Error> {
        settings.validate()?;
        Ok(PidTorque {
            settings,
            memory: PidMemory::default(),
            previous: None,
        })
    }

    /// Forgets the integral and the previous samples.
    pub fn reset(&mut self) {
        self.memory = PidMemory::default();
        self.previous = None;
    }

    /// The integral contribution held now, N m.
    pub fn integral(&self) -> DVec3 {
        self.memory.integral()
    }

    /// One sample: the world torque (N m) on `body` toward `target`, `dt` s after the
    /// last sample. The first sample has no derivative. An output that overflows is
    /// refused with an error and the memory is left as it was.
    pub fn torque(&mut self, body: &Body3, target: &Target3, dt: f64) -> Result<Terms3, Error> {
        self.settings.validate()?;
        body.validate()?;
        target.validate()?;
        positive("dt", dt)?;
        let q = body.orientation;
        let error = error_vector(q, target.orientation);
        let moved = self.previous.map_or(DVec3::ZERO, |p| error_vector(p, q));
        let mut memory = self.memory;
        let [p, i, d, total] = memory.update(&self.settings, error, moved, dt);
        let terms = Terms3 {
            p,
            i,
            d,
            ff: DVec3::ZERO,
            total,
        }
        .finite()?;
        self.memory = memory;
        self.previous = Some(q);
        Ok(terms)
    }
}

/// [`PidTorque`] written out for engines that do not run forcelab (see
/// [`program`](crate::program)), with the card's choices made and the Lab's gains
/// scaled to torque gains by `Scale`: `e = RotationVector(q, q_t)`, `D = kd (e -
/// e_prev) / dt` or `-kd RotationVector(q_prev, q) / dt`, the integral and the torque
/// clamped by length (N m), and the 1-D PID's anti-windup modes on the vectors.
pub(crate) const VECTOR_PROGRAM: Program = Program {
    source: &pid::source(
        "crates/forcelab/src/controllers/pid_torque.rs, a PID on the rotation vector to the target (derivative on the ",
        "); the limits bound the torque's length",
    ),
    settings: &pid::settings(
        false,
        "the integral term's limit, N m",
        "the actuator's limit, N m",
    ),
    memory: &[
        memory("integral", MemoryKind::Vector, "the integral term, N m", None),
        memory(
            "previousError",
            MemoryKind::Vector,
            "last step's error, rad",
            Some(ON_ERROR),
        ),
        memory(
            "previous",
            MemoryKind::Orientation,
            "last step's orientation",
            Some(Choice::Is("derivativeOn", "measurement")),
        ),
        memory(
            "filtered",
            MemoryKind::Vector,
            "the filtered derivative term, N m",
            Some(FILTERED),
        ),
        memory("started", MemoryKind::Bool, "whether there was a last step", None),
    ],
    step: &[
        LetVector("error", "RotationVector(q, qt)"),
        When(
            ON_ERROR,
            &[LetVector(
                "derivative",
                "started ? (kd * Scale / dt) * (error - previousError) : ZERO",
            )],
            &[LetVector(
                "derivative",
                "started ? (-kd * Scale / dt) * RotationVector(previous, q) : ZERO",
            )],
        ),
        When(
            FILTERED,
            &[
                Set(
                    "filtered",
                    "started ? filtered + (dt / (derivativeFilter + dt)) * (derivative - filtered) : derivative",
                ),
                Set("derivative", "filtered"),
            ],
            &[],
        ),
        LetVector("p", "(kp * Scale) * error"),
        LetVector(
            "candidate",
            "ClampLength(integral + (ki * Scale * dt) * error, integralLimit)",
        ),
        // The unclamped sum only where the output can saturate and the mode reacts to it.
        When(
            CLAMPED,
            &[When(
                Choice::Is("antiWindup", "clamp"),
                &[],
                &[LetVector("unsaturated", "p + candidate + derivative")],
            )],
            &[],
        ),
        When(
            BACK_CALCULATION,
            &[
                LetVector("output", "ClampLength(unsaturated, outputLimit)"),
                Set(
                    "integral",
                    "ClampLength(candidate + (kt * dt) * (output - unsaturated), integralLimit)",
                ),
            ],
            &[When(
                CONDITIONAL,
                &[
                    Note("Hold the integral while the torque is clamped and the error pushes deeper."),
                    If(
                        "!(Length(unsaturated) > outputLimit && Dot(error, unsaturated) > 0.0)",
                        &[Set("integral", "candidate")],
                        &[],
                    ),
                ],
                &[Set("integral", "candidate")],
            )],
        ),
        When(
            ON_ERROR,
            &[Set("previousError", "error")],
            &[Set("previous", "q")],
        ),
        Set("started", "true"),
        LetVector("torque", "ClampLength(p + integral + derivative, outputLimit)"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controllers::{AntiWindup, DerivativeOn};
    use crate::rotation::from_rotation_vector;

    fn every_setting() -> [Pid; 4] {
        let base = Pid {
            output_limit: 3.0,
            integral_limit: 1.5,
            ..Pid::new(40.0, 30.0, 6.0)
        };
        [
            base,
            Pid {
                derivative_on: DerivativeOn::Error,
                derivative_filter: 0.05,
                ..base
            },
            Pid {
                anti_windup: AntiWindup::BackCalculation { kt: 4.0 },
                ..base
            },
            Pid {
                anti_windup: AntiWindup::Clamp,
                integral_limit: f64::INFINITY,
                ..base
            },
        ]
    }

    #[test]
    fn about_one_axis_it_is_the_scalar_pid() {
        // A body turning about z only: the angle is a scalar signal, and the 3-D law's
        // z component must be what the 1-D PID makes of it.
        for settings in every_setting() {
            let mut scalar = settings;
            let mut vector = PidTorque::new(settings).unwrap();
            let mut body = Body3 {
                inertia: DVec3::splat(0.4),
                ..Body3::default()
            };
            let (mut angle, dt) = (0.0, 1.0 / 60.0);
            let targets = [1.2, 1.2, -0.5];
            for step in 0..240 {
                let goal = targets[step / 80];
                let target = Target3::facing(DQuat::from_rotation_z(goal));
                let t = vector.torque(&body, &target, dt).unwrap();
                let s = scalar.step(goal, angle, dt).unwrap();
                let near = |a: f64, b: f64| (a - b).abs() <= 1e-9 * (1.0 + b.abs());
                assert!(near(t.total.z, s.total), "step {step}: {t:?} {s:?}");
                assert_eq!([t.total.x, t.total.y], [0.0, 0.0]);
                assert!(near(vector.integral().z, scalar.integral()), "step {step}");
                angle += dt * (body.angular_velocity.z + dt * s.total / 0.4);
                body.angular_velocity.z += dt * s.total / 0.4;
                body.orientation = DQuat::from_rotation_z(angle);
            }
        }
    }

    #[test]
    fn the_output_clamp_limits_the_torque_s_length_whatever_the_axis() {
        let mut pid = PidTorque::new(Pid {
            output_limit: 2.0,
            ..Pid::new(100.0, 0.0, 0.0)
        })
        .unwrap();
        let target = Target3::facing(from_rotation_vector(DVec3::new(0.4, -0.8, 0.6)));
        let t = pid.torque(&Body3::default(), &target, 0.01).unwrap();
        assert!((t.total.length() - 2.0).abs() < 1e-12, "{}", t.total);
        assert!(t.total.normalize().dot(t.p.normalize()) > 1.0 - 1e-12);
    }

    #[test]
    fn it_settles_the_box_and_its_integral_holds_a_constant_load() {
        let mut pid = PidTorque::new(Pid::new(4.0, 3.0, 1.5)).unwrap();
        let mut body = Body3::cuboid(1.0, DVec3::new(1.0, 0.5, 0.25));
        let target = Target3::facing(from_rotation_vector(DVec3::new(0.4, -0.8, 0.6)));
        let load = DVec3::new(0.05, -0.02, 0.03);
        for _ in 0..6000 {
            let t = pid.torque(&body, &target, 1.0 / 60.0).unwrap().total;
            body.step(DVec3::ZERO, t + load, 1.0 / 60.0).unwrap();
        }
        let left = error_vector(body.orientation, target.orientation).length();
        assert!(left < 1e-6, "{left}");
        assert!(
            (pid.integral() + load).length() < 1e-6,
            "{}",
            pid.integral()
        );
    }

    #[test]
    fn refuses_bad_settings_and_keeps_its_memory_on_an_error() {
        assert_eq!(
            PidTorque::new(Pid::new(-1.0, 0.0, 0.0))
                .unwrap_err()
                .field(),
            "kp"
        );
        let mut pid = PidTorque::new(Pid::new(1.0, 1.0, 1.0)).unwrap();
        let target = Target3::facing(DQuat::from_rotation_x(0.5));
        pid.torque(&Body3::default(), &target, 0.1).unwrap();
        let before = pid;
        assert_eq!(
            pid.torque(&Body3::default(), &target, 0.0)
                .unwrap_err()
                .field(),
            "dt"
        );
        assert_eq!(pid, before);
    }
}
