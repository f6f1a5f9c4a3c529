// forcelab: Wu's backward PD turning a 2.5 kg box (1 x 0.5 x 0.25 m) about the tilted axis (1, 2, 3) to a target orientation, one fixed step of 0.016666666666666666 s.
// Units: SI (rad, kg, s, N m). Signs: angles and torques are right-handed about the axis;
// the error is the rotation from the body to the target. Gains as in the forcelab Lab:
// kp N/m, kd N s/m for a cube of this mass, applied as torque gains kp I/m, kd I/m
// about the axis (I: the box's inertia about it), so the turn has the cube's frequency and damping.
// Cargo.toml: forcelab = "0.1"
use forcelab::controllers::{Controller3, LawId, Target3};
use forcelab::glam::DVec3;
use forcelab::lab::BoxPlant;
use forcelab::rotation::from_rotation_vector;
use forcelab::{angle, Integrator};

const DT: f64 = 0.016666666666666666;
const MASS: f64 = 2.5;
const KP: f64 = 400.0;
const KD: f64 = 40.0;
/// The target: turned this many rad about the axis from the start.
const TARGET: f64 = 1.0;

fn main() -> Result<(), forcelab::Error> {
    // The 1 x 0.5 x 0.25 m box at rest, its axis a = (1, 2, 3) / |(1, 2, 3)| and its inertia about a.
    let plant = BoxPlant::new(MASS, Integrator::SemiImplicitEuler)?;
    let (axis, inertia) = (plant.axis, plant.axis_inertia);
    let scale = inertia / MASS;
    let kind = LawId::from_id("backward-pd").expect("a forcelab torque law");
    let law = Controller3::new(kind, KP * scale, KD * scale, inertia)?;
    let target = Target3 { orientation: from_rotation_vector(axis * TARGET), ..Target3::default() };
    // Your body here; this one is forcelab's (the gyroscopic term stepped implicitly).
    let mut body = plant.start;
    for _ in 0..360 {
        // Each fixed step: ask the law for a world torque (N m), apply it for DT.
        let torque = law.torque(&body, &target, DT)?.total;
        body.step(DVec3::ZERO, torque, DT)?;
        let twist = plant.twist(body.orientation);
        println!("{:?}", TARGET + angle::difference(TARGET, twist));
    }
    Ok(())
}
