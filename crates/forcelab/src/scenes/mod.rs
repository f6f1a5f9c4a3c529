//! Scenes that are more than one body under one law: the articles' demos, each a small
//! simulation a page steps and reads, with its settings checked by the core.

mod dive;
mod pursuit;
mod tumble;

pub use dive::{
    attitude, four_generations, Dive, DiveSettings, Orders, FIRST_ORDERS, MAX_PITCH, MAX_ROLL,
};
pub use pursuit::{
    default_waypoints, Chaser, Goal, Pursuit, PursuitSettings, Steering, START, WAYPOINTS,
};
pub use tumble::{Tumble, TumbleSettings, MODES};
