/**
 * "A cube and its target": three cubes, driven by forward PD, Wu's backward PD and
 * SPD with the same gains, chase one target the reader can drag. All physics happens
 * in the core; this module lays out controls, draws and plots.
 */
import { ResponsePlot } from '../plot/response-plot';
import { cssColor } from '../ui/colors';
import { el } from '../ui/dom';
import { animate } from '../ui/animation-loop';
import { simulationToolbar } from '../ui/toolbar';
import { dragAcross } from '../ui/target-drag';
import { paramControl, type ParamControl } from '../ui/controls';
import { formatNumber, type ParamDef } from '../ui/params';
import { World1, type Controller1Id } from '../core/scene-wasm';
import { CUBE_SCENE } from '../core/presets';
import { LAW_LABELS, lawColorVar } from '../core/catalogue';
import type { Scene, SceneHandle, SceneOptions } from './scene';

/** The left edge of the drawn track and the lowest target, m. */
const VIEW_MIN = -1;
/** The right edge of the drawn track and the highest target, m. */
const VIEW_MAX = 3;

const params: readonly ParamDef[] = [
  { key: 'kp', label: 'kp (stiffness)', unit: 'N/m', min: 1, max: 1e6, scale: 'log', initial: CUBE_SCENE.kp },
  { key: 'kd', label: 'kd (damping)', unit: 'N·s/m', min: 0.1, max: 1e5, scale: 'log', initial: CUBE_SCENE.kd },
  {
    key: 'dt', label: 'dt (physics step)', unit: 's', min: 0.002, max: 0.1, scale: 'log',
    initial: CUBE_SCENE.dt, hardMin: 0, hardMax: 1, minExclusive: true,
  },
  { key: 'mass', label: 'mass', unit: 'kg', min: 0.1, max: 100, scale: 'log', initial: CUBE_SCENE.mass, hardMin: 0, hardMax: 1e6, minExclusive: true },
  { key: 'target', label: 'target position', unit: 'm', min: VIEW_MIN, max: VIEW_MAX, scale: 'linear', initial: CUBE_SCENE.target, hardMin: VIEW_MIN, hardMax: VIEW_MAX },
];

const START_X = 0;

interface Contender {
  id: Controller1Id;
  label: string;
  colorVar: string;
}

/** The scene's laws, from the core's preset, named as the catalogue names them. */
const contenders: readonly Contender[] = CUBE_SCENE.laws.map((id) => ({
  id: id as Controller1Id,
  label: LAW_LABELS[id] ?? id,
  colorVar: lawColorVar(id),
}));

/** The colours the canvas needs, read from CSS once and again when the scheme flips. */
interface Palette {
  fg: string;
  muted: string;
  contenders: string[];
}

function readPalette(source: Element, shown: readonly Contender[]): Palette {
  return {
    fg: cssColor(source, '--fg'),
    muted: cssColor(source, '--fg-muted'),
    contenders: shown.map((c) => cssColor(source, c.colorVar)),
  };
}


/** The contenders named by `ids` (all when absent), in the scene's order. */
function chosen(ids: readonly string[] | undefined): readonly Contender[] {
  if (!ids) return contenders;
  for (const id of ids) {
    if (!contenders.some((c) => c.id === id)) {
      throw new Error(`controllers must name some of ${contenders.map((c) => c.id).join(', ')}, got "${id.slice(0, 40)}"`);
    }
  }
  const shown = contenders.filter((c) => ids.includes(c.id));
  if (shown.length === 0) throw new Error('controllers must name at least one controller');
  return shown;
}

function mount(
  host: HTMLElement,
  initial: Record<string, number>,
  problems: Record<string, string>,
  onChange: (values: Record<string, number>) => void,
  options: SceneOptions = {},
): SceneHandle {
  const values = { ...initial };
  const shown = chosen(options.controllers);
  const colorSource = options.colorSource ?? document.documentElement;
  const th = (text: string) => el('th', { scope: 'col' }, text);
  const embedButton = options.embedCode
    ? [el('button', { type: 'button', 'data-action': 'embed', 'aria-expanded': 'false', 'aria-controls': 'embed-code' }, 'Copy embed code')]
    : [];
  const toolbar = simulationToolbar(
    {
      step() {
        advance(1);
        draw();
      },
      reset: () => restart(),
      // While playing, the readout (the clock with it) is written ten times a second; a
      // pause writes it at once, so the clock stops at the time the cubes stopped.
      toggled: () => draw(),
    },
    { extra: embedButton },
  );
  host.replaceChildren(
    el(
      'section',
      { class: 'scene', 'aria-label': 'A cube and its target' },
      toolbar.element,
      options.embedCode &&
        el(
          'div',
          { class: 'embed-code', id: 'embed-code', hidden: true },
          el('label', {}, 'As an element', el('textarea', { readonly: true, rows: 3 })),
          el('label', {}, 'As an iframe', el('textarea', { readonly: true, rows: 2 })),
          el('p', { class: 'embed-status', role: 'status' }),
        ),
      el('canvas', {
        class: 'stage',
        height: 180,
        role: 'img',
        'aria-label': 'Three cubes on parallel tracks and a target line; drag to move the target',
      }),
      el('div', { class: 'plot' }),
      el(
        'table',
        { class: 'readout' },
        el('caption', {}, 'Now'),
        el(
          'thead',
          {},
          el('tr', {}, th('controller'), th('position (m)'), th('velocity (m/s)'), th('force (N)'), th('state')),
        ),
        el('tbody'),
      ),
      el('div', { class: 'params' }),
    ),
  );
  const q = <T extends Element>(sel: string) => host.querySelector<T>(sel)!;
  const canvas = q<HTMLCanvasElement>('canvas.stage');
  const clockText = toolbar.clock;
  const tbody = q<HTMLTableSectionElement>('.readout tbody');

  const world = new World1(values.dt!);
  for (const c of shown) world.addBody(c.id, values.kp!, values.kd!, values.mass!, START_X);
  world.setTarget(values.target!);

  const plot = new ResponsePlot(q('.plot'), [
    { label: 'target', color: cssColor(colorSource, '--fg-muted'), dash: [6, 4] },
    ...shown.map((c) => ({ label: c.label, color: cssColor(colorSource, c.colorVar) })),
  ]);
  const sample = new Float64Array(shown.length + 1);
  const record = () => {
    const s = world.state;
    sample[0] = s.targetX;
    sample.set(s.positions, 1);
    plot.push(s.time, sample);
  };

  tbody.replaceChildren(
    ...shown.map((c) => {
      const swatch = el('span', { class: 'swatch' });
      swatch.style.background = `var(${c.colorVar})`;
      return el('tr', {}, el('th', { scope: 'row' }, swatch, c.label), el('td'), el('td'), el('td'), el('td'));
    }),
  );
  const updateReadout = () => {
    const s = world.state;
    shown.forEach((_, i) => {
      const cells = tbody.rows[i]!.cells;
      cells[1]!.textContent = formatNumber(s.positions[i]!);
      cells[2]!.textContent = formatNumber(s.velocities[i]!);
      cells[3]!.textContent = formatNumber(s.forces[i]!);
      cells[4]!.textContent = s.diverged[i] ? 'diverged' : '';
    });
    clockText.textContent = `t = ${s.time.toFixed(2)} s`;
  };

  const controls = new Map<string, ParamControl>();
  const changed = (key: string) => (value: number) => {
    switch (key) {
      case 'kp':
        shown.forEach((_, i) => world.setGains(i, value, values.kd!));
        break;
      case 'kd':
        shown.forEach((_, i) => world.setGains(i, values.kp!, value));
        break;
      case 'mass':
        shown.forEach((_, i) => world.setMass(i, value));
        break;
      case 'dt':
        world.setDt(value);
        break;
      case 'target':
        world.setTarget(value);
        break;
    }
    values[key] = value;
    onChange({ ...values });
    draw();
  };
  const paramsHost = q<HTMLElement>('.params');
  for (const def of params) {
    const control = paramControl(paramsHost, def, values[def.key]!, changed(def.key));
    if (problems[def.key]) control.report(problems[def.key]!);
    controls.set(def.key, control);
  }

  // --- animation ---------------------------------------------------------------
  let framesDrawn = 0;
  // getComputedStyle forces a style pass: read the colours when they can change, not
  // every frame.
  let palette = readPalette(colorSource, shown);
  const scheme = window.matchMedia('(prefers-color-scheme: dark)');
  const onScheme = () => {
    palette = readPalette(colorSource, shown);
    draw();
  };
  scheme.addEventListener('change', onScheme);

  const restart = () => {
    world.restart(START_X);
    plot.clear();
    record();
    draw();
  };
  const advance = (steps: number) => {
    for (let i = 0; i < steps; i++) {
      world.step(1);
      record();
    }
  };

  // Off screen (its element says so) the scene neither steps nor draws: the page's
  // loop does not call it.
  const animation = animate(null, (seconds) => {
    advance(toolbar.stepsFor(seconds, values.dt!));
    draw();
  });
  animation.setVisible(!options.startHidden);
  const setVisible = (on: boolean) => {
    if (on && !animation.visible) toolbar.restartClock();
    animation.setVisible(on);
  };

  // --- drawing -----------------------------------------------------------------
  const toPx = (x: number, width: number) => ((x - VIEW_MIN) / (VIEW_MAX - VIEW_MIN)) * width;

  function draw() {
    const dpr = window.devicePixelRatio || 1;
    const width = canvas.clientWidth || 600;
    const height = 180;
    if (canvas.width !== Math.round(width * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
    }
    const ctx = canvas.getContext('2d')!;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const fg = palette.muted;
    ctx.font = '12px system-ui, sans-serif';
    ctx.fillStyle = fg;
    ctx.strokeStyle = fg;
    ctx.lineWidth = 1;
    for (let m = Math.ceil(VIEW_MIN); m <= VIEW_MAX; m++) {
      const px = toPx(m, width);
      ctx.globalAlpha = 0.35;
      ctx.beginPath();
      ctx.moveTo(px, 20);
      ctx.lineTo(px, height - 18);
      ctx.stroke();
      ctx.globalAlpha = 1;
      ctx.fillText(`${m} m`, px + 3, height - 4);
    }
    const s = world.state;
    const lane = (height - 50) / shown.length;
    shown.forEach((c, i) => {
      const y = 26 + lane * i + lane / 2;
      const x = s.positions[i]!;
      const size = Math.min(26, lane - 6);
      const px = toPx(Math.min(VIEW_MAX + 0.2, Math.max(VIEW_MIN - 0.2, x)), width);
      ctx.globalAlpha = s.diverged[i] ? 0.35 : 1;
      ctx.fillStyle = palette.contenders[i]!;
      ctx.fillRect(px - size / 2, y - size / 2, size, size);
      ctx.globalAlpha = 1;
      ctx.fillStyle = fg;
      ctx.fillText(s.diverged[i] ? `${c.label}: diverged` : c.label, 6, y - size / 2 - 2);
    });
    const tx = toPx(s.targetX, width);
    ctx.strokeStyle = palette.fg;
    ctx.setLineDash([6, 4]);
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(tx, 14);
    ctx.lineTo(tx, height - 18);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = palette.fg;
    ctx.beginPath();
    ctx.arc(tx, 12, 7, 0, Math.PI * 2);
    ctx.fill();
    plot.redraw();
    // The table is text for people (and screen readers): ten updates a second is plenty.
    if (framesDrawn++ % 6 === 0 || !toolbar.playing) updateReadout();
  }

  // --- input -------------------------------------------------------------------
  const onClick = (e: Event) => {
    const action = (e.target as HTMLElement).closest<HTMLButtonElement>('button')?.dataset.action;
    if (action === 'embed') showEmbedCode();
  };

  const showEmbedCode = () => {
    const box = host.querySelector<HTMLElement>('.embed-code');
    const button = host.querySelector<HTMLButtonElement>('[data-action=embed]');
    if (!box || !button || !options.embedCode) return;
    const code = options.embedCode(values, shown.map((c) => c.id));
    const [element, iframe] = box.querySelectorAll('textarea');
    element!.value = code.element;
    iframe!.value = code.iframe;
    box.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    const status = box.querySelector('.embed-status')!;
    // The clipboard needs permission; the text is shown either way.
    navigator.clipboard?.writeText(`${code.element}\n`).then(
      () => (status.textContent = 'The element snippet is on the clipboard.'),
      () => (status.textContent = 'Select a snippet and copy it.'),
    );
  };
  host.addEventListener('click', onClick);

  dragAcross(canvas, (fraction) => {
    const x = VIEW_MIN + fraction * (VIEW_MAX - VIEW_MIN);
    const clamped = Math.min(VIEW_MAX, Math.max(VIEW_MIN, Number(x.toFixed(3))));
    controls.get('target')!.show(clamped);
    changed('target')(clamped);
  });

  restart();

  return {
    setVisible,
    get time() {
      return world.state.time;
    },
    destroy() {
      animation.stop();
      scheme.removeEventListener('change', onScheme);
      host.removeEventListener('click', onClick);
      host.replaceChildren();
    },
  };
}

export const cubeAndTarget: Scene = {
  id: CUBE_SCENE.id,
  title: 'A cube and its target',
  params,
  controllerIds: contenders.map((c) => c.id),
  mount,
};
