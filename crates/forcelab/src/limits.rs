//! Limits shared by every runner (worlds, the Lab, scenes), declared once.

/// A position or velocity beyond this magnitude (m or m/s) marks a body as diverged.
/// Far below `f64::MAX`, so the numbers on screen stay readable and finite.
pub const DIVERGED_LIMIT: f64 = 1e9;

/// The fewest laws a Lab compares: one law alone is a plot, not a comparison.
pub const MIN_LAWS: usize = 2;

/// The most laws a Lab compares side by side (the page's cards); the Lab runs up to
/// twice as many controllers, for the printed twins.
pub const MAX_LAWS: usize = 4;
