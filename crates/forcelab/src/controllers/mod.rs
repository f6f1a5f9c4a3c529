//! Control laws, one file per family. Each is a plain struct of public gains with a
//! `Default` that works, a `validate()` and one method that returns every term's
//! contribution as well as the total ([`Terms`], [`Terms2`], [`Terms3`]).

mod backward_pd;
mod backward_pd_torque;
pub mod chain;
mod controller1;
mod controller3;
mod forward_pd;
mod implicit_pd;
mod one_step;
mod pid;
mod pid_memory;
mod pid_program;
mod pid_torque;
mod prepared;
mod programs;
mod proportional;
mod second_order;
mod soft_step;
mod spd;
mod spd_simplified;
mod spd_torque;
mod steering;
mod submarine;
mod submarine_gains;
mod target;
mod terms;
mod windowed_pid;
mod windowed_pid_as_printed;

pub use crate::catalogue::LawId;
pub use backward_pd::BackwardPd;
pub use backward_pd_torque::BackwardPdTorque;
pub use controller1::{Controller1, NO_INTEGRAL};
pub use controller3::Controller3;
pub use forward_pd::ForwardPd;
pub use implicit_pd::{ImplicitPd, ImplicitPdStep};
pub use one_step::{
    one_step_force, one_step_force2, one_step_force3, one_step_torque2, one_step_torque3,
};
pub use pid::{AntiWindup, DerivativeOn, Pid, PidState};
pub use pid_torque::PidTorque;
pub use prepared::Prepared1;
pub use programs::{program_of, programs, torque_program_of, vector_program_of, Programs};
pub use proportional::{ManualDamping, Proportional};
pub use second_order::SecondOrder;
pub use soft_step::{SoftStep, Softness};
pub use spd::Spd;
pub use spd_simplified::{SpdSimplified, SpdSimplifiedTorque};
pub use spd_torque::SpdTorque;
pub use steering::{HeadingController, Missile, MovingEntity, SteeringOutput};
pub use submarine::{SubmarineAttitude, SubmarineLaw, SubmarineState};
pub use submarine_gains::SubmarineGain;
pub use target::{Target1, Target2, Target3};
pub use terms::{Terms, Terms2, Terms3};
pub use windowed_pid::{simpson, ErrorHistory, WindowedPid, MIN_SAMPLES};
pub use windowed_pid_as_printed::WindowedPidAsPrinted;
