/**
 * "Copy as code" for the chase of chapter 6: the missile's heading controller (a PID
 * on the heading error over a window of samples, its output an angular acceleration
 * clamped to the turn limit) with the reader's gains, window, limit and speed. The Rust
 * snippet steers a forcelab body round the same goal; the JS snippet runs the package's
 * PursuitScene, the page's own simulation. Both print the missile's heading error per
 * step, the figure's first curve. The PID keeps a window of past errors, so the engine
 * templates say so and point to these two.
 */
import { literal, wrap } from './input';
import type { Language } from './index';

export interface ChaseInput {
  /** Heading gains per unit inertia: kp 1/s^2, ki 1/s^3, kd 1/s. */
  kp: number;
  ki: number;
  kd: number;
  /** Samples the PID's integral and derivative look back over. */
  window: number;
  /** Turn limit, rad/s^2. */
  maxAngularAcceleration: number;
  /** Missile speed, m/s. */
  speed: number;
  /** Physics step, s. */
  dt: number;
  /** Steps the demo runs (the figure's preview). */
  steps: number;
  /** The point the reader dragged the goal to (m), or null for the waypoint loop. */
  point: readonly [number, number] | null;
}

function header(s: ChaseInput, comment: string): string {
  return wrap(
    `forcelab: the chase's missile turned toward its goal by a heading PID (window ${s.window} samples) at ${literal(s.speed)} m/s, one fixed step of ${literal(s.dt)} s. ` +
      'Units: SI (m, s, rad, N m); gains per unit inertia: kp 1/s^2, ki 1/s^3, kd 1/s. Signs: angles counter-clockwise from +x; ' +
      `the error is heading - desired, wrapped to (-pi, pi]; the angular acceleration is -PID(error), clamped to +-${literal(s.maxAngularAcceleration)} rad/s^2, times the inertia.`,
    comment,
  );
}

function rust(s: ChaseInput): string {
  const goal = s.point ? `let goals = [DVec2::new(${literal(s.point[0])}, ${literal(s.point[1])})];` : 'let goals = WAYPOINTS.map(DVec2::from);';
  return `${header(s, '//')}
// Cargo.toml: forcelab = "0.1"
use forcelab::controllers::{HeadingController, Missile, WindowedPid};
use forcelab::glam::DVec2;
use forcelab::scenes::${s.point ? 'START' : '{START, WAYPOINTS}'};
use forcelab::Body2;

const DT: f64 = ${literal(s.dt)};
const SPEED: f64 = ${literal(s.speed)};

fn main() -> Result<(), forcelab::Error> {
    let mut pid = WindowedPid::new(${literal(s.kp)}, ${literal(s.ki)}, ${literal(s.kd)});
    pid.window = ${s.window};
    pid.dt = DT;
    let heading = HeadingController { pid, max_angular_acceleration: ${literal(s.maxAngularAcceleration)}, integral_as_printed: false };
    let mut missile = Missile { speed: SPEED, heading };
    // Your body here; this one is forcelab's (1 kg, 0.1 kg m^2), flying +x from the start.
    let mut body = Body2 { position: DVec2::from(START), velocity: DVec2::new(SPEED, 0.0), ..Body2::default() };
    ${goal}
    let mut leg = 0;
    for _ in 0..${s.steps} {
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
`;
}

function js(s: ChaseInput): string {
  const settings = { heading: { pid: { kp: s.kp, ki: s.ki, kd: s.kd, window: s.window, dt: s.dt }, maxAngularAcceleration: s.maxAngularAcceleration }, missileSpeed: s.speed, dt: s.dt };
  return `${header(s, '//')}
// npm install forcelab
import { readFileSync } from 'node:fs';
import { initSync, PursuitScene } from 'forcelab';

initSync({ module: readFileSync(new URL(import.meta.resolve('forcelab/forcelab_bg.wasm'))) });
const scene = new PursuitScene(${JSON.stringify(settings)}${s.point ? `, [${s.point.map(literal).join(', ')}]` : ''});
for (let n = 0; n < ${s.steps}; n++) {
  scene.step(1);
  // Per chaser: x, y, angle, goal x, goal y, heading error (rad), torque (N m).
  console.log(scene.state()[5]);
}
scene.free();
`;
}

function engine(s: ChaseInput, comment: string, engineName: string): string {
  return `${header(s, comment)}
${wrap(`The heading PID keeps a window of its last ${s.window} errors (its integral and derivative read them), which ${engineName} template here does not write out.`, comment)}
${comment} Use the Rust or JavaScript snippet (the forcelab library), or the Lab's
${comment} PD-family laws, which the engine templates write out.
`;
}

export function chaseSnippet(language: Language, s: ChaseInput): string {
  switch (language) {
    case 'rust':
      return rust(s);
    case 'js':
      return js(s);
    case 'csharp':
      return engine(s, '//', 'the Unity');
    default:
      return engine(s, '#', 'the Godot');
  }
}
