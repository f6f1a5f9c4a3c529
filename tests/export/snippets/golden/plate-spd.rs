// forcelab: stable PD (SPD) moving a 2.5 kg plate (1 m x 0.5 m) in the plane to a target and turning it to a heading, one fixed step of 0.016666666666666666 s.
// Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
// the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
// The turn uses the same law with gains scaled by I/m (rad, N m), counter-clockwise positive.
// Cargo.toml: forcelab = "0.1"
use forcelab::glam::DVec2;
use forcelab::{angle, Body1, Body2, Controller1, Integrator, LawId, Target1};

const DT: f64 = 0.016666666666666666;
const MASS: f64 = 2.5;
const KP: f64 = 400.0;
const KD: f64 = 40.0;
const KI: f64 = 0.0;
/// Moves to (TARGET, 0) m and turns to a heading of TARGET rad.
const TARGET: f64 = 1.0;

/// One law on one coordinate, its gains scaled by `scale` (I/m for the turn).
fn law(mass: f64, scale: f64) -> Result<Controller1, forcelab::Error> {
    let kind = LawId::from_id("spd").expect("a forcelab law");
    let mut law = Controller1::new(kind, KP * scale, KD * scale, mass)?;
    law.set_integral_gain(KI * scale)?;
    Ok(law)
}

fn main() -> Result<(), forcelab::Error> {
    // A 1 m x 0.5 m plate: I = m (1 + 0.25) / 12.
    let inertia = MASS * 1.25 / 12.0;
    let (mut along_x, mut along_y) = (law(MASS, 1.0)?, law(MASS, 1.0)?);
    // Gains kp I/m, kd I/m: the turn has the move's frequency and damping ratio.
    let mut turn = law(inertia, inertia / MASS)?;
    // Your body here; this one is forcelab's, stepped as the Lab steps it.
    let mut body = Body2 { mass: MASS, inertia, integrator: Integrator::SemiImplicitEuler, ..Body2::default() };
    for _ in 0..360 {
        let b = body;
        let coordinate = |x: f64, v: f64, mass: f64| Body1 { x, v, mass, integrator: b.integrator };
        let fx = along_x.force(&coordinate(b.position.x, b.velocity.x, MASS), &Target1::at(TARGET), DT)?.total;
        let fy = along_y.force(&coordinate(b.position.y, b.velocity.y, MASS), &Target1::at(0.0), DT)?.total;
        // The heading error the short way round.
        let heading = b.angle + angle::difference(b.angle, TARGET);
        let torque = turn.force(&coordinate(b.angle, b.angular_velocity, inertia), &Target1::at(heading), DT)?.total;
        body.step(DVec2::new(fx, fy), torque, DT)?;
        println!("{:?}", body.position.x);
    }
    Ok(())
}
