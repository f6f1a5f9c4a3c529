//! Reading responses and stability: step-response metrics, the stability atlas of the
//! linear 1-D laws, and article 003's convergence sweep.

mod metrics;

pub use metrics::{MetricsOptions, StepMetrics};
