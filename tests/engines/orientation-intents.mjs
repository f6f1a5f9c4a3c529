/**
 * The orientation intents the twin is checked on against the real engines (issue 45):
 * small (20 degrees) and large (120, 170, 179) turns and three of 190 degrees about tilted
 * axes; a long thin body (1, 4, 4.5 kg m^2) and a nearly spherical one (2, 2.1, 2.2);
 * from rest and from a spinning start; stiff (omega dt near 1) and gentle. `oneAxis`
 * marks the turns that stay about one principal axis (held to 1e-4 rad, not 1e-3).
 * Stiff means omega dt = 0.94 with a damping ratio of 0.5: critically damped at that step,
 * MuJoCo's explicit Euler makes the ball joint's torque law tumble for ever (the motion is
 * chaotic, so the twin's rounding, equal to the engine's for 60 steps, parts from it by
 * 1e-3 rad after 85: no twin can follow a chaotic motion past its rounding).
 * tests/engines/record-orientation.mjs records the real trajectories of the first few
 * for cargo's golden test.
 */
const THIN = [1, 4, 4.5];
const ROUND = [2, 2.1, 2.2];

export const ORIENTATION_INTENTS = [
  { name: 'small-tilted', frequency: 2, dampingRatio: 1, inertia: THIN, target: [1, 1, 0, 20], dt: 1 / 60 },
  { name: 'large-thin', frequency: 2, dampingRatio: 1, inertia: THIN, target: [1, 2, 2, 120], dt: 1 / 60 },
  { name: 'near-half-round', frequency: 2, dampingRatio: 0.7, inertia: ROUND, target: [0, 1, 1, 170], dt: 1 / 60 },
  { name: 'almost-half-thin', frequency: 1.5, dampingRatio: 1, inertia: THIN, target: [1, 0, 1, 179], dt: 1 / 60 },
  { name: 'past-half-round', frequency: 2, dampingRatio: 1, inertia: ROUND, target: [1, 1, 1, 190], dt: 1 / 60 },
  { name: 'past-half-thin', frequency: 2, dampingRatio: 1, inertia: THIN, target: [0.2, 0.3, 1, 190], dt: 1 / 60 },
  // Chapter 11's figure turned past 180 degrees, as its caption asks a reader to try.
  { name: 'past-half-figure', frequency: 2, dampingRatio: 1, inertia: THIN, target: [1, 2, 2, 190], dt: 1 / 60 },
  { name: 'spinning-thin', frequency: 2, dampingRatio: 1, inertia: THIN, target: [1, 0, 0, 60], dt: 1 / 60, spin: [0, 3, 1] },
  { name: 'spinning-round', frequency: 2, dampingRatio: 0.7, inertia: ROUND, target: [0, 0, 1, 120], dt: 1 / 60, spin: [2, 0, 0] },
  { name: 'stiff-thin', frequency: 9, dampingRatio: 0.5, inertia: THIN, target: [1, 1, 1, 45], dt: 1 / 60 },
  { name: 'stiff-round', frequency: 9, dampingRatio: 0.5, inertia: ROUND, target: [0, 1, 0, 20], dt: 1 / 60 },
  { name: 'one-axis-thin', frequency: 2, dampingRatio: 1, inertia: THIN, target: [1, 0, 0, 120], dt: 1 / 60, oneAxis: true },
  { name: 'one-axis-fine', frequency: 3, dampingRatio: 0.6, inertia: THIN, target: [0, 1, 0, 20], dt: 1 / 120, oneAxis: true },
  { name: 'underdamped-fine', frequency: 3, dampingRatio: 0.2, inertia: THIN, target: [1, -1, 2, 100], dt: 1 / 120 },
  { name: 'almost-half-spinning', frequency: 1, dampingRatio: 1, inertia: THIN, target: [0.1, 0.2, 1, 179], dt: 1 / 60, spin: [0.5, -0.5, 2] },
];

/** The orientation command's flags for an intent. */
export function flags(intent, seconds) {
  const args = ['--json', '--frequency', intent.frequency, '--damping-ratio', intent.dampingRatio,
    '--inertia', intent.inertia.join(','), '--target', intent.target.join(','), '--dt', intent.dt, '--seconds', seconds];
  if (intent.spin) args.push('--spin', intent.spin.join(','));
  return args.map(String);
}

/** The rotation angle (rad) between two unit quaternions `[w, x, y, z]`, either sign. */
export function angleBetween(p, q) {
  const dot = Math.abs(p[0] * q[0] + p[1] * q[1] + p[2] * q[2] + p[3] * q[3]);
  // 2 acos(|p.q|) loses precision near 0: use the chord, 2 asin(|p -+ q| / 2) * 2.
  let minus = 0;
  let plus = 0;
  for (let i = 0; i < 4; i++) {
    minus += (p[i] - q[i]) ** 2;
    plus += (p[i] + q[i]) ** 2;
  }
  const chord = Math.sqrt(Math.min(minus, plus));
  return dot > 0.5 ? 4 * Math.asin(Math.min(1, chord / 2)) : 2 * Math.acos(Math.min(1, dot));
}

/** The intent's target as `[w, x, y, z]`. */
export function targetQuaternion(intent) {
  const [x, y, z, degrees] = intent.target;
  const n = Math.hypot(x, y, z);
  const half = (degrees * Math.PI) / 360;
  const s = Math.sin(half) / n;
  return [Math.cos(half), x * s, y * s, z * s];
}
