/**
 * The Rust snippet: the law from the forcelab crate in a fixed-step loop. The loop body
 * is what a Bevy system or any game loop runs each fixed step; `main` drives a forcelab
 * body so the snippet runs as it stands and prints the response the Lab plots (the
 * cube's or plate's x in m, the box's twist about its axis in rad).
 */
import { CATALOGUE } from '../../core/catalogue';
import { header, literal, type SnippetInput } from './input';

/** Each integrator's Rust variant, from the core's catalogue. */
const INTEGRATORS: Readonly<Record<string, string>> = Object.fromEntries(CATALOGUE.integrators.map((i) => [i.id, i.rust]));

const pascal = (id: string) => id.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
const ENUMS: Record<string, string> = { derivativeOn: 'DerivativeOn', antiWindup: 'AntiWindupMode' };

/** The card's options as a `LawOptions` applied by `apply` (a call with efforts scaled; empty when none is set). */
function options(s: SnippetInput, indent: string, apply: string, efforts: string): string {
  const set = Object.entries(s.options);
  if (set.length === 0) return '';
  const fields = set.map(([key, value]) => {
    const field = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    return `${field}: Some(${key in ENUMS ? `${ENUMS[key]}::${pascal(String(value))}` : literal(Number(value))})`;
  });
  return `
${indent}// The card's settings beyond the gains (${efforts}).
${indent}LawOptions { ${fields.join(', ')}, ..LawOptions::NONE }.${apply}?;`;
}

/** What the options need in scope. */
const optionUses = (s: SnippetInput) => {
  const keys = Object.keys(s.options);
  if (keys.length === 0) return '';
  return `\nuse forcelab::lab::{${keys.includes('antiWindup') ? 'AntiWindupMode, ' : ''}LawOptions};${keys.includes('derivativeOn') ? '\nuse forcelab::controllers::DerivativeOn;' : ''}`;
};

export function rustSnippet(s: SnippetInput): string {
  const integrator = `Integrator::${INTEGRATORS[s.integrator] ?? 'SemiImplicitEuler'}`;
  const constants = `const DT: f64 = ${literal(s.dt)};
const MASS: f64 = ${literal(s.mass)};
const KP: f64 = ${literal(s.kp)};
const KD: f64 = ${literal(s.kd)};`;
  switch (s.plant) {
    case 'plate':
      return plate(s, constants, integrator);
    case 'box':
      return box(s, constants, integrator);
    default:
      return cube(s, constants, integrator);
  }
}

function cube(s: SnippetInput, constants: string, integrator: string): string {
  return `${header(s, '//')}
// Cargo.toml: forcelab = "0.1"
use forcelab::{Body1, Controller1, Integrator, LawId, Target1};${optionUses(s)}

${constants}
const KI: f64 = ${literal(s.ki)};

fn main() -> Result<(), forcelab::Error> {
    let kind = LawId::from_id("${s.kind}").expect("a forcelab law");
    let mut law = Controller1::new(kind, KP, KD, MASS)?;
    law.set_integral_gain(KI)?;${options(s, '    ', 'apply(&mut law, 1.0)', 'efforts in N')}
    let target = Target1 { x: ${literal(s.target)}, v: 0.0 };
    // Your body here; this one is forcelab's, stepped as the Lab steps it.
    let mut body = Body1 { x: 0.0, v: 0.0, mass: MASS, integrator: ${integrator} };
    for _ in 0..${s.steps} {
        // Each fixed step: ask the law, apply the force for DT.
        let force = law.force(&body, &target, DT)?.total;
        body.step(force, DT)?;
        println!("{:?}", body.x);
    }
    Ok(())
}
`;
}

function plate(s: SnippetInput, constants: string, integrator: string): string {
  return `${header(s, '//')}
// Cargo.toml: forcelab = "0.1"
use forcelab::glam::DVec2;
use forcelab::{angle, Body1, Body2, Controller1, Integrator, LawId, Target1};${optionUses(s)}

${constants}
const KI: f64 = ${literal(s.ki)};
/// Moves to (TARGET, 0) m and turns to a heading of TARGET rad.
const TARGET: f64 = ${literal(s.target)};

/// One law on one coordinate, its gains scaled by \`scale\` (I/m for the turn).
fn law(mass: f64, scale: f64) -> Result<Controller1, forcelab::Error> {
    let kind = LawId::from_id("${s.kind}").expect("a forcelab law");
    let mut law = Controller1::new(kind, KP * scale, KD * scale, mass)?;
    law.set_integral_gain(KI * scale)?;${options(s, '    ', 'apply(&mut law, scale)', 'efforts in N, scaled like the gains on the turn')}
    Ok(law)
}

fn main() -> Result<(), forcelab::Error> {
    // A 1 m x 0.5 m plate: I = m (1 + 0.25) / 12.
    let inertia = MASS * 1.25 / 12.0;
    let (mut along_x, mut along_y) = (law(MASS, 1.0)?, law(MASS, 1.0)?);
    // Gains kp I/m, kd I/m: the turn has the move's frequency and damping ratio.
    let mut turn = law(inertia, inertia / MASS)?;
    // Your body here; this one is forcelab's, stepped as the Lab steps it.
    let mut body = Body2 { mass: MASS, inertia, integrator: ${integrator}, ..Body2::default() };
    for _ in 0..${s.steps} {
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
`;
}

/** How the box's law is built: a memoryless torque law, or the 3-D PID with its integral gain and the card's settings. */
function boxLaw(s: SnippetInput): { uses: string; build: string } {
  if (s.kind !== 'pid') {
    return {
      uses: 'use forcelab::controllers::{Controller3, LawId, Target3};',
      build: `    let kind = LawId::from_id("${s.kind}").expect("a forcelab torque law");
    let law = Controller3::new(kind, KP * scale, KD * scale, inertia)?;`,
    };
  }
  return {
    uses: `use forcelab::controllers::{Pid, PidTorque, Target3};${optionUses(s)}`,
    build: `    // A PID on the rotation vector to the target, torques in N m.
    let mut pid = Pid::new(KP * scale, KI * scale, KD * scale);${options(s, '    ', 'apply_to_pid(&mut pid, 1.0)', 'efforts in N·m, limits on the torque\'s length')}
    let mut law = PidTorque::new(pid)?;`,
  };
}

function box(s: SnippetInput, constants: string, integrator: string): string {
  const law = boxLaw(s);
  return `${header(s, '//')}
// Cargo.toml: forcelab = "0.1"
${law.uses}
use forcelab::glam::DVec3;
use forcelab::lab::BoxPlant;
use forcelab::rotation::from_rotation_vector;
use forcelab::{angle, Integrator};

${constants}${s.kind === 'pid' ? `
const KI: f64 = ${literal(s.ki)};` : ''}
/// The target: turned this many rad about the axis from the start.
const TARGET: f64 = ${literal(s.target)};

fn main() -> Result<(), forcelab::Error> {
    // The 1 x 0.5 x 0.25 m box at rest, its axis a = (1, 2, 3) / |(1, 2, 3)| and its inertia about a.
    let plant = BoxPlant::new(MASS, ${integrator})?;
    let (axis, inertia) = (plant.axis, plant.axis_inertia);
    let scale = inertia / MASS;
${law.build}
    let target = Target3 { orientation: from_rotation_vector(axis * TARGET), ..Target3::default() };
    // Your body here; this one is forcelab's (the gyroscopic term stepped implicitly).
    let mut body = plant.start;
    for _ in 0..${s.steps} {
        // Each fixed step: ask the law for a world torque (N m), apply it for DT.
        let torque = law.torque(&body, &target, DT)?.total;
        body.step(DVec3::ZERO, torque, DT)?;
        let twist = plant.twist(body.orientation);
        println!("{:?}", TARGET + angle::difference(TARGET, twist));
    }
    Ok(())
}
`;
}
