/**
 * What every "Copy as code" snippet is built from: one controller of the Lab, with the
 * reader's current gains, step and body. Numbers are written in JavaScript's shortest
 * round-trip form, which Rust, C# and GDScript all read back to the same double.
 */
export interface SnippetInput {
  /** The law's id in the core (`pd`, `backward-pd`, `spd`, ...). */
  kind: string;
  /** Its name as the page shows it. */
  name: string;
  /** Raw gains: stiffness N/m, damping N s/m, integral N/(m s). */
  kp: number;
  kd: number;
  ki: number;
  /** Body mass, kg. */
  mass: number;
  /** Fixed physics step, s. */
  dt: number;
  /** The core's integrator id (`semi-implicit-euler`, `explicit-euler`, `rk4`). */
  integrator: string;
  /** Where the target sits, m (at rest). */
  target: number;
  /** How many steps the demo loop runs (the Lab's run length). */
  steps: number;
}

/** A double as source text that reads back to the same double (always with a point or exponent). */
export function literal(value: number): string {
  const text = String(value);
  return /[.eE]/.test(text) ? text : `${text}.0`;
}

/** The comment every snippet starts with: what it is, its units and its signs. */
export function header(input: SnippetInput, comment: string): string {
  return [
    `forcelab: ${input.name} pulling a ${literal(input.mass)} kg body toward a target, one fixed step of ${literal(input.dt)} s.`,
    'Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;',
    'the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).',
  ]
    .map((line) => `${comment} ${line}`)
    .join('\n');
}
