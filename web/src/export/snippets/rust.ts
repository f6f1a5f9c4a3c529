/**
 * The Rust snippet: the law from the forcelab crate in a fixed-step loop. The loop body
 * is what a Bevy system or any game loop runs each fixed step; `main` drives a forcelab
 * body so the snippet runs as it stands and prints the positions the Lab plots.
 */
import { header, literal, type SnippetInput } from './input';

const INTEGRATORS: Record<string, string> = {
  'semi-implicit-euler': 'SemiImplicitEuler',
  'explicit-euler': 'ExplicitEuler',
  rk4: 'Rk4',
};

export function rustSnippet(s: SnippetInput): string {
  return `${header(s, '//')}
// Cargo.toml: forcelab = "0.1"
use forcelab::{Body1, Controller1, ControllerKind, Integrator, Target1};

const DT: f64 = ${literal(s.dt)};
const MASS: f64 = ${literal(s.mass)};

fn main() -> Result<(), forcelab::Error> {
    let kind = ControllerKind::from_id("${s.kind}").expect("a forcelab law");
    let mut law = Controller1::new(kind, ${literal(s.kp)}, ${literal(s.kd)}, MASS)?;
    law.set_integral_gain(${literal(s.ki)})?;
    let target = Target1 { x: ${literal(s.target)}, v: 0.0 };
    // Your body here; this one is forcelab's, stepped as the Lab steps it.
    let mut body = Body1 { x: 0.0, v: 0.0, mass: MASS, integrator: Integrator::${INTEGRATORS[s.integrator] ?? 'SemiImplicitEuler'} };
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
