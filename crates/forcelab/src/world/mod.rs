//! Worlds: many bodies stepped together in one call, each by its own controller.

mod world1;

pub use world1::{World1, DIVERGED_LIMIT};
