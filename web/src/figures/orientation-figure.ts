/**
 * Turning in 3-D (chapter 11): every engine's orientation drive and every article's
 * torque law turning the same body to one target, from the core's orientation twin
 * (`core/orientation-wasm.ts`). The bodies are drawn as boxes, the long axis's path on
 * a sphere beside the shortest one, and the angle left to the target over time. The
 * core computes every orientation and every number read off them; the page draws them.
 */
import { loadOrientation, loadTuner, orientationLoaded, targetOf, tunerLoaded, turn, type AxisSpring, type DriveTurn, type OrientationIntent, type TargetForm, type Turn, type TurnWish, type Wxyz } from '../core/orientation-wasm';
import { ORIENTATION_INTENT } from '../core/presets';
import opening from 'virtual:orientation-opening';
import { FIRST, SECONDS, turnQuestion } from './orientation-opening';
import type { FigureLink } from './figure-link';
import { ResponsePlot } from '../plot/response-plot';
import { themeColors } from '../ui/colors';
import { el, choice } from '../ui/dom';
import type { ParamDef } from '../ui/params';
import { paramControl, type ParamControl } from '../ui/controls';
import { camera, drawBody, rotate, uncamera, type BoxPart, type Quat } from './box-drawing';
import { figureExport, foldedExports, tableExport } from './figure-export';
import { fitCanvas, settingsFold, toggle } from './live-figure';

/** At most this many drives at once: one colour each. */
const SHOWN = 5;
const COLORS = ['--s0', '--s1', '--s2', '--s3', '--s4'];

/** The bodies a reader can turn: principal moments (kg m²) and the box drawn for them. */
const BODIES = {
  'long thin': { inertia: [1, 4, 4.5], size: [2.2, 0.7, 0.45] },
  'nearly round': { inertia: [2, 2.1, 2.2], size: [1.2, 1.1, 1.0] },
  'flat plate': { inertia: [1, 2, 3], size: [1.9, 1.3, 0.2] },
} as const;
type BodyName = keyof typeof BODIES;
const SPINS = { 'at rest': [0, 0, 0], spinning: [0, 3, 1] } as const;
/** The numbers handed to each drive, as the link spells them and as a reader reads them. */
const NUMBERS = {
  documented: 'the documentation’s formula',
  exact: 'exact for this turn',
  tuned: 'tuned for a wish',
} as const;
type NumbersName = keyof typeof NUMBERS;
/** The wish's fields, shown while the numbers are tuned for it. */
const WISH_DEFS: ParamDef[] = [
  { key: 'orientation-settle', label: 'Within 2° by', unit: 's', min: 0.1, max: 3, scale: 'log', initial: 0.8, minExclusive: true, hardMax: 3 },
  { key: 'orientation-overshoot', label: 'At most past the target', unit: 'degrees', min: 0, max: 30, scale: 'linear', initial: 1, hardMax: 180 },
  { key: 'orientation-max-torque', label: 'At most a torque of', unit: 'N·m', min: 10, max: 1e5, scale: 'log', initial: 1000, minExclusive: true, hardMax: 1e9 },
];
type SpinName = keyof typeof SPINS;

const DEFS: ParamDef[] = [
  { key: 'orientation-degrees', label: 'Turn by', unit: 'degrees', min: -360, max: 360, scale: 'linear', initial: ORIENTATION_INTENT.degrees, hardMin: -1e4, hardMax: 1e4 },
  { key: 'orientation-axis-x', label: 'about axis x', unit: '', min: -1, max: 1, scale: 'linear', initial: ORIENTATION_INTENT.axis[0], hardMin: -1e6, hardMax: 1e6 },
  { key: 'orientation-axis-y', label: 'about axis y', unit: '', min: -1, max: 1, scale: 'linear', initial: ORIENTATION_INTENT.axis[1], hardMin: -1e6, hardMax: 1e6 },
  { key: 'orientation-axis-z', label: 'about axis z', unit: '', min: -1, max: 1, scale: 'linear', initial: ORIENTATION_INTENT.axis[2], hardMin: -1e6, hardMax: 1e6 },
  { key: 'orientation-frequency', label: 'Natural frequency f', unit: 'Hz', min: 0.1, max: 20, scale: 'log', initial: ORIENTATION_INTENT.frequency, minExclusive: true, hardMax: 1e3 },
  { key: 'orientation-zeta', label: 'Damping ratio ζ', unit: '', min: 0, max: 2, scale: 'linear', initial: ORIENTATION_INTENT.dampingRatio, hardMax: 100 },
  // At most 6,000 steps a turn: a figure that answers as it is dragged.
  { key: 'orientation-dt', label: 'Engine step dt', unit: 's', min: 1 / 480, max: 1 / 20, scale: 'log', initial: ORIENTATION_INTENT.dt, hardMin: 1 / 2000, hardMax: 0.5 },
];
const HEADLINE = ['orientation-degrees', 'orientation-axis-x', 'orientation-axis-y', 'orientation-axis-z'];
const FIELDS = ['degrees', 'axisX', 'axisY', 'axisZ', 'frequency', 'dampingRatio', 'dt'] as const;

/** The figure's intent from its fields and choices. */
function intentOf(v: Record<(typeof FIELDS)[number], number>, body: BodyName, spin: SpinName): OrientationIntent {
  return {
    frequency: v.frequency,
    dampingRatio: v.dampingRatio,
    inertia: [...BODIES[body].inertia],
    axis: [v.axisX, v.axisY, v.axisZ],
    degrees: v.degrees,
    dt: v.dt,
    spin: [...SPINS[spin]],
  };
}

/** The numbers a drive was given, and with exact or tuned numbers asked, what they were solved as (or why there are none). */
function numbersGiven(d: DriveTurn): string {
  const list = d.parameters.map((p) => `${p.name} ${Number(p.value.toPrecision(4))}${p.unit ? ` ${p.unit}` : ''}`).join(', ');
  const t = d.tuned;
  if (t) {
    const got = `within 2° at ${t.settle === null ? 'no time in the run' : `${t.settle.toFixed(2)} s`}, ${t.overshootDegrees.toFixed(2)}° past, ${Number(t.peakTorque.toPrecision(3))} N·m`;
    const verdict = t.feasible ? `meets the wish (${got})` : `misses the wish on ${BINDING[t.binding ?? ''] ?? t.binding} (${got})`;
    return `${verdict}: the formula at ${Number(t.frequency.toPrecision(4))} Hz, ζ ${Number(t.dampingRatio.toPrecision(4))}: ${list}`;
  }
  if (d.exact) return `the formula at ${Number(d.exact.frequency.toPrecision(4))} Hz, ζ ${Number(d.exact.dampingRatio.toPrecision(4))}: ${list}`;
  if (d.exactRefused) return `documented (no exact numbers: ${d.exactRefused.replace(/^frequency: /, '')}): ${list}`;
  return list;
}

/** A spring as the table prints it. */
const springText = (s: AxisSpring | null) => (s ? `${s.frequency.toFixed(2)} Hz ζ ${s.dampingRatio.toFixed(2)}` : 'no spring');

/** What a drive's numbers make about each principal axis, short enough for a table cell. */
function aboutEachAxis(d: DriveTurn): string {
  const a = d.axes;
  if (!a || a.even === null) return '–';
  if (a.even) return `same: ${springText(a.springs[0])}`;
  return a.springs.map((s, i) => `${'xyz'[i]} ${springText(s)}`).join(' · ');
}

/** For a drive whose springs differ by axis, what gives the same spring about every axis (below the table). */
function axisAdvice(d: DriveTurn): string | null {
  const a = d.axes;
  if (!a || a.even !== false) return null;
  const none = a.springs.flatMap((s, i) => (s ? [] : ['xyz'[i]]));
  const alt = a.alternative ? `${a.alternative.id}${a.alternative.variant === 'default' ? '' : ` (${a.alternative.variant})`} is` : `no ${d.engineName} drive here is`;
  const three = (v: number[]) => v.map((x) => Number(x.toPrecision(3))).join(', ');
  const gains = a.evenGains ? `; a stiffness ${three(a.evenGains[0])} N·m/rad and a damping ${three(a.evenGains[1])} N·m·s/rad about x, y, z would give the spring asked about each` : '';
  return `${label(d)}: ${none.length ? `no spring about ${none.join(' and ')}; ` : ''}not the same spring about every axis; ${alt}${gains}.`;
}

/** The tuner's names of the requirement a drive misses by the most, as the wish's fields say them. */
const BINDING: Record<string, string> = { settle: 'the time', overshoot: 'the angle past', max_effort: 'the torque' };

/** `[w, x, y, z]` as box-drawing's `[x, y, z, w]`. */
const xyzw = (q: Wxyz): Quat => [q[1], q[2], q[3], q[0]];
const degrees = (rad: number) => (rad * 180) / Math.PI;
const label = (d: DriveTurn) => `${d.id}${d.isDefault ? '' : ` (${d.variant})`}`;

export async function mountOrientation(host: HTMLElement, link: FigureLink): Promise<void> {
  // A link with settings of this figure is read by the core as it is applied (a refused
  // value is named by its field and the figure keeps its last good one), so its door
  // loads first; a plain visit opens on the turn the build computed.
  if (link.fromLink().length > 0 && !orientationLoaded()) await loadOrientation();
  const values = {
    degrees: ORIENTATION_INTENT.degrees,
    axisX: ORIENTATION_INTENT.axis[0],
    axisY: ORIENTATION_INTENT.axis[1],
    axisZ: ORIENTATION_INTENT.axis[2],
    frequency: ORIENTATION_INTENT.frequency,
    dampingRatio: ORIENTATION_INTENT.dampingRatio,
    dt: ORIENTATION_INTENT.dt,
  };
  const bodies = el('canvas', { class: 'arena orientation-bodies', role: 'img', 'aria-label': 'Each drive’s body turning toward the target' });
  const sphere = el('canvas', { class: 'arena takes-drag orientation-sphere', role: 'img', 'aria-label': 'The path of each body’s long axis on a sphere, with the shortest path dashed; drag on it to point the long axis of the target' });
  const toolbar = el('div', { class: 'toolbar' });
  const clock = el('span', { class: 'clock' });
  const play = el('button', { type: 'button' }, 'Play');
  const scrub = el('input', { type: 'range', min: 0, max: 1, step: 1, value: 0, 'aria-label': 'Time' });
  toolbar.append(play, scrub, clock);
  const plotBox = el('div', { class: 'plot' });
  const controls = el('div', { class: 'params' });
  const choices = el('div', { class: 'toolbar' });
  const picks = el('fieldset', { class: 'toolbar orientation-drives' }, el('legend', {}, `Drives shown (up to ${SHOWN})`));
  const message = el('p', { class: 'message', role: 'alert' });
  // On a phone each drive becomes a card (styles.css), each number labelled.
  const table = el('table', { class: 'readout orientation-table cards-on-phone' });
  // The turn's fields right under the pictures they change; the clock above the plot it scrubs.
  // Under the table, for each shown drive whose spring differs by axis, what would not.
  const advice = el('ul', { class: 'orientation-advice' });
  host.append(el('div', { class: 'orientation-views' }, bodies, sphere), controls, toolbar, plotBox, choices, picks, message, el('div', { class: 'table-scroll' }, table), advice);
  const fold = settingsFold(controls, DEFS, HEADLINE, link, ['the body', 'its spin at the start', 'each engine’s settings']);
  // The fold follows the fields it extends, before the clock.

  let body = link.choice('orientation-body', 'Body', Object.keys(BODIES) as BodyName[], 'long thin', choices);
  let spin = link.choice('orientation-spin', 'Start', Object.keys(SPINS) as SpinName[], 'at rest', choices);
  let numbers = link.choice('orientation-numbers', 'Numbers given', Object.keys(NUMBERS) as NumbersName[], 'documented', choices);
  // The wish's fields, under the choice, shown while the numbers are tuned for it.
  const wish = { settle: 0.8, overshootDegrees: 1, maxTorque: 1000 };
  const wishBox = el('div', { class: 'params orientation-wish' });
  {
    const s = el('select', { 'aria-label': 'Numbers given to each drive' }, ...(Object.keys(NUMBERS) as NumbersName[]).map((o) => el('option', { value: o, selected: o === numbers }, NUMBERS[o])));
    s.addEventListener('change', () => {
      numbers = s.value as NumbersName;
      wishBox.hidden = numbers !== 'tuned';
      link.save('orientation-numbers', numbers, 'documented');
      rerun();
    });
    choices.prepend(choice('Numbers given: ', s));
    choices.after(wishBox);
    wishBox.hidden = numbers !== 'tuned';
  }
  const select = (key: string, text: string, options: readonly string[], value: string, onChange: (v: string) => void) => {
    const s = el('select', { name: key, 'aria-label': text }, ...options.map((o) => el('option', { value: o, selected: o === value }, o)));
    s.addEventListener('change', () => onChange(s.value));
    const hint = el('span', { class: 'hint' });
    fold.more.append(choice(`${text} `, s, hint));
    return { select: s, hint };
  };
  // An engine's settings change only its drives: with none of them shown the menu says so
  // and waits, rather than changing nothing a reader can see.
  const engineMenus = new Map<string, ReturnType<typeof select>>();
  select('orientation-body', 'Body', Object.keys(BODIES), body, (v) => {
    body = v as BodyName;
    link.save('orientation-body', v, 'long thin');
    rerun();
  });
  select('orientation-spin', 'Start', Object.keys(SPINS), spin, (v) => {
    spin = v as SpinName;
    link.save('orientation-spin', v, 'at rest');
    rerun();
  });

  const colors = themeColors([...COLORS, '--fg', '--muted']);
  // The plot's legend names the drives shown: it is built again when they change.
  let plot: ResponsePlot | null = null;
  let legend = '';
  const plotFor = (drives: readonly DriveTurn[]): ResponsePlot => {
    const names = drives.map(label);
    if (plot && names.join('|') === legend) return plot;
    plot?.destroy();
    legend = names.join('|');
    plot = new ResponsePlot(plotBox, names.map((name, i) => ({ label: name, color: colors.get(COLORS[i]!)! })), SECONDS, {
      title: 'Angle left to the target',
      yLabel: 'angle (degrees)',
      height: 220,
    });
    return plot;
  };

  // Every drive and variant named, from the opening turn the build computed (the names
  // are the same for every intent); each run after steps only the drives shown.
  let run: Turn = opening.turn;
  // Which drives are shown and, per engine with settings variants, which variant.
  const drivesIds = [...new Set(run.drives.map((d) => d.id))];
  const fromLinkShown = link.read(
    'orientation-drives',
    (raw) => {
      const ids = raw.split(',').filter(Boolean);
      const bad = ids.find((id) => !drivesIds.includes(id));
      if (bad) return { error: `Drives shown: no drive "${bad.slice(0, 40)}"; the drives are ${drivesIds.join(', ')}` };
      if (ids.length > SHOWN) return { error: `Drives shown: at most ${SHOWN}, got ${ids.length}` };
      return { value: ids };
    },
    FIRST,
    FIRST.join(','),
    picks,
  );
  const shown = new Set(fromLinkShown);
  const variants = new Map<string, string>();
  for (const engine of new Set(run.drives.map((d) => d.engine))) {
    const names = [...new Set(run.drives.filter((d) => d.engine === engine).map((d) => d.variant))];
    if (names.length < 2) continue;
    const key = `orientation-${engine}-settings`;
    const name = run.drives.find((d) => d.engine === engine)!.engineName;
    variants.set(engine, link.choice(key, `${name} settings`, names, 'default', choices));
    engineMenus.set(
      engine,
      select(key, `${name} settings`, names, variants.get(engine)!, (v) => {
        variants.set(engine, v);
        link.save(key, v, 'default');
        rerun();
      }),
    );
  }
  const boxes = new Map<string, HTMLInputElement>();
  for (const id of drivesIds) {
    const t = toggle(id, (on) => {
      if (on && shown.size >= SHOWN) {
        boxes.get(id)!.checked = false;
        message.textContent = `At most ${SHOWN} drives at once: untick one first.`;
        return;
      }
      message.textContent = '';
      if (on) shown.add(id);
      else shown.delete(id);
      link.save('orientation-drives', drivesIds.filter((d) => shown.has(d)).join(','), FIRST.join(','));
      rerun();
    }, shown.has(id));
    boxes.set(id, t.querySelector('input')!);
    picks.append(t);
  }

  /** The shown drives, each at its engine's chosen variant, in catalogue order. */
  const visible = (): DriveTurn[] =>
    run.drives.filter((d) => shown.has(d.id) && d.variant === (variants.get(d.engine) ?? 'default'));

  // The last step until a reader scrubs: the first run is a single step that only names the drives.
  let step = Number.MAX_SAFE_INTEGER;
  let playing = false;
  const part = (): BoxPart[] => [{ size: BODIES[body].size as unknown as [number, number, number], color: '' }];
  const view = camera(-0.6, 0.45);

  const drawFrame = () => {
    const drives = visible();
    const k = Math.min(step, run.steps - 1);
    clock.textContent = `t = ${((k + 1) * values.dt).toFixed(2)} s`;
    // The bodies, one cell each, and the target as the last cell.
    const width = bodies.clientWidth || 480;
    const cells = drives.length + 1;
    const cell = width / cells;
    const height = Math.max(110, Math.min(170, cell));
    const ctx = fitCanvas(bodies, width, height);
    const scale = Math.min(cell, height) / 3.2;
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'center';
    // Each label is the longest of its forms that fits its cell; one that fits none is
    // counted (data-squeezed), never squeezed out of reading by fillText's maxWidth.
    let squeezed = 0;
    const caption = (forms: readonly string[], x: number) => {
      const text = forms.find((t) => ctx.measureText(t).width <= cell - 4) ?? forms[forms.length - 1]!;
      if (ctx.measureText(text).width > cell - 4) squeezed++;
      ctx.fillStyle = colors.get('--fg')!;
      ctx.fillText(text, x, height - 6);
    };
    drives.forEach((d, i) => {
      const color = colors.get(COLORS[i]!)!;
      const q = d.orientations[k];
      if (q) drawBody(ctx, xyzw(q), part().map((p) => ({ ...p, color })), cell * (i + 0.5), height / 2, scale, view);
      // In a narrow cell the angle alone: the colour names the drive, as in the plot's legend.
      const left = `${degrees(d.angles[k] ?? NaN).toFixed(1)}°`;
      caption([`${label(d)}: ${left}`, left], cell * (i + 0.5));
    });
    drawBody(ctx, xyzw(run.target), part().map((p) => ({ ...p, color: colors.get('--muted')! })), cell * (cells - 0.5), height / 2, scale, view);
    caption(['the target', 'target'], cell * (cells - 0.5));
    bodies.dataset.squeezed = String(squeezed);
    // The sphere: each body's long axis (its x) up to now, the shortest path dashed.
    const size = sphere.clientWidth || 260;
    const s = fitCanvas(sphere, size, size);
    const r = size * 0.42;
    const c = size / 2;
    s.strokeStyle = colors.get('--muted')!;
    s.lineWidth = 1;
    s.beginPath();
    s.arc(c, c, r, 0, 2 * Math.PI);
    s.stroke();
    const trace = (qs: readonly Wxyz[], color: string, dashed: boolean) => {
      s.strokeStyle = color;
      s.setLineDash(dashed ? [5, 4] : []);
      s.lineWidth = dashed ? 1.5 : 2;
      const points = qs.map((q) => view(rotate(xyzw(q), [1, 0, 0])));
      // The far side of the sphere faint, the near side solid: a path that goes round the
      // back stays visible without reading as in front.
      for (const behind of [true, false]) {
        s.globalAlpha = behind ? 0.3 : 1;
        s.beginPath();
        let drawing = false;
        for (const [x, y, z] of points) {
          if (z > 0 !== behind) {
            drawing = false;
            continue;
          }
          if (drawing) s.lineTo(c + x * r, c - y * r);
          else s.moveTo(c + x * r, c - y * r);
          drawing = true;
        }
        s.stroke();
      }
      s.globalAlpha = 1;
    };
    trace([[1, 0, 0, 0], ...run.shortest], colors.get('--fg')!, true);
    drives.forEach((d, i) => trace([[1, 0, 0, 0], ...d.orientations.slice(0, k + 1)], colors.get(COLORS[i]!)!, false));
    s.setLineDash([]);
    // Where the long axis should end: a ring at the target (hollow when it is behind).
    const [tx, ty, tz] = view(rotate(xyzw(run.target), [1, 0, 0]));
    s.strokeStyle = colors.get('--fg')!;
    s.lineWidth = 2;
    s.beginPath();
    s.arc(c + tx * r, c - ty * r, 5, 0, 2 * Math.PI);
    if (tz <= 0.05) {
      s.fillStyle = colors.get('--fg')!;
      s.fill();
    }
    s.stroke();
  };

  const draw = () => {
    const drives = visible();
    for (const [engine, menu] of engineMenus) {
      const used = drives.some((d) => d.engine === engine);
      menu.select.disabled = !used;
      menu.hint.textContent = used ? '' : ` (tick one of its drives below to use these settings)`;
    }
    const p = plotFor(drives);
    p.clear();
    for (let k = 0; k < run.steps; k++) {
      p.push((k + 1) * values.dt, drives.map((d) => degrees(d.angles[k] ?? NaN)));
    }
    p.redraw();
    scrub.max = String(run.steps - 1);
    scrub.value = String(Math.min(step, run.steps - 1));
    host.dataset.curves = JSON.stringify(drives.map((d) => ({ id: d.id, variant: d.variant, end: d.angles[d.angles.length - 1] })));
    const rows = drives.map((d) => [
      label(d),
      d.engineName,
      `${d.turned === null ? '–' : d.turned.toFixed(1)}°`,
      `${degrees(d.deviation).toFixed(1)}°`,
      `${degrees(d.angles[d.angles.length - 1] ?? NaN).toFixed(2)}°`,
      d.effective ? `${d.effective.frequency.toFixed(2)} Hz, ζ ${d.effective.dampingRatio.toFixed(2)}` : '–',
      d.resets.length ? `${d.resets.length} (first at ${((d.resets[0]! + 1) * values.dt).toFixed(2)} s)` : d.divergedAfter !== null ? 'overflowed' : 'none',
      numbersGiven(d),
      aboutEachAxis(d),
    ]);
    table.replaceChildren(
      el(
        'caption',
        {},
        numbers === 'tuned'
          ? `Each shown drive over ${SECONDS} s, tuned to be within 2° of the target by ${wish.settle} s, at most ${wish.overshootDegrees}° past it, at most ${wish.maxTorque} N·m: the shortest turn is ${run.shortestDegrees.toFixed(1)}° about the axis`
          : `Each shown drive over ${SECONDS} s, asked for ${values.frequency} Hz at ζ ${values.dampingRatio}, given ${NUMBERS[numbers]}: the shortest turn is ${run.shortestDegrees.toFixed(1)}° about the axis`,
      ),
      el('thead', {}, el('tr', {}, ...HEADER.map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, ...rows.map((row, i) => el('tr', { 'data-drive': drives[i]!.id }, ...row.map((v, j) => el('td', { 'data-label': HEADER[j]! }, v))))),
    );
    lastRows = rows;
    advice.replaceChildren(...drives.flatMap((d) => {
      const text = axisAdvice(d);
      return text ? [el('li', { 'data-drive': d.id }, text)] : [];
    }));
    showForm();
    drawFrame();
  };
  const HEADER = ['drive', 'engine', 'turned about the axis', 'strays from the shortest path', 'left after 3 s', 'how it really moves', 'resets', 'numbers given', 'about each principal axis (2° turns)'];
  let lastRows: string[][] = [];

  const engineOf = new Map(run.drives.map((d) => [d.id, d.engine]));
  const shownKeys = () => [...shown].map((id) => `${id}/${variants.get(engineOf.get(id)!) ?? 'default'}`);
  /**
   * Runs `action` once the core's door has loaded (the first question past the opening one
   * fetches it); the figure is busy until then. Asked again while it loads (a drag goes on),
   * only the last action runs, and then the turn as the settings now stand.
   */
  let waiting: (() => void) | null = null;
  const withCore = (action: () => void) => {
    const asked = waiting !== null;
    waiting = action;
    if (asked) return;
    host.setAttribute('aria-busy', 'true');
    message.textContent = 'Loading the drives…';
    loadOrientation().then(
      () => {
        const last = waiting!;
        waiting = null;
        host.removeAttribute('aria-busy');
        message.textContent = '';
        try {
          last();
          if (last !== rerun) rerun();
        } catch (e) {
          message.textContent = e instanceof Error ? e.message : String(e);
        }
      },
      (e: unknown) => {
        waiting = null;
        host.removeAttribute('aria-busy');
        message.textContent = `The drives could not be loaded (${String(e)}): try again.`;
      },
    );
  };
  const rerun = (): void => {
    // The tuner's build comes the first time it is asked for: the figure is busy (and
    // inert) until it has, then runs.
    if (numbers === 'tuned' && !tunerLoaded()) {
      host.setAttribute('aria-busy', 'true');
      message.textContent = 'Loading the tuner…';
      loadTuner().then(
        () => {
          host.removeAttribute('aria-busy');
          message.textContent = '';
          rerun();
        },
        (e: unknown) => {
          host.removeAttribute('aria-busy');
          message.textContent = `The tuner could not be loaded (${String(e)}): try again.`;
        },
      );
      return;
    }
    const asked: TurnWish | 'documented' | 'exact' = numbers === 'tuned' ? { ...wish } : numbers;
    const intent = intentOf(values, body, spin);
    const keys = shownKeys();
    if (!orientationLoaded()) {
      // Until the reader asks something else, the turn the build computed; then the core's door.
      if (turnQuestion(intent, SECONDS, keys, asked) !== opening.question) return withCore(rerun);
      run = opening.turn;
      step = Math.min(step, run.steps - 1);
      draw();
      return;
    }
    const next = turn(intent, SECONDS, keys, asked);
    run = next;
    step = Math.min(step, run.steps - 1);
    draw();
  };

  // The target typed as Euler angles or a quaternion: fields that show the target in
  // force in that form and, typed into, set it.
  const FORMS = { 'angle and axis': [], 'Euler angles': ['x', 'y', 'z'], quaternion: ['w', 'x', 'y', 'z'] } as const;
  type FormName = keyof typeof FORMS;
  let form: FormName = 'angle and axis';
  const formBox = el('div', { class: 'params orientation-target-form' });
  const formControls: ParamControl[] = [];
  const formSelect = el('select', { 'aria-label': 'Target typed as' }, ...(Object.keys(FORMS) as FormName[]).map((o) => el('option', { value: o }, o)));
  const buildForm = () => {
    formBox.replaceChildren();
    formControls.length = 0;
    const names = FORMS[form];
    formBox.hidden = names.length === 0;
    const euler = form === 'Euler angles';
    names.forEach((axis, i) => {
      const def: ParamDef = euler
        ? { key: `orientation-euler-${axis}`, label: `Euler ${axis}`, unit: 'degrees', min: -180, max: 180, scale: 'linear', initial: 0, hardMin: -1e4, hardMax: 1e4 }
        : { key: `orientation-quaternion-${axis}`, label: `Quaternion ${axis}`, unit: '', min: -1, max: 1, scale: 'linear', initial: 0, hardMin: -2, hardMax: 2 };
      formControls.push(
        paramControl(formBox, def, 0, (v) => {
          const now = formControls.map((c, k) => (k === i ? v : c.value));
          // The fields keep what the reader typed: read back, Euler angles at the gimbal's
          // lock (y = 90) or a quaternion's sign could come back as another equal set and
          // change the next field's meaning under the reader's hands.
          typing = true;
          try {
            setTarget(euler ? { euler: now as [number, number, number] } : { quaternion: now as Wxyz });
          } finally {
            typing = false;
          }
        }),
      );
    });
    showForm();
  };
  let typing = false;
  const showForm = () => {
    if (!formControls.length || typing) return;
    const t = targetOf(intentOf(values, body, spin));
    const shown = form === 'Euler angles' ? t.euler : t.quaternion;
    formControls.forEach((c, i) => c.show(Number(shown[i]!.toFixed(form === 'Euler angles' ? 2 : 4))));
  };
  formSelect.addEventListener('change', () => {
    form = formSelect.value as FormName;
    // The forms are the core's conversions of the target.
    if (orientationLoaded()) buildForm();
    else withCore(buildForm);
  });
  controls.after(el('label', { class: 'choice orientation-target-as' }, 'Target typed as ', formSelect), formBox);
  formBox.hidden = true;

  // While a typed or dragged target sets the angle and the axis at once, the four fields
  // take their values first and the turn is run once after.
  let holding = false;
  const fields = DEFS.map((def, i) =>
    link.field(fold.place(def), def, (v) => {
      const key = FIELDS[i]!;
      const previous = values[key];
      values[key] = v;
      if (holding) return;
      try {
        rerun();
      } catch (e) {
        values[key] = previous;
        rerun();
        throw e;
      }
    }),
  );
  /**
   * Sets the target from one of its other forms (the core converts it), as if its angle
   * and axis were typed: to twelve digits when typed (no rounding's tail in the link), to
   * a hundredth of a degree and four decimals of the axis when dragged (a pixel's worth).
   */
  const setTarget = (typed: TargetForm): void => {
    if (!orientationLoaded()) return withCore(() => setTarget(typed));
    const t = targetOf(intentOf(values, body, spin), typed);
    const dragged = 'pointing' in typed;
    const round = (v: number, i: number) => (dragged ? Number(v.toFixed(i === 0 ? 2 : 4)) : Number(v.toPrecision(12)));
    holding = true;
    try {
      [t.degrees, ...t.axis].forEach((v, i) => fields[i]!.enter(String(round(v, i))));
    } finally {
      holding = false;
    }
    rerun();
  };

  // Dragging on the sphere points the body's long axis where the pointer is (on the
  // sphere's near side; past its rim, on the rim): the target is the shortest swing there.
  const unview = uncamera(-0.6, 0.45);
  const pointAt = (event: PointerEvent): [number, number, number] => {
    const box = sphere.getBoundingClientRect();
    const size = box.width;
    let x = (event.clientX - box.left - size / 2) / (size * 0.42);
    let y = (size / 2 - (event.clientY - box.top)) / (size * 0.42);
    const rim = Math.hypot(x, y);
    if (rim > 1) [x, y] = [x / rim, y / rim];
    return unview([x, y, Math.sqrt(Math.max(0, 1 - x * x - y * y))]);
  };
  let dragging = false;
  let pending: [number, number, number] | null = null;
  const applyDrag = () => {
    if (!pending) return;
    const direction = pending;
    pending = null;
    setTarget({ pointing: direction });
  };
  sphere.addEventListener('pointerdown', (e) => {
    dragging = true;
    sphere.setPointerCapture(e.pointerId);
    pending = pointAt(e);
    requestAnimationFrame(applyDrag);
  });
  sphere.addEventListener('pointermove', (e) => {
    if (!dragging) return;
    const first = pending === null;
    pending = pointAt(e);
    // A tuned run takes a while: while dragging, only the last point is run, on release.
    if (first && numbers !== 'tuned') requestAnimationFrame(applyDrag);
  });
  const release = () => {
    if (!dragging) return;
    dragging = false;
    applyDrag();
  };
  sphere.addEventListener('pointerup', release);
  sphere.addEventListener('pointercancel', release);

  const wishKeys = ['settle', 'overshootDegrees', 'maxTorque'] as const;
  WISH_DEFS.forEach((def, i) =>
    link.field(wishBox, def, (v) => {
      const key = wishKeys[i]!;
      const previous = wish[key];
      wish[key] = v;
      if (numbers !== 'tuned') return;
      try {
        rerun();
      } catch (e) {
        wish[key] = previous;
        rerun();
        throw e;
      }
    }),
  );

  scrub.addEventListener('input', () => {
    step = Number(scrub.value);
    drawFrame();
  });
  let last = 0;
  const tick = (now: number) => {
    if (!playing) return;
    if (now - last >= 1000 * values.dt) {
      last = now;
      step = step >= run.steps - 1 ? 0 : step + 1;
      scrub.value = String(step);
      drawFrame();
    }
    requestAnimationFrame(tick);
  };
  play.addEventListener('click', () => {
    playing = !playing;
    play.textContent = playing ? 'Pause' : 'Play';
    if (playing) {
      if (step >= run.steps - 1) step = 0;
      requestAnimationFrame(tick);
    }
  });
  new ResizeObserver(() => drawFrame()).observe(bodies);

  // A link that asks anything but the opening turn waits for the core's door before its first frame.
  const opensOnBuilt = numbers === 'documented' && turnQuestion(intentOf(values, body, spin), SECONDS, shownKeys(), 'documented') === opening.question;
  if (!orientationLoaded() && !opensOnBuilt) await loadOrientation();
  rerun();
  host.append(
    foldedExports(
      figureExport('orientation', () => (plot ? [plot] : [])),
      tableExport('orientation-drives', () => ({ header: HEADER, rows: lastRows })),
      link.shareBar(),
    ),
  );
}
