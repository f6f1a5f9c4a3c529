//! The poles of a sampled closed loop whose controller has memory (the PIDs): a body
//! stepped by an integrator under a force held over each step, fed back through the
//! controller's transfer function. With `X(z) = P(z) U(z)` (the plant) and
//! `U(z) = -C(z) X(z)` (the controller acting on the error, the target at rest), the
//! poles are the roots of `den_P den_C + num_P num_C`. For the memoryless linear laws
//! the atlas's 2 x 2 one-step map gives them (`one_step_matrix`, `eigenvalues`).

use super::{polynomial, Complex};
use crate::body::Body1;
use crate::catalogue::LawId;
use crate::controllers::{simpson, Controller1, Pid, WindowedPid, NO_INTEGRAL};
use crate::error::Error;
use crate::integrator::Integrator;
use crate::published::simpson_as_printed;

/// A transfer function `num(z) / den(z)`, coefficients lowest degree first.
#[derive(Clone, Debug, PartialEq)]
pub struct Transfer {
    /// Numerator.
    pub num: Vec<f64>,
    /// Denominator.
    pub den: Vec<f64>,
}

/// From force to position of a body of `mass` kg stepped every `dt` by `integrator`
/// under a force held over the step: `[x, v]' = A [x, v] + B F / m`, so
/// `P(z) = [1 0] adj(zI - A) B / (m det(zI - A))`. `A` and `B` are read off
/// [`Body1::step`] itself (it is linear), so the model is the integrator the Lab runs:
/// for semi-implicit Euler `P = dt^2 z / (m (z - 1)^2)`.
pub fn plant(integrator: Integrator, mass: f64, dt: f64) -> Result<Transfer, Error> {
    let after = |x: f64, v: f64, force: f64| -> Result<[f64; 2], Error> {
        let mut b = Body1 {
            x,
            v,
            mass,
            integrator,
        };
        b.step(force, dt)?;
        Ok([b.x, b.v])
    };
    let [a00, a10] = after(1.0, 0.0, 0.0)?;
    let [a01, a11] = after(0.0, 1.0, 0.0)?;
    let [b0, b1] = after(0.0, 0.0, 1.0)?;
    Ok(Transfer {
        num: vec![a01 * b1 - a11 * b0, b0],
        den: vec![a00 * a11 - a01 * a10, -(a00 + a11), 1.0],
    })
}

/// The [`Pid`] as a transfer function from `-x` (the error, target at rest) to the
/// force, unsaturated, the derivative low-passed (`beta = T / (T + dt)`, 0 unfiltered):
/// `C = kp + ki dt z / (z - 1) + kd (1 - beta) (z - 1) / (dt (z - beta))`, written over
/// `dt (z - 1) (z - beta)`; with `ki = 0` the integral's factor `z - 1` is left out (its
/// state never moves, so it is no pole of the response). On the error or on the
/// measurement, the derivative is the same while the target rests.
pub fn pid(c: &Pid, dt: f64) -> Transfer {
    use polynomial::{product, scaled, sum};
    let beta = c.derivative_filter / (c.derivative_filter + dt);
    let alpha = 1.0 - beta;
    let z_minus_1 = [-1.0, 1.0];
    let z_minus_beta = [-beta, 1.0];
    let integrating: &[f64] = if c.ki != 0.0 { &z_minus_1 } else { &[1.0] };
    let p = scaled(&product(integrating, &z_minus_beta), c.kp * dt);
    let d = scaled(&product(integrating, &z_minus_1), c.kd * alpha);
    let mut num = sum(&p, &d);
    if c.ki != 0.0 {
        num = sum(
            &num,
            &scaled(&product(&[0.0, 1.0], &z_minus_beta), c.ki * dt * dt),
        );
    }
    Transfer {
        num,
        den: scaled(&product(integrating, &z_minus_beta), dt),
    }
}

/// The [`WindowedPid`] once its window is full, as a transfer function from the error
/// to the force: `g (kp e_n + ki sum_j w_j e_(n-W+1+j) + kd (e_n - e_(n-1)) / dt)` over
/// `z^(W-1)`, with the window integral's weights `w_j = integrate(unit_j, dt)` read off
/// the rule itself (Simpson for the corrected law, the listing's for the printed one).
pub fn windowed_pid(c: &WindowedPid, integrate: fn(&[f64], f64) -> f64, dt: f64) -> Transfer {
    let w = c.window;
    let mut num = vec![0.0; w];
    let mut unit = vec![0.0; w];
    for (j, n) in num.iter_mut().enumerate() {
        unit[j] = 1.0;
        *n = c.ki * integrate(&unit, dt);
        unit[j] = 0.0;
    }
    num[w - 1] += c.kp + c.kd / dt;
    num[w - 2] -= c.kd / dt;
    let mut den = vec![0.0; w];
    den[w - 1] = 1.0;
    Transfer {
        num: polynomial::scaled(&num, c.plant_gain),
        den,
    }
}

/// The transfer function of a controller with memory as the Lab runs it every `dt`
/// (the PIDs: [`pid`], [`windowed_pid`] with Simpson or the listing's rule); `None` for
/// the others (the memoryless linear laws have the atlas's 2 x 2 map instead).
pub fn controller(c: &Controller1, dt: f64) -> Option<Transfer> {
    match c {
        Controller1::Pid(c) => Some(pid(c, dt)),
        Controller1::WindowedPid(c) => Some(windowed_pid(c, simpson, dt)),
        Controller1::WindowedPidAsPrinted(c) => Some(windowed_pid(&c.0, simpson_as_printed, dt)),
        _ => None,
    }
}

/// The closed-loop poles of `law` on a unit mass stepped by `integrator` every `dt`, at
/// gains per unit mass `kp` (1/s^2), `kd` (1/s), `ki` (1/s^3), largest modulus first:
/// the one-step map's two eigenvalues for a memoryless linear law
/// ([`one_step_matrix`](super::one_step_matrix)), the characteristic polynomial's roots
/// for the PIDs with their default options ([`of_pid`]). Refused for a law with
/// neither (the one-step laws), and for a negative gain or a `dt` not above 0.
pub fn of_law(
    law: LawId,
    integrator: Integrator,
    kp: f64,
    kd: f64,
    ki: f64,
    dt: f64,
) -> Result<Vec<Complex>, Error> {
    for (field, gain) in [("kp", kp), ("kd", kd), ("ki", ki)] {
        crate::error::non_negative(field, gain)?;
    }
    crate::error::positive("dt", dt)?;
    if law.law().linear {
        if ki != 0.0 {
            return Err(NO_INTEGRAL);
        }
        let [a, b] = super::eigenvalues(super::one_step_matrix(law, integrator, kp, kd, dt)?);
        return Ok(if a.abs() >= b.abs() {
            vec![a, b]
        } else {
            vec![b, a]
        });
    }
    of_pid(&plant(integrator, 1.0, dt)?, law, kp, kd, ki, dt)
}

/// The closed-loop poles of the PID `law` with its default options (derivative on the
/// measurement, unfiltered; window 7, plant gain 1) on `plant` (from [`plant`], read off
/// once by a caller that sweeps gains), largest modulus first. Refused for a law
/// without memory.
pub fn of_pid(
    plant: &Transfer,
    law: LawId,
    kp: f64,
    kd: f64,
    ki: f64,
    dt: f64,
) -> Result<Vec<Complex>, Error> {
    let mut c = Controller1::new(law, kp, kd, 1.0)?;
    c.set_integral_gain(ki)?;
    let transfer = controller(&c, dt).ok_or(Error::Unsupported {
        field: "law",
        reason: "the poles cover the linear laws and the PIDs (catalogue::atlas_laws)",
    })?;
    Ok(poles(plant, &transfer))
}

/// The closed loop's characteristic polynomial `den_P den_C + num_P num_C`.
pub fn characteristic(plant: &Transfer, controller: &Transfer) -> Vec<f64> {
    polynomial::sum(
        &polynomial::product(&plant.den, &controller.den),
        &polynomial::product(&plant.num, &controller.num),
    )
}

/// The closed loop's poles, largest modulus first.
pub fn poles(plant: &Transfer, controller: &Transfer) -> Vec<Complex> {
    polynomial::roots(&characteristic(plant, controller))
}

#[cfg(test)]
mod tests;
