//! Article 001 (windowed PID): the printed Simpson integral.

use super::common::*;
use super::{Claim, Verdict};

pub(super) fn simpson_integral() -> Claim {
    let setup = crate::scenario::SIMPSON;
    let dt = setup.dt;
    let ones = vec![1.0; setup.window];
    let printed = published::simpson_as_printed(&ones, dt);
    let exact = (setup.window - 1) as f64 * dt;
    Claim {
        id: "simpson-integral",
        article: A001,
        chapter: "06-pid-turning",
        preset: "simpson",
        claim: "the PID class integrates its error window with the composite Simpson rule",
        figure: printed / exact,
        unit: "printed integral / true integral of a constant error over the article's window",
        integrator: "sampled at the article's dt",
        verdict: if (printed / exact - 1.0).abs() > 1e-9 { Verdict::DoesNotHold } else { Verdict::Holds },
        conditions: "the listing divides the weighted sum by 3 dt instead of multiplying by dt/3 (1/dt^2 too large) \
         and mis-weights the even windows (4 and 6 samples) while filling"
            .to_string(),
    }
}
