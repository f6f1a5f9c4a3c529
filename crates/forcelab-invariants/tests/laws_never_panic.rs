//! Invariant: no public step, force or torque function panics, whatever `f64` it is
//! given (NaN, infinities, subnormals, huge and tiny values): each returns a value or an
//! `Error` whose message names the refused field. The fuzz target `laws` checks the same
//! functions on bytes; inputs it once broke on are kept below.

use forcelab_invariants::laws;
use proptest::prelude::*;

fn any_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        proptest::num::f64::ANY,
        -1e3..1e3f64,
        Just(0.0),
        Just(-0.0),
        Just(f64::MIN_POSITIVE / 2.0),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        // Seeded, so a run is reproducible; `npm run fuzz` explores beyond these cases.
        rng_seed: proptest::test_runner::RngSeed::Fixed(20261121),
        failure_persistence: None,
        ..ProptestConfig::with_cases(2000)
    })]

    #[test]
    fn one_dimensional_laws_never_panic(v in proptest::collection::vec(any_f64(), 10), k in any::<u8>()) {
        laws::one_dimensional(&v, k);
    }

    #[test]
    fn stateful_laws_never_panic(v in proptest::collection::vec(any_f64(), 12), w in 0usize..20) {
        laws::stateful(&v, w);
    }

    #[test]
    fn planar_laws_never_panic(v in proptest::collection::vec(any_f64(), 14), k in any::<u8>()) {
        laws::planar(&v, k);
    }

    #[test]
    fn spatial_laws_never_panic(v in proptest::collection::vec(any_f64(), 20), k in any::<u8>()) {
        laws::spatial(&v, k);
    }
}
