/**
 * The laws written out for engines that do not run forcelab: each is the core's own
 * formula (see the file named), with `x`, `v` the body's position and velocity, `xt`,
 * `vt` the target's, `m` the mass and `dt` the fixed step. Laws missing here need
 * memory or solver state a few lines cannot carry (the PIDs' windows, the one-step
 * landing's integrator cases): their snippet says so and points to Rust and JS.
 */
export interface EngineLaw {
  /** Where the formula lives in the core. */
  source: string;
  /** Statements computing `force` (N), in a C-like syntax shared by C# and GDScript
   *  once `double `/`var ` is put before each new name. */
  lines: readonly [name: string, expression: string][];
}

export const ENGINE_LAWS: Readonly<Record<string, EngineLaw>> = {
  pd: {
    source: 'crates/forcelab/src/controllers/forward_pd.rs',
    lines: [['force', 'kp * (xt - x) + kd * (vt - v)']],
  },
  'backward-pd': {
    source: 'crates/forcelab/src/controllers/backward_pd.rs (Wu: gains scaled by g)',
    lines: [
      ['g', '1.0 / (1.0 + (kd * dt + kp * dt * dt) / m)'],
      ['force', 'kp * g * (xt - x) + (kd + kp * dt) * g * (vt - v)'],
    ],
  },
  'spd-simplified': {
    source: 'crates/forcelab/src/controllers/spd_simplified.rs (gains per kg, the next step\'s position)',
    lines: [
      ['kpm', 'kp / m'],
      ['kdm', 'kd / m'],
      ['force', 'm * (kpm * (xt + vt * dt - x - v * dt)) + m * (kdm * (vt - v))'],
    ],
  },
  spd: {
    source: 'crates/forcelab/src/controllers/spd.rs (Tan et al.: the next step\'s state)',
    lines: [
      ['p', 'kp * (xt + vt * dt - x - v * dt)'],
      ['a', '(p + kd * (vt - v)) / (m + kd * dt)'],
      ['force', 'p + kd * (vt - v - a * dt)'],
    ],
  },
};

/**
 * The torque laws written out for engines, per unit inertia: each gives `stiffness`
 * (1/s^2) and `damping` (1/s) from `kpu = kp / m`, `kdu = kd / m` and the step `dt`;
 * the snippet then applies `tau = I_w (stiffness theta + damping (w_t - w))`, with
 * `theta` the shortest rotation vector to the target and `I_w` the world inertia.
 * The SPDs on orientation need the principal frame and the gyroscopic term; their
 * snippets point to the library.
 */
export const ENGINE_TORQUE_LAWS: Readonly<Record<string, EngineLaw>> = {
  pd: {
    source: 'crates/forcelab/src/controllers/controller3.rs (forward PD, gains per unit inertia)',
    lines: [
      ['stiffness', 'kpu'],
      ['damping', 'kdu'],
    ],
  },
  'backward-pd': {
    source: 'crates/forcelab/src/controllers/backward_pd_torque.rs (Wu: gains scaled by g)',
    lines: [
      ['g', '1.0 / (1.0 + kdu * dt + kpu * dt * dt)'],
      ['stiffness', 'g * kpu'],
      ['damping', 'g * (kdu + kpu * dt)'],
    ],
  },
};

/** Why an engine template does not write out `kind` on `plant`, and which laws it does. */
export function notWrittenOut(plant: string, kind: string, name: string): { why: string; written: string } {
  if (plant === 'box') {
    const why = kind.startsWith('spd')
      ? `${name} predicts the next orientation in the body's principal frame, gyroscopic term included, which a few engine lines would not reproduce faithfully`
      : `${name} keeps solver state that a few engine lines would not reproduce faithfully`;
    return { why, written: "PD and Wu's backward PD" };
  }
  return { why: `${name} keeps memory or solver state that a few engine lines would not reproduce faithfully`, written: "PD, Wu's backward PD, SPD and the simplified SPD" };
}
