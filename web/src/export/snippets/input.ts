import { lawEntry, type IntegratorId, type PlantId } from '../../core/catalogue';

/**
 * What every "Copy as code" snippet is built from: one controller of the Lab, with the
 * reader's current gains, step and body. Numbers are written in JavaScript's shortest
 * round-trip form, which Rust, C# and GDScript all read back to the same double.
 */
export interface SnippetInput {
  /** The body the law drives: the Lab's cube (along x), plate (x, y and heading) or tilted box (torque about one axis). */
  plant: PlantId;
  /** The law's id in the core (`pd`, `backward-pd`, `spd`, ...). */
  kind: string;
  /** Its name as the page shows it. */
  name: string;
  /** Raw gains: stiffness N/m, damping N s/m, integral N/(m s). */
  kp: number;
  kd: number;
  ki: number;
  /** The card's options beyond the gains (a PID's clamps, a window), by the core's key; only those set. */
  options: Record<string, number | string>;
  /** Body mass, kg. */
  mass: number;
  /** Fixed physics step, s. */
  dt: number;
  /** The core's integrator id. */
  integrator: IntegratorId;
  /** Where the target sits (at rest): m for the cube and the plate (which also turns to this many rad), rad for the box. */
  target: number;
  /** How many steps the demo loop runs (the Lab's run length). */
  steps: number;
}

/** A double as source text that reads back to the same double (always with a point or exponent). */
export function literal(value: number): string {
  const text = String(value);
  return /[.eE]/.test(text) ? text : `${text}.0`;
}

/** What the snippet drives, in a phrase. */
function task(input: SnippetInput): string {
  switch (input.plant) {
    case 'plate':
      return `${input.name} moving a ${literal(input.mass)} kg plate (1 m x 0.5 m) in the plane to a target and turning it to a heading`;
    case 'box':
      return `${input.name} turning a ${literal(input.mass)} kg box (1 x 0.5 x 0.25 m) about the tilted axis (1, 2, 3) to a target orientation`;
    default:
      return `${input.name} pulling a ${literal(input.mass)} kg body toward a target`;
  }
}

/** The comment every snippet starts with: what it is, its units and its signs. */
export function header(input: SnippetInput, comment: string): string {
  // A law without gains (the one-step landing) computes its effort from the state alone.
  const hasGains = (lawEntry(input.kind)?.gains.length ?? 1) > 0;
  const signs =
    input.plant === 'box'
      ? [
          'Units: SI (rad, kg, s, N m). Signs: angles and torques are right-handed about the axis;',
          ...(hasGains
            ? [
                'the error is the rotation from the body to the target. Gains as in the forcelab Lab:',
                'kp N/m, kd N s/m for a cube of this mass, applied as torque gains kp I/m, kd I/m',
                'about the axis (I: the box\'s inertia about it), so the turn has the cube\'s frequency and damping.',
              ]
            : ['the error is the rotation from the body to the target. The law has no gains: the state and the step set the torque.']),
        ]
      : [
          'Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;',
          hasGains
            ? 'the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).'
            : 'the error is target - position. The law has no gains: the state and the step set the force.',
          ...(input.plant === 'plate' ? ['The turn uses the same law with gains scaled by I/m (rad, N m), counter-clockwise positive.'] : []),
        ];
  return [`forcelab: ${task(input)}, one fixed step of ${literal(input.dt)} s.`, ...signs].map((line) => `${comment} ${line}`).join('\n');
}

/** `text` as comment lines of at most 88 characters, each starting with `comment`. */
export function wrap(text: string, comment: string): string {
  const lines: string[] = [];
  let line = comment;
  for (const word of text.split(' ')) {
    if (line.length + 1 + word.length > 88 && line !== comment) {
      lines.push(line);
      line = comment;
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines.join('\n');
}
