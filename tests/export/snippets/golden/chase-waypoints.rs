// forcelab: the chase's missile turned toward its goal by a heading PID (window 12
// samples) at 6.0 m/s, one fixed step of 0.016666666666666666 s. Units: SI (m, s, rad,
// N m); gains per unit inertia: kp 1/s^2, ki 1/s^3, kd 1/s. Signs: angles
// counter-clockwise from +x; the error is heading - desired, wrapped to (-pi, pi]; the
// angular acceleration is -PID(error), clamped to +-40.0 rad/s^2, times the inertia.
// Cargo.toml: forcelab = "0.1"
use forcelab::controllers::{HeadingController, Missile, WindowedPid};
use forcelab::glam::DVec2;
use forcelab::scenes::{START, WAYPOINTS};
use forcelab::Body2;

const DT: f64 = 0.016666666666666666;
const SPEED: f64 = 6.0;

fn main() -> Result<(), forcelab::Error> {
    let mut pid = WindowedPid::new(30.0, 2.0, 8.0);
    pid.window = 12;
    pid.dt = DT;
    let heading = HeadingController { pid, max_angular_acceleration: 40.0, integral_as_printed: false };
    let mut missile = Missile { speed: SPEED, heading };
    // Your body here; this one is forcelab's (1 kg, 0.1 kg m^2), flying +x from the start.
    let mut body = Body2 { position: DVec2::from(START), velocity: DVec2::new(SPEED, 0.0), ..Body2::default() };
    let goals = WAYPOINTS.map(DVec2::from);
    let mut leg = 0;
    for _ in 0..240 {
        // Within 1 m of a waypoint, head for the next.
        if (goals[leg] - body.position).length() < 1.0 {
            leg = (leg + 1) % goals.len();
        }
        let out = missile.control(&body, goals[leg], DT)?;
        body.step(out.force, out.torque.total, DT)?;
        println!("{:?}", missile.heading.last_error());
    }
    Ok(())
}
