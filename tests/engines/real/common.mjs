/**
 * What every real-engine harness shares. A case is the core's own description of one
 * twin run, as the `engines` example prints it:
 *   { id, parameters: { knobName: value, ... }, mass, dt, angular, steps, settings: { key: value, ... } }
 * and a harness must apply EVERY setting it is given: `applyAll` throws on a key it
 * has no handler for, so a setting the twin models but the harness ignores fails the
 * test instead of passing it by accident.
 */

/** The ball every twin drives (forcelab::engines::BODY_RADIUS), m. */
export const BODY_RADIUS = 0.5;
/** The drive's target (forcelab::engines::TARGET), m or rad. */
export const TARGET = 1;

/** Calls `handlers[key](value)` for every setting; throws on a key without a handler. */
export function applyAll(engine, settings, handlers) {
  for (const [key, value] of Object.entries(settings)) {
    const apply = handlers[key];
    if (!apply) throw new Error(`${engine}: setting ${key} is not applied to the real engine`);
    apply(value);
  }
}

/** The knob `name` of a case; throws when it is missing. */
export function knob(c, name) {
  const v = c.parameters[name];
  if (typeof v !== 'number') throw new Error(`${c.id}: no parameter ${name}`);
  return v;
}

/** Thrown for a variant no engine here can run (said plainly, skipped by name). */
export class NotRunnable extends Error {}

/**
 * The case for one report of the `orientation` command, for an intent, as every
 * orientation harness takes it: `{ id, parameters: { name: value }, inertia, target:
 * [w, x, y, z], spin, dt, steps, settings: { key: value } }`. The real engine keeps its
 * own defaults: only the settings the variant changes are passed. Unity is the
 * exception: it cannot run here, so all its documented defaults are applied to the PhysX
 * it runs on.
 */
export function orientationCase(report, intent, target) {
  return {
    id: report.id,
    parameters: Object.fromEntries(report.parameters.map((p) => [p.name, p.value])),
    inertia: intent.inertia,
    target,
    spin: intent.spin ?? [0, 0, 0],
    dt: intent.dt,
    steps: report.predicted.length,
    settings: Object.fromEntries((report.engine === 'unity' ? Object.keys(report.settings) : report.changed)
      .map((k) => [k, report.settings[k]])),
  };
}
