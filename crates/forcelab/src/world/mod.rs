//! Worlds: many bodies stepped together in one call, each by its own controller.

mod missile_swarm;
mod planar_lanes;
mod planar_step;
mod precision;
mod swarm;
mod world1;
mod world2;
mod world3;

pub use missile_swarm::{MissileSwarm, SwarmGains, ARENA, MAX_MISSILES};
pub use precision::Real;
pub use swarm::planar_swarm;
pub use world1::{World1, DIVERGED_LIMIT};
pub use world2::{PlanarBody, PlanarWorld, World2, World2F32};
pub use world3::World3;
