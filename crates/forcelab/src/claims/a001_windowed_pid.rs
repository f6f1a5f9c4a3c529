//! Article 001 (windowed PID): the printed Simpson integral.

use super::common::*;
use super::{Claim, Verdict};

pub(super) fn simpson_integral() -> Claim {
    let dt = 0.01; // the article's default
    let ones = [1.0; 7];
    let printed = published::simpson_as_printed(&ones, dt);
    let exact = 6.0 * dt;
    Claim {
        id: "simpson-integral",
        article: A001,
        chapter: "06-pid-turning",
        preset: None,
        claim: "the PID class integrates its error window with the composite Simpson rule",
        figure: printed / exact,
        unit: "printed integral / true integral of a constant error over the 7-sample window",
        integrator: "sampled at the article's dt = 0.01 s",
        verdict: if (printed / exact - 1.0).abs() > 1e-9 { Verdict::DoesNotHold } else { Verdict::Holds },
        conditions: "the listing divides the weighted sum by 3 dt instead of multiplying by dt/3 (1/dt^2 too large) \
         and mis-weights the even windows (4 and 6 samples) while filling"
            .to_string(),
    }
}
