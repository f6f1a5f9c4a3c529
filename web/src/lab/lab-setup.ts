/**
 * The Lab's setting panels: the plant and its physics (plant, integrator, how gains are
 * written, dt, mass, run length, seed, speed) and the disturbances (target step,
 * moving target, noise, sideswipe, a dt spike). Each edit goes through the Lab's
 * `change`, so a value the core refuses is named under its field and the run keeps its
 * settings.
 */
import { paramControl } from '../ui/controls';
import type { ParamDef } from '../ui/params';
import { CATALOGUE } from '../core/catalogue';
import { loadLab, tuning } from '../core/wasm';
import { checkbox, select, unitOf } from './lab-dom';
import type { LabEditor } from './lab-editor';
import { DISTURBANCE_DEFS, GAINLESS, INTEGRATORS, LAWS, MAX_STEPS, PARAMETERISATIONS, PLANTS, SETTING_DEFS, TWINS, type Disturbances, type LabState } from './lab-state';
import { FORMS } from './parameterisation';

const PLANT_NAMES: Readonly<Record<string, string>> = Object.fromEntries(CATALOGUE.plants.map((p) => [p.id, p.label]));
const INTEGRATOR_NAMES: Readonly<Record<string, string>> = Object.fromEntries(CATALOGUE.integrators.map((i) => [i.id, i.menuLabel]));

/** Fills `setupFields` with the plant and physics; `hooks` rebuild the cards and their damping ratios. */
export function buildSetupFields(setupFields: HTMLElement, editor: LabEditor, hooks: { rebuildLaws(): void; updateZetas(): void }): void {
  const { state, prefix: p, change } = editor;
  const saveUrl = () => editor.save();
  const reportLink = editor.reportLink;
  const buildLaws = hooks.rebuildLaws;
  const updateZetas = hooks.updateZetas;
  setupFields.replaceChildren(
    // Another plant may need another build of the Lab (core/wasm.ts): it loads first.
    select('plant', `${p}lab-plant`, PLANTS, PLANT_NAMES, state.plant, (v) =>
      editor.busyWhile(loadLab(v)).then(() => {
        change((s) => {
          s.plant = v as LabState['plant'];
          s.laws = s.laws.map((l) => (LAWS[s.plant].includes(l.kind) ? l : { ...l, kind: 'backward-pd' }));
          for (const l of s.laws) l.asPrinted &&= TWINS[s.plant][l.kind] !== undefined;
        });
        buildLaws();
      }),
    ),
    select('integrator', `${p}lab-integrator`, INTEGRATORS, INTEGRATOR_NAMES, state.integrator, (v) => {
      change((s) => (s.integrator = v as LabState['integrator']));
      buildLaws();
    }),
    select('gains as', `${p}lab-param`, PARAMETERISATIONS, Object.fromEntries(PARAMETERISATIONS.map((p) => [p, FORMS[p].label])), state.parameterisation, (v) => {
      // A form that cannot express the gains that run (a kp of 0 has no natural
      // frequency) is refused by name, and nothing changes.
      const form = FORMS[v as LabState['parameterisation']];
      for (const l of state.laws) if (!GAINLESS.has(l.kind)) form.fromRaw({ kp: l.kp, kd: l.kd }, state.mass, tuning);
      state.parameterisation = v as LabState['parameterisation'];
      saveUrl();
      buildLaws();
    }),
  );
  const numeric: [keyof typeof SETTING_DEFS, ParamDef][] = Object.entries(SETTING_DEFS) as [keyof typeof SETTING_DEFS, ParamDef][];
  for (const [field, def] of numeric) {
    const control = paramControl(setupFields, { ...def, key: `${p}${def.key}` }, state[field], (value) => {
      if (field === 'speed') {
        state.speed = value;
        saveUrl();
        return;
      }
      if (field === 'horizon' || field === 'dt') {
        const h = field === 'horizon' ? value : state.horizon;
        const dt = field === 'dt' ? value : state.dt;
        if (h / dt > MAX_STEPS) throw new Error(`run length / dt must be at most ${MAX_STEPS} steps, got ${Math.round(h / dt)}`);
      }
      change((s) => ((s[field] as number) = field === 'seed' ? Math.floor(value) : value));
      if (field === 'mass' || field === 'dt') updateZetas();
    });
    reportLink(control, def.key);
  }
}

/** Fills `disturbFields` with the disturbances. */
export function buildDisturbanceFields(disturbFields: HTMLElement, editor: LabEditor): void {
  const { state, prefix: p, change } = editor;
  const reportLink = editor.reportLink;
  disturbFields.replaceChildren();
  const unit = unitOf(state.plant);
  const flag = (field: 'stepOn' | 'sideswipeOn' | 'spikeOn', label: string) => {
    disturbFields.append(checkbox(label, `${p}d-${field}`, state.disturbances[field], (on) => change((s) => (s.disturbances[field] = on))));
  };
  for (const [field, def] of Object.entries(DISTURBANCE_DEFS) as [keyof Disturbances, ParamDef | null][]) {
    if (field === 'stepOn') flag('stepOn', 'target step');
    if (field === 'sideswipeOn') flag('sideswipeOn', 'sideswipe');
    if (field === 'spikeOn') flag('spikeOn', 'a one-off dt spike');
    if (!def) continue;
    const shown = { ...def, key: `${p}${def.key}`, unit: def.unit.replace(/^m/, unit) };
    const control = paramControl(disturbFields, shown, state.disturbances[field] as number, (value) =>
      change((s) => ((s.disturbances[field] as number) = value)),
    );
    reportLink(control, def.key);
  }
}
