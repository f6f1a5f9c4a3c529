//! Reading responses and stability: step-response metrics, the closed loop's poles, the
//! stability atlas of the linear 1-D laws and the PIDs, and article 003's convergence
//! sweep.

mod atlas;
mod atlas_points;
#[cfg(test)]
mod box_axis_tests;
pub mod chain_map;
mod complex;
mod convergence;
pub mod fit;
mod metrics;
pub mod poles;
pub mod polynomial;

pub use atlas::{
    effective_gains, eigenvalues, log_axis, one_step_matrix, soft_step_parameters, spectral_radius,
    Atlas, AtlasSpec, STABLE_LIMIT, STABLE_TOLERANCE,
};
pub use atlas_points::{step_set_gains, AtlasPoint};
pub use complex::Complex;
pub use convergence::{convergence_sweep, ConvergenceSeries, ConvergenceSpec};
pub use metrics::{MetricsOptions, StepMetrics};
