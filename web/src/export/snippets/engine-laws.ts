/**
 * Every law of the cube and the plate written out for engines that do not run
 * forcelab (Unity, Godot): each is the core's own formula (see the file named) as an
 * {@link EngineProgram}, with `x`, `v` the body's position and velocity, `xt`, `vt` the
 * target's, `m` the mass and `dt` the fixed step. Laws with memory (the PIDs) keep it
 * in fields. The choices a Lab card made (derivative on error, an anti-windup mode, a
 * limit switched on) are written in; the numbers stay settings a reader can edit.
 */
import { CATALOGUE } from '../../core/catalogue';
import { optionValue } from '../../lab/law-options';
import type { EngineProgram, Setting, Statement } from './engine-program';
import type { SnippetInput } from './input';

/** What a law's program is made from: the Lab card's law, gains and options. */
export type LawInput = Pick<SnippetInput, 'kind' | 'kp' | 'kd' | 'ki' | 'options'>;

/** The value the card runs `key` with (its own, or the catalogue's default; null: a limit off). */
const option = (s: LawInput, key: string) => optionValue(s.kind, s.options, key);

const CORE = 'crates/forcelab/src/controllers/';
const only = (source: string, step: Statement[]): EngineProgram => ({ source: CORE + source, settings: [], memory: [], step });
const lets = (...pairs: [string, string][]): Statement[] => pairs.map(([name, be]) => ({ let: name, be }));
/** `value` held within +-`limit`, or untouched when the limit is off. */
const clamp = (value: string, limit: string | null) => (limit ? `Min(Max(${value}, -${limit}), ${limit})` : value);

const PROGRAMS: Record<string, (s: LawInput) => EngineProgram> = {
  pd: () => only('forward_pd.rs', lets(['force', 'kp * (xt - x) + kd * (vt - v)'])),
  'backward-pd': () =>
    only(
      'backward_pd.rs (Wu: gains scaled by g)',
      lets(['g', '1.0 / (1.0 + (kd * dt + kp * dt * dt) / m)'], ['force', 'kp * g * (xt - x) + (kd + kp * dt) * g * (vt - v)']),
    ),
  spd: () =>
    only(
      "spd.rs (Tan et al.: the next step's state)",
      lets(['p', 'kp * (xt + vt * dt - x - v * dt)'], ['a', '(p + kd * (vt - v)) / (m + kd * dt)'], ['force', 'p + kd * (vt - v - a * dt)']),
    ),
  'spd-simplified': () =>
    only(
      "spd_simplified.rs (gains per kg, the next step's position)",
      lets(['kpm', 'kp / m'], ['kdm', 'kd / m'], ['force', 'm * (kpm * (xt + vt * dt - x - v * dt)) + m * (kdm * (vt - v))']),
    ),
  'implicit-pd': () =>
    only(
      "implicit_pd.rs (Bloom: k = 1 and the time scale and damping that give kp and kd; the next step's state)",
      lets(
        ['timeScale', '6.0 * Sqrt(m / kp)'],
        ['damping', 'kd * timeScale / (9.0 * m)'],
        ['r', '1.0 / timeScale'],
        ['ks', '36.0 * r * r'],
        ['kds', '9.0 * damping / timeScale'],
        ['scale', '1.0 + kds * dt + ks * dt * dt'],
        ['force', 'm * (ks * (xt - x) / scale) + m * ((kds + ks * dt) * (vt - v) / scale)'],
      ),
    ),
  'second-order': () =>
    only(
      'second_order.rs (the frequency and damping ratio that give kp and kd; k2 raised to stay stable at this step)',
      lets(
        ['frequency', 'Sqrt(kp / m) / (2.0 * PI)'],
        ['zeta', 'kd / (2.0 * Sqrt(kp * m))'],
        ['w', '2.0 * PI * frequency'],
        ['k1', 'zeta / (PI * frequency)'],
        ['k2', 'Max(Max(1.0 / (w * w), dt * dt / 2.0 + dt * k1 / 2.0), dt * k1)'],
        ['force', 'm * (xt - x) / k2 + m * (-k1 * v) / k2'],
      ),
    ),
  'soft-step': () =>
    only(
      "soft_step.rs (Box2D v3's b2MakeSoft at the frequency and damping ratio that give kp and kd)",
      lets(
        ['hertz', 'Sqrt(kp / m) / (2.0 * PI)'],
        ['zeta', 'kd / (2.0 * Sqrt(kp * m))'],
        ['w', '2.0 * PI * hertz'],
        ['a1', '2.0 * zeta + dt * w'],
        ['a2', 'dt * w * a1'],
        ['a3', '1.0 / (1.0 + a2)'],
        ['k', '-m * (a2 * a3) / dt'],
        ['force', 'k * (w / a1) * (x - xt) + k * (v - vt)'],
      ),
    ),
  'one-step': () =>
    only(
      "one_step.rs (the force that lands on the target's next position in one semi-implicit Euler step)",
      lets(['force', 'm * ((((xt + vt * dt) - x) / dt - v) / dt)']),
    ),
  'one-step-as-printed': () =>
    only('../published.rs (article 002 as printed: divides by dt once where dt^2 is needed)', lets(['force', 'm * ((xt + vt * dt) - x - v * dt) / dt'])),
  pid,
  'windowed-pid': (s) => windowed(s, false),
  'windowed-pid-as-printed': (s) => windowed(s, true),
};

/** The choices a PID card made, as the engine templates write them in: the limits
 *  switched on, where the derivative acts, the filter, the anti-windup mode, and the
 *  settings a reader can still edit (efforts in `effort`: N, or N m on the box). */
export function pidChoices(s: LawInput, effort = 'N') {
  const integralLimit = option(s, 'integralLimit') as number | null;
  const outputLimit = option(s, 'outputLimit') as number | null;
  const onError = option(s, 'derivativeOn') === 'error';
  const filter = option(s, 'derivativeFilter') as number;
  // Without an output clamp nothing saturates, and every anti-windup mode keeps the integral as it is.
  const mode = outputLimit === null ? 'none needed (no output clamp)' : (option(s, 'antiWindup') as string);
  const setting = (name: string, value: number | null, scaled: boolean, doc: string): Setting[] => (value === null ? [] : [{ name, value, scaled, doc }]);
  const settings = [
    ...setting('ki', s.ki, true, 'integral gain, N/(m s)'),
    ...setting('integralLimit', integralLimit, effort === 'N', `the integral term's limit, ${effort}`),
    ...setting('outputLimit', outputLimit, effort === 'N', `the actuator's limit, ${effort}`),
    ...setting('derivativeFilter', filter > 0 ? filter : null, false, 'time constant of the low-pass on the derivative, s'),
    ...setting('kt', mode === 'back-calculation' ? (option(s, 'kt') as number) : null, false, 'back-calculation tracking gain, 1/s'),
  ];
  // Whether the step needs the unclamped sum: the output can saturate and the mode reacts to it.
  const reactsToSaturation = outputLimit !== null && mode !== 'clamp';
  return { integralLimit, outputLimit, onError, filter, mode, reactsToSaturation, settings };
}

/** The PID with the card's choices written in (see `controllers/pid.rs`, `Pid::step`). */
function pid(s: LawInput): EngineProgram {
  const { integralLimit, outputLimit, onError, filter, mode, reactsToSaturation, settings } = pidChoices(s);
  const il = integralLimit === null ? null : 'integralLimit';
  const ol = outputLimit === null ? null : 'outputLimit';
  const previous = onError ? 'previousError' : 'previousMeasurement';
  const raw = onError ? 'kd * (error - previousError) / dt' : '-kd * (x - previousMeasurement) / dt';
  const keep: Statement = { set: 'integral', to: 'candidate' };
  const antiWindup: Statement[] =
    mode === 'back-calculation'
      ? [{ set: 'integral', to: clamp('candidate + kt * (output - unsaturated) * dt', il) }]
      : mode === 'conditional-integration'
        ? // Hold the integral while the output is clamped and the error pushes deeper.
          [{ if: '!(output != unsaturated && error * unsaturated > 0.0)', then: [keep] }]
        : [keep];
  const step: Statement[] = [
    ...lets(['error', 'xt - x'], ['derivative', '0.0']),
    { if: 'started', then: [{ set: 'derivative', to: raw }] },
    ...(filter > 0
      ? [{ if: 'started', then: [{ set: 'filtered', to: 'filtered + dt / (derivativeFilter + dt) * (derivative - filtered)' }], else: [{ set: 'filtered', to: 'derivative' }] }, { set: 'derivative', to: 'filtered' }]
      : []),
    ...lets(['p', 'kp * error'], ['candidate', clamp('integral + ki * error * dt', il)]),
    ...(reactsToSaturation ? lets(['unsaturated', 'p + candidate + derivative'], ['output', clamp('unsaturated', ol)]) : []),
    ...antiWindup,
    { set: previous, to: onError ? 'error' : 'x' },
    { set: 'started', to: 'true' },
    ...lets(['force', clamp('p + integral + derivative', ol)]),
  ];
  return {
    source: `${CORE}pid.rs (derivative on the ${onError ? 'error' : 'measurement'}; anti-windup: ${mode})`,
    settings,
    memory: [
      { name: 'integral', type: 'number', doc: 'the integral term, N' },
      { name: previous, type: 'number', doc: onError ? "last step's error, m" : "last step's position, m" },
      ...(filter > 0 ? [{ name: 'filtered', type: 'number' as const, doc: 'the filtered derivative term, N' }] : []),
      { name: 'started', type: 'bool', doc: 'whether there was a last step' },
    ],
    step,
  };
}

/** Article 001's windowed PID, its integral by the composite Simpson rule over the
 *  window (`windowed_pid.rs`, `simpson`) or by the article's printed sum (`published.rs`). */
function windowed(s: LawInput, printed: boolean): EngineProgram {
  const e = (i: string) => `errors[${i}]`;
  const integral: Statement[] = printed
    ? [
        ...lets(['sum', '0.0']),
        { for: 'j', from: '1', to: 'n - 1', do: [{ if: 'j % 2 == 1', then: [{ set: 'sum', to: `sum + 4.0 * ${e('j')}` }] }] },
        { for: 'j', from: '2', to: 'n - 1', do: [{ if: 'j % 2 == 0', then: [{ set: 'sum', to: `sum + 2.0 * ${e('j')}` }] }] },
        { set: 'sum', to: `sum + ${e('0')}` },
        { set: 'sum', to: `sum + ${e('n - 1')}` },
        ...lets(['integral', 'sum / (3.0 * dt)']),
      ]
    : [
        // Simpson's 1/3 rule needs an even number of intervals: an odd count ends on a 3/8 rule.
        { let: 'thirdEnd', be: 'n - 1', type: 'int' },
        ...lets(['tail', '0.0']),
        {
          if: '(n - 1) % 2 == 1',
          then: [
            { set: 'thirdEnd', to: 'n - 4' },
            { set: 'tail', to: `3.0 * dt / 8.0 * (${e('n - 4')} + 3.0 * ${e('n - 3')} + 3.0 * ${e('n - 2')} + ${e('n - 1')})` },
          ],
        },
        ...lets(['sum', '0.0']),
        {
          if: 'thirdEnd > 0',
          then: [
            { set: 'sum', to: `${e('0')} + ${e('thirdEnd')}` },
            { for: 'j', from: '1', to: 'thirdEnd', do: [{ if: 'j % 2 == 1', then: [{ set: 'sum', to: `sum + 4.0 * ${e('j')}` }], else: [{ set: 'sum', to: `sum + 2.0 * ${e('j')}` }] }] },
          ],
        },
        ...lets(['integral', 'dt / 3.0 * sum + tail']),
      ];
  return {
    source: printed ? `${CORE}windowed_pid_as_printed.rs (article 001 as printed: the Simpson sum divided by 3 dt)` : `${CORE}windowed_pid.rs (article 001, corrected)`,
    settings: [
      { name: 'ki', value: s.ki, scaled: true, doc: 'integral gain, N/(m s)' },
      { name: 'window', value: option(s, 'window') as number, scaled: false, integer: true, doc: 'errors kept (at least 3)' },
      { name: 'plantGain', value: option(s, 'plantGain') as number, scaled: false, doc: 'the gain that scales every term' },
    ],
    memory: [{ name: 'errors', type: 'list', doc: 'the last `window` errors, m, oldest first' }],
    step: [
      { push: 'errors', value: 'xt - x', keep: 'window' },
      { let: 'n', be: 'Len(errors)', type: 'int' },
      ...lets(['force', '0.0']),
      {
        // Until three errors are in, the law pushes nothing.
        if: 'n >= 3',
        then: [
          ...integral,
          {
            set: 'force',
            to: `plantGain * kp * ${e('n - 1')} + plantGain * ki * integral + plantGain * kd * (${e('n - 1')} - ${e('n - 2')}) / dt`,
          },
        ],
      },
    ],
  };
}

/** The program of the card's law on the cube or the plate, or undefined for a law the core does not drive there.
 *  Its settings start with the gains the catalogue gives the law (none for the one-step laws). */
export function engineProgram(s: LawInput): EngineProgram | undefined {
  const program = PROGRAMS[s.kind]?.(s);
  if (!program) return undefined;
  const doc: Record<string, string> = { kp: 'stiffness, N/m', kd: 'damping, N s/m' };
  const gains = (CATALOGUE.laws.find((l) => l.id === s.kind)?.gains ?? []).flatMap((g): Setting[] => (g.key in doc ? [{ name: g.key, value: s[g.key as 'kp' | 'kd'], scaled: true, doc: doc[g.key]! }] : []));
  return { ...program, settings: [...gains, ...program.settings] };
}

/** A law of the box written out for engines: statements that give `stiffness` and `damping`. */
export interface EngineLaw {
  /** Where the formula lives in the core. */
  source: string;
  /** Statements, in a C-like syntax shared by C# and GDScript once `double `/`var ` is put before each new name. */
  lines: readonly [name: string, expression: string][];
  /** The angle as article 002's listing reads it (the engine's angle-axis, up to 360 degrees:
   *  the long way past 180), not the shortest rotation. */
  printedAngle?: true;
}

/**
 * The torque laws written out for engines, per unit inertia: each gives `stiffness`
 * (1/s^2) and `damping` (1/s) from `kpu = kp / m`, `kdu = kd / m` and the step `dt`;
 * the snippet then applies `tau = I_w (stiffness theta + damping (w_t - w))`, with
 * `theta` the shortest rotation vector to the target and `I_w` the world inertia.
 * The SPDs and the one-step laws on an orientation predict in the principal frame; each
 * language's template writes them out in full.
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
  'backward-pd-as-printed': {
    source: "crates/forcelab/src/published.rs (article 002's torque listing as printed: computes Wu's gains, applies the forward ones, and turns the long way past 180 degrees)",
    printedAngle: true,
    lines: [
      ['stiffness', 'kpu'],
      ['damping', 'kdu'],
    ],
  },
};

/** A box law that predicts the next step in the body's principal frame (the SPDs, the one-step laws), for engines. */
export interface PredictingLaw {
  /** Where the law lives in the core, and what it does. */
  source: string;
  /** Whether it reads the Lab's gains (the one-step laws have none). */
  gains: boolean;
}

/** Such a law's step in one language: the helpers it names and the body of the physics callback (it ends by applying the torque). */
export interface PredictingStep {
  helpers: string[];
  step: string;
}

/**
 * The box laws that predict in the principal frame; each language's template writes out
 * their steps (`csharp.ts`, `gdscript.ts`) from these formulas of the core. The target is
 * at rest, so where it will be after the step is where it is.
 */
export const PREDICTING_LAWS: Readonly<Record<string, PredictingLaw>> = {
  spd: {
    source: "crates/forcelab/src/controllers/spd_torque.rs (Tan's SPD on an orientation: the error one step ahead, the torque's own effect on the velocity solved for in the principal frame, gyroscopic term included)",
    gains: true,
  },
  'spd-simplified': {
    source: 'crates/forcelab/src/controllers/spd_simplified.rs (the error one step ahead, the damping on the present velocity, gains per unit inertia)',
    gains: true,
  },
  'one-step': {
    source: "crates/forcelab/src/controllers/one_step.rs (one_step_torque3: the torque that lands on the target at the end of this step, through the step's own update)",
    gains: false,
  },
  'one-step-as-printed': {
    source:
      "crates/forcelab/src/published.rs (one_step_torque_as_printed: article 002's listing as printed. It returns I dw, an impulse, where a torque I dw / dt is meant; it turns into the inertia frame and back the wrong way round; its angle-axis angle runs to 360 degrees, so past 180 it turns the long way)",
    gains: false,
  },
};

/** Why an engine template does not write out `kind` on `plant` (a law forcelab does not
 *  drive there: every law it drives has its template), and which laws it does. */
export function notWrittenOut(plant: string, kind: string, name: string): { why: string; written: string } {
  return { why: `${name} (${kind}) is not a law forcelab drives on the ${plant}`, written: 'every law forcelab drives on the cube, the plate and the box' };
}
