//! Chains for property tests.

use super::{Link, PlanarChain, MAX_LINKS, MIN_LINKS};
use proptest::prelude::*;

/// Any chain of 2 to 5 links, each setting in a wide range (lengths 5 cm to 3 m, masses
/// 50 g to 20 kg, the centre of mass anywhere along the link, point masses included),
/// under standard gravity, with one angle per joint in +-7 rad.
pub fn any_chain() -> impl Strategy<Value = (PlanarChain, Vec<f64>)> {
    (MIN_LINKS..=MAX_LINKS)
        .prop_flat_map(|n| {
            (
                proptest::collection::vec(
                    (0.05..3.0f64, 0.05..20.0f64, 0.0..1.0f64, 0.0..2.0f64),
                    n,
                ),
                proptest::collection::vec(-7.0..7.0f64, n),
            )
        })
        .prop_map(|(links, q)| {
            let links = links
                .into_iter()
                .map(|(length, mass, at, inertia)| Link {
                    length,
                    mass,
                    com: at * length,
                    inertia,
                })
                .collect();
            (PlanarChain::new(links, super::STANDARD_GRAVITY).unwrap(), q)
        })
}
