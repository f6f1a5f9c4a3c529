//! Control laws, one file per family. Each is a plain struct of public gains with a
//! `Default` that works, a `validate()` and one method that returns every term's
//! contribution as well as the total ([`Terms`]).

mod backward_pd;
mod controller1;
mod forward_pd;
mod spd;
mod target;
mod terms;

pub use backward_pd::BackwardPd;
pub use controller1::{Controller1, ControllerKind};
pub use forward_pd::ForwardPd;
pub use spd::Spd;
pub use target::Target1;
pub use terms::Terms;
