use super::{BackwardPd, ForwardPd, Spd, Target1, Terms};
use crate::body::Body1;
use crate::error::Error;

/// Which 1-D force law a [`Controller1`] is, by a stable identifier that URLs, the page
/// and the bindings share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ControllerKind {
    /// [`ForwardPd`], id `"pd"`.
    ForwardPd,
    /// [`BackwardPd`], id `"backward-pd"`.
    BackwardPd,
    /// [`Spd`], id `"spd"`.
    Spd,
}

impl ControllerKind {
    /// Every kind, in menu order.
    pub const ALL: [ControllerKind; 3] = [
        ControllerKind::ForwardPd,
        ControllerKind::BackwardPd,
        ControllerKind::Spd,
    ];

    /// The stable identifier: `"pd"`, `"backward-pd"` or `"spd"`.
    pub fn id(self) -> &'static str {
        match self {
            ControllerKind::ForwardPd => "pd",
            ControllerKind::BackwardPd => "backward-pd",
            ControllerKind::Spd => "spd",
        }
    }

    /// The kind with identifier `id`, if any.
    pub fn from_id(id: &str) -> Option<ControllerKind> {
        ControllerKind::ALL.into_iter().find(|k| k.id() == id)
    }
}

/// Any of the 1-D force laws with gains `kp` (N/m) and `kd` (N s/m), behind one type so
/// that a world can hold a mix of them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Controller1 {
    /// Forward PD, `F = kp e + kd e'` on the current state.
    ForwardPd(ForwardPd),
    /// Wu's backward PD, evaluated on the next state.
    BackwardPd(BackwardPd),
    /// SPD in the paper's form.
    Spd(Spd),
}

impl Controller1 {
    /// A controller of `kind` with gains `kp` (N/m) and `kd` (N s/m), validated.
    pub fn new(kind: ControllerKind, kp: f64, kd: f64) -> Result<Controller1, Error> {
        let c = match kind {
            ControllerKind::ForwardPd => Controller1::ForwardPd(ForwardPd { kp, kd }),
            ControllerKind::BackwardPd => Controller1::BackwardPd(BackwardPd { kp, kd }),
            ControllerKind::Spd => Controller1::Spd(Spd { kp, kd }),
        };
        c.validate()?;
        Ok(c)
    }

    /// Which law this is.
    pub fn kind(&self) -> ControllerKind {
        match self {
            Controller1::ForwardPd(_) => ControllerKind::ForwardPd,
            Controller1::BackwardPd(_) => ControllerKind::BackwardPd,
            Controller1::Spd(_) => ControllerKind::Spd,
        }
    }

    /// The gains `(kp, kd)`.
    pub fn gains(&self) -> (f64, f64) {
        match *self {
            Controller1::ForwardPd(c) => (c.kp, c.kd),
            Controller1::BackwardPd(c) => (c.kp, c.kd),
            Controller1::Spd(c) => (c.kp, c.kd),
        }
    }

    /// Checks the gains.
    pub fn validate(&self) -> Result<(), Error> {
        match self {
            Controller1::ForwardPd(c) => c.validate(),
            Controller1::BackwardPd(c) => c.validate(),
            Controller1::Spd(c) => c.validate(),
        }
    }

    /// The force (N) this law applies to `body` toward `target` for a step of `dt` s.
    pub fn force(&self, body: &Body1, target: &Target1, dt: f64) -> Result<Terms, Error> {
        match self {
            Controller1::ForwardPd(c) => c.force(body, target),
            Controller1::BackwardPd(c) => c.force(body, target, dt),
            Controller1::Spd(c) => c.force(body, target, dt),
        }
    }
}
