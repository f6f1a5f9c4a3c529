//! The PID written out for engines that do not run forcelab (see
//! [`program`](crate::program)): the 1-D law of [`Pid`](super::Pid) as a program, and
//! the pieces the box's PID ([`pid_torque`](super::pid_torque)) declares its vector
//! program with (the source line, the settings, the card's choices), so that both say
//! them once.

use crate::program::{
    memory, setting, Choice, From, MemoryKind, Program, Setting, Statement::*, Text,
};

/// [`Pid`](super::Pid) on the cube and the plate written out for engines: the arithmetic
/// of its `step` (the memory's update in `pid_memory.rs`), which the page's unit tests
/// hold it to by running it against the core.
pub(crate) const PROGRAM: Program = Program {
    source: &source(
        "crates/forcelab/src/controllers/pid.rs (derivative on the ",
        ")",
    ),
    settings: &settings(
        true,
        "the integral term's limit, N",
        "the actuator's limit, N",
    ),
    memory: &[
        memory("integral", MemoryKind::Number, "the integral term, N", None),
        memory(
            "previousError",
            MemoryKind::Number,
            "last step's error, m",
            Some(ON_ERROR),
        ),
        memory(
            "previousMeasurement",
            MemoryKind::Number,
            "last step's position, m",
            Some(Choice::Is("derivativeOn", "measurement")),
        ),
        memory(
            "filtered",
            MemoryKind::Number,
            "the filtered derivative term, N",
            Some(FILTERED),
        ),
        memory(
            "started",
            MemoryKind::Bool,
            "whether there was a last step",
            None,
        ),
    ],
    step: &[
        Let("error", "xt - x"),
        Let("derivative", "0.0"),
        If(
            "started",
            &[When(
                ON_ERROR,
                &[Set("derivative", "kd * (error - previousError) / dt")],
                &[Set("derivative", "-kd * (x - previousMeasurement) / dt")],
            )],
            &[],
        ),
        When(
            FILTERED,
            &[
                If(
                    "started",
                    &[Set(
                        "filtered",
                        "filtered + dt / (derivativeFilter + dt) * (derivative - filtered)",
                    )],
                    &[Set("filtered", "derivative")],
                ),
                Set("derivative", "filtered"),
            ],
            &[],
        ),
        Let("p", "kp * error"),
        Let(
            "candidate",
            "Clamp(integral + ki * error * dt, integralLimit)",
        ),
        // The unclamped sum only where the output can saturate and the mode reacts to it.
        When(
            CLAMPED,
            &[When(
                Choice::Is("antiWindup", "clamp"),
                &[],
                &[
                    Let("unsaturated", "p + candidate + derivative"),
                    Let("output", "Clamp(unsaturated, outputLimit)"),
                ],
            )],
            &[],
        ),
        When(
            BACK_CALCULATION,
            &[Set(
                "integral",
                "Clamp(candidate + kt * (output - unsaturated) * dt, integralLimit)",
            )],
            // Conditional integration holds the integral while the output is clamped and
            // the error pushes deeper.
            &[When(
                CONDITIONAL,
                &[If(
                    "!(output != unsaturated && error * unsaturated > 0.0)",
                    &[Set("integral", "candidate")],
                    &[],
                )],
                &[Set("integral", "candidate")],
            )],
        ),
        When(
            ON_ERROR,
            &[Set("previousError", "error")],
            &[Set("previousMeasurement", "x")],
        ),
        Set("started", "true"),
        Let("force", "Clamp(p + integral + derivative, outputLimit)"),
    ],
};

/// A PID program's source line: `head`, where the derivative acts and the anti-windup
/// mode (none is needed without an output clamp), then `tail`.
pub(super) const fn source(head: &'static str, tail: &'static str) -> [Text; 5] {
    [
        Text::Words(head),
        Text::When(
            ON_ERROR,
            &[Text::Words("error")],
            &[Text::Words("measurement")],
        ),
        Text::Words("; anti-windup: "),
        Text::When(
            CLAMPED,
            &[Text::Value("antiWindup")],
            &[Text::Words("none needed (no output clamp)")],
        ),
        Text::Words(tail),
    ]
}

/// A PID program's settings after the catalogue's gains: `ki`, the limits the card
/// switched on (their docs with the effort's unit: N, or N m on the box), the
/// derivative's filter and the back-calculation gain where they act; `scaled` on a
/// turning coordinate of the plate (see [`Setting::scaled`](crate::program::Setting)).
pub(super) const fn settings(
    scaled: bool,
    integral_limit: &'static str,
    output_limit: &'static str,
) -> [Setting; 5] {
    [
        setting(
            "ki",
            From::Gain("ki"),
            scaled,
            "integral gain, N/(m s)",
            None,
        ),
        setting(
            "integralLimit",
            From::Option("integralLimit"),
            scaled,
            integral_limit,
            Some(Choice::On("integralLimit")),
        ),
        setting(
            "outputLimit",
            From::Option("outputLimit"),
            scaled,
            output_limit,
            Some(CLAMPED),
        ),
        setting(
            "derivativeFilter",
            From::Option("derivativeFilter"),
            false,
            "time constant of the low-pass on the derivative, s",
            Some(FILTERED),
        ),
        setting(
            "kt",
            From::Option("kt"),
            false,
            "back-calculation tracking gain, 1/s",
            Some(BACK_CALCULATION),
        ),
    ]
}

/// The card's choices a PID's program depends on (the box's PID reads them too).
pub(super) const ON_ERROR: Choice = Choice::Is("derivativeOn", "error");
/// The output clamp switched on.
pub(super) const CLAMPED: Choice = Choice::On("outputLimit");
/// A low-pass on the derivative.
pub(super) const FILTERED: Choice = Choice::On("derivativeFilter");
/// Back-calculation, which only acts when the output can saturate.
pub(super) const BACK_CALCULATION: Choice =
    Choice::All(&[CLAMPED, Choice::Is("antiWindup", "back-calculation")]);
/// Conditional integration, which only acts when the output can saturate.
pub(super) const CONDITIONAL: Choice =
    Choice::All(&[CLAMPED, Choice::Is("antiWindup", "conditional-integration")]);
