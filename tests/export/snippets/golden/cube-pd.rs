// forcelab: PD pulling a 2.5 kg body toward a target, one fixed step of 0.016666666666666666 s.
// Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
// the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
// Cargo.toml: forcelab = "0.1"
use forcelab::{Body1, Controller1, Integrator, LawId, Target1};

const DT: f64 = 0.016666666666666666;
const MASS: f64 = 2.5;
const KP: f64 = 400.0;
const KD: f64 = 40.0;
const KI: f64 = 0.0;

fn main() -> Result<(), forcelab::Error> {
    let kind = LawId::from_id("pd").expect("a forcelab law");
    let mut law = Controller1::new(kind, KP, KD, MASS)?;
    law.set_integral_gain(KI)?;
    let target = Target1 { x: 1.0, v: 0.0 };
    // Your body here; this one is forcelab's, stepped as the Lab steps it.
    let mut body = Body1 { x: 0.0, v: 0.0, mass: MASS, integrator: Integrator::SemiImplicitEuler };
    for _ in 0..360 {
        // Each fixed step: ask the law, apply the force for DT.
        let force = law.force(&body, &target, DT)?.total;
        body.step(force, DT)?;
        println!("{:?}", body.x);
    }
    Ok(())
}
