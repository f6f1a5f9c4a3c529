//! Limits shared by every runner (worlds, the Lab, scenes), declared once.

/// A position or velocity beyond this magnitude (m or m/s) marks a body as diverged.
/// Far below `f64::MAX`, so the numbers on screen stay readable and finite.
pub const DIVERGED_LIMIT: f64 = 1e9;
