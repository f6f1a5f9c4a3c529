/**
 * The arm's sag under its weight against the stiffness (chapter 12): for each chain law,
 * how far the joint picked rests short of its target as kp grows, on log axes, beside
 * the rule of thumb `G(q*) / kp` (dashed). Every number is the core's
 * (`scenes::arm_sag` through `ArmScene.sag`: where each law's loop comes to rest); the
 * laws that carry the weight themselves (gravity compensation, the PID's integral) rest
 * on the target at every kp, which a log axis cannot draw, so a note names them.
 */
import { ArmScene } from '../core/arm-analysis-wasm';
import { sceneDefaults } from '../core/scenes';
import { TracePlot } from '../plot/trace-plot';
import { cssColor } from '../ui/colors';
import { el, choice } from '../ui/dom';
import { type ParamDef } from '../ui/params';
import type { FigureLink } from './figure-link';
import { foldedExports, plotsExport } from './figure-export';

/** The core's answer (`scenes::ArmSag`). */
interface ArmSag {
  kp: number[];
  laws: { law: string; label: string; sag: (number[] | null)[] }[];
  predicted: number[][];
}

const COLORS = ['--s0', '--s1', '--s2', '--s3', '--s4'];
const jointName = (k: number): string => ['shoulder', 'elbow', 'wrist'][k] ?? `joint ${k + 1}`;

export function mountArmSag(host: HTMLElement, link: FigureLink): void {
  const defaults = sceneDefaults().arm;
  // The damping matters at rest to SPD per joint alone (its spring there is kp M_ii / (M_ii + kd dt)).
  const KD: ParamDef = { key: 'arm-sag-kd', label: 'Damping kd', unit: 'N m s/rad', min: 0.1, max: 500, scale: 'log', initial: defaults.kd, hardMax: 1e9 };
  let sag = ArmScene.sag(defaults, undefined) as ArmSag;
  const joints = defaults.target.map((_, k) => jointName(k));
  const controls = el('div', { class: 'params' });
  let joint = link.choice('arm-sag-joint', 'Joint', joints, joints[0]!, controls);
  // A law that rests on the target at every kp has no sag to draw on a log axis.
  const sags = sag.laws.filter((l) => l.sag.some((row) => row !== null && row.some((v) => v !== 0)));
  const exact = sag.laws.filter((l) => !sags.includes(l));
  // Two laws that rest at the same pose at every kp draw one curve: the later one dashed, and said.
  const same = (a: ArmSag['laws'][number], b: ArmSag['laws'][number]) =>
    a.sag.every((row, k) => {
      const other = b.sag[k];
      return row === null ? other === null : other != null && row.every((v, j) => Math.abs(v - other[j]!) <= 1e-9 * Math.max(1, Math.abs(v)));
    });
  const covers = sags.map((l, k) => sags.slice(0, k).find((earlier) => same(earlier, l)));
  const plotBox = el('div', { class: 'plot arm-sag' });
  const note = el('p', { class: 'caption arm-sag-note' });
  host.append(controls, plotBox, note);
  const plot = new TracePlot(
    plotBox,
    'How far each law rests short of its target under the arm\'s weight',
    'sag (rad)',
    [
      ...sags.map((l, k) => ({ label: l.label, color: cssColor(host, COLORS[k % COLORS.length]!), ...(covers[k] ? { dash: [2, 5] } : {}) })),
      { label: 'G(q*) / kp: the weight over the stiffness', color: cssColor(host, '--fg-muted'), dash: [6, 4] },
    ],
    280,
    'stiffness kp (N m/rad)',
    true,
  );

  const draw = () => {
    const j = joints.indexOf(joint);
    // The size of the sag; a rest on the target (0) or no rest (null) is a gap on a log axis.
    const size = (v: number | undefined) => (v === undefined || v === 0 ? Number.NaN : Math.abs(v));
    // The drawn laws as the core now answers (a new damping gives new curves for the same laws).
    const now = sags.map((l) => sag.laws.find((m) => m.law === l.law)!);
    const columns = [sag.kp, ...now.map((l) => l.sag.map((row) => size(row?.[j]))), sag.predicted.map((p) => size(p[j]))];
    plot.set(columns);
    host.dataset.curves = JSON.stringify({ joint, laws: sags.map((l) => l.law), columns: columns.map((c) => c.map((v) => (Number.isFinite(v) ? v : null))) });
    const flat = sag.predicted.every((p) => p[j] === 0);
    note.textContent = [
      exact.length ? `${exact.map((l) => l.label).join(' and ')}: no sag at any kp (they carry the weight themselves), so no curve.` : '',
      ...sags.flatMap((l, k) => (covers[k] ? [`${l.label} rests exactly where ${covers[k]!.label} does, so its dotted curve lies on it.`] : [])),
      flat ? `The ${joint}'s own weight torque is 0 at the pose (its link stands upright), so the rule of thumb has no line here: what sag there is comes from the joint before it.` : '',
    ]
      .filter(Boolean)
      .join(' ');
  };
  const menu = el('select', { name: 'arm-sag-joint', 'aria-label': 'Joint' }, ...joints.map((name) => el('option', { value: name, selected: name === joint }, name)));
  menu.addEventListener('change', () => {
    joint = menu.value;
    link.save('arm-sag-joint', joint, joints[0]!);
    draw();
  });
  controls.append(choice('Joint ', menu));
  draw();
  // A refused damping throws from the core, naming it, and the curves in force stay.
  link.field(controls, KD, (kd) => {
    sag = ArmScene.sag({ ...defaults, kd }, undefined) as ArmSag;
    draw();
  });
  host.append(foldedExports(plotsExport('arm-sag', () => [plot]), link.shareBar()));
}
