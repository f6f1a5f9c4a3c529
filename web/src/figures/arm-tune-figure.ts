/**
 * Tune the arm from a wish (chapter 12): how soon every joint must settle, how far any
 * joint may swing past its target, how hard any joint may be pushed; for each chain law
 * and each engine's own drive on the same arm, the gains that meet it with the least
 * peak torque, or the closest miss and what it missed. Every number is the core's
 * (`design::tune_arm` through `ArmScene.tune`, each candidate run whole by the arm
 * scene's runner or the engine's twin); the page writes the table and a link that opens
 * the arm figure at a law's gains.
 */
import { ArmScene } from '../core/arm-tune-wasm';
import { sceneDefaults } from '../core/scenes';
import { el, fillTable } from '../ui/dom';
import { formatNumber, type ParamDef } from '../ui/params';
import type { FigureLink } from './figure-link';
import { foldedExports, tableExport } from './figure-export';

/** The core's wish (`design::ArmWish`). */
interface Wish {
  settle: number | null;
  overshoot: number | null;
  maxTorque: number | null;
}

/** One row of the core's table (`design::ArmTuning`). */
interface Tuned {
  drive: string;
  label: string;
  gains: { kp: number; kd: number; ki: number };
  figures: { settle: number | null; overshoot: number[]; peakTorque: number; finalError: number; failed: boolean };
  meets: boolean;
  binding: string | null;
}

/** What the requirement a drive missed most (the core's `binding`) means for the arm. */
const MISSED: Record<string, string> = { settle: 'does not settle in time', overshoot: 'swings too far past', max_torque: 'needs more torque' };

/** Significant digits a reader reads; the link carries the gains whole. */
const short = (v: number) => formatNumber(Number(v.toPrecision(3)));

export function mountArmTune(host: HTMLElement, link: FigureLink): void {
  const defaults = sceneDefaults().arm;
  const wish = ArmScene.figureWish() as Wish;
  const laws = new Set<string>(defaults.laws);
  const fields: ParamDef[] = [
    { key: 'arm-tune-settle', label: 'Settle within', unit: 's', min: 0.1, max: defaults.seconds, scale: 'log', initial: wish.settle ?? 1, minExclusive: true, hardMax: defaults.seconds },
    { key: 'arm-tune-overshoot', label: 'Overshoot at most', unit: '× the move', min: 0.001, max: 1, scale: 'log', initial: wish.overshoot ?? 0.05, hardMin: 0, hardMax: 1e9 },
    { key: 'arm-tune-torque', label: 'Torque at most', unit: 'N m', min: 1, max: 1e5, scale: 'log', initial: wish.maxTorque ?? 1000, minExclusive: true, hardMax: 1e12 },
  ];
  const current: Wish = { settle: fields[0]!.initial, overshoot: fields[1]!.initial, maxTorque: fields[2]!.initial };
  const controls = el('div', { class: 'params' });
  const status = el('p', { class: 'caption arm-tune-status', role: 'status' });
  const table = el('table', { class: 'readout arm-tune-table' });
  // Six columns: on a phone the table scrolls on its own rather than the page.
  host.append(controls, status, el('div', { class: 'table-scroll' }, table));
  let rows: Tuned[] = [];

  /** Writes the rows found so far; `done`: the whole table, which its tests and CSV read. */
  const draw = (done: boolean) => {
    const header = ['drive', 'meets the wish?', 'kp, kd (N m/rad, N m s/rad)', 'settles at (s)', 'worst overshoot', 'peak torque (N m)'];
    fillTable(
      table,
      `For each law on the arm and each engine's own drive: the gains that meet the wish with the least peak torque, or the closest miss`,
      header,
      rows.map((r) => [
        r.label,
        r.meets ? 'yes' : r.figures.failed ? 'no: it blows up' : `no: ${(r.binding && MISSED[r.binding]) ?? r.binding ?? 'misses'}`,
        `${short(r.gains.kp)}, ${short(r.gains.kd)}`,
        r.figures.settle === null ? 'never' : short(r.figures.settle),
        short(Math.max(0, ...r.figures.overshoot)),
        short(r.figures.peakTorque),
      ]),
    );
    // The chain laws open in the arm figure at their gains (the engines' drives are not its laws).
    table.querySelectorAll('tbody tr').forEach((tr, k) => {
      const r = rows[k]!;
      const cell = tr.children[1]!;
      if (!laws.has(r.drive)) return;
      const to = new URL('12-chains.html', window.location.href.replace(/embed\.html.*$/, 'chapters/'));
      to.searchParams.set('arm-kp', String(r.gains.kp));
      to.searchParams.set('arm-kd', String(r.gains.kd));
      to.hash = 'arm';
      cell.append(el('br'), el('a', { href: to.href, class: 'arm-tune-open' }, 'open the arm at these gains'));
    });
    if (done) host.dataset.curves = JSON.stringify(rows.map((r) => [r.drive, r.meets, r.gains.kp, r.gains.kd]));
  };

  // The core's order of what it tunes (its laws, then the engines' drives): asked one row
  // at a time, a wish costs the reader a tenth of a second at most between paints rather
  // than the whole search at once.
  const drives = ArmScene.tuneDrives(defaults) as string[];
  let search = 0;
  /**
   * Tunes `next`, one drive per task, drawing each row as it comes. The first row is
   * asked at once, so a wish the core refuses throws here, naming the field, and the
   * table and the wish stay as they were; a newer wish stops an older search.
   */
  const tune = (next: Wish) => {
    const t0 = performance.now();
    const first = ArmScene.tune(defaults, next, [drives[0]!]) as Tuned[];
    const mine = ++search;
    Object.assign(current, next);
    rows = first;
    const step = () => {
      if (mine !== search) return;
      if (rows.length < drives.length) {
        status.textContent = `Tuning: ${rows.length} of ${drives.length} drives done…`;
        draw(false);
        setTimeout(() => {
          if (mine !== search) return;
          rows = rows.concat(ArmScene.tune(defaults, next, [drives[rows.length]!]) as Tuned[]);
          step();
        }, 0);
        return;
      }
      const met = rows.filter((r) => r.meets).map((r) => r.label);
      status.textContent = `${met.length ? `Met by ${met.join(', ')}.` : 'No drive meets this wish on this arm at this step.'} (Tuned in ${Math.round(performance.now() - t0)} ms.)`;
      draw(true);
    };
    step();
  };
  (['settle', 'overshoot', 'maxTorque'] as const).forEach((key, i) => link.field(controls, fields[i]!, (v) => tune({ ...current, [key]: v })));
  // After the page has drawn, not before.
  setTimeout(() => tune({ ...current }), 0);
  host.append(
    foldedExports(
      tableExport('arm-tune', () => ({
        header: ['drive', 'meets', 'kp', 'kd', 'ki', 'settle', 'worst overshoot', 'peak torque', 'final error'],
        rows: rows.map((r) => [r.drive, r.meets ? 'yes' : 'no', r.gains.kp, r.gains.kd, r.gains.ki, r.figures.settle, Math.max(0, ...r.figures.overshoot), r.figures.peakTorque, r.figures.finalError]),
      })),
      link.shareBar(),
    ),
  );
}
