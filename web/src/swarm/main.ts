/**
 * The swarm scene (swarm.html): article 001's missiles by the thousand, each turned
 * toward a moving target by its heading PID, simulated by the core's `MissileSwarm`
 * in one call per frame and drawn into a pixel buffer. It measures its own frame
 * times, simulation and drawing apart, and shows them; `npm run bench` reads them from
 * `window.forcelabSwarm`.
 */
import '../styles.css';
import './swarm.css';
import { loadSceneModule, MissileSwarm } from '../core/scene-wasm';
import { animate } from '../ui/animation-loop';
import { simulationToolbar } from '../ui/toolbar';
import { paramControl } from '../ui/controls';
import type { ParamDef } from '../ui/params';
import { readUrlState, writeUrlState } from '../ui/url-state';
import { FrameStats, type FrameSummary } from './frame-stats';
import { SwarmCanvas } from './swarm-canvas';

declare global {
  interface Window {
    forcelabSwarm?: { count: number; steps: number; checksum: () => number; summary: () => FrameSummary };
  }
}

const DT = 1 / 60;
const TARGETS = 64;
const SEED = 1;
/** The world is ±100 m; missiles overshoot their targets, so show a little more. */
const HALF_SPAN = 130;

const params: ParamDef[] = [
  { key: 'n', label: 'Missiles', unit: '', min: 100, max: 200_000, scale: 'log', initial: 20_000, hardMin: 0, hardMax: 1_000_000 },
  { key: 'kp', label: 'Heading kp', unit: '1/s²', min: 1, max: 400, scale: 'log', initial: 40 },
  { key: 'ki', label: 'Heading ki', unit: '1/s³', min: 0, max: 20, scale: 'linear', initial: 2 },
  { key: 'kd', label: 'Heading kd', unit: '1/s', min: 0, max: 40, scale: 'linear', initial: 12 },
  { key: 'amax', label: 'Turn limit', unit: 'rad/s²', min: 1, max: 200, scale: 'log', initial: 60, minExclusive: true },
];

const status = document.getElementById('status')!;
const stats = document.getElementById('frame-stats')!;

function formatMs(v: number): string {
  return Number.isFinite(v) ? `${v.toFixed(2)} ms` : '—';
}

async function boot(): Promise<void> {
  await loadSceneModule();
  const { values, problems } = readUrlState(params, location.search);
  const swarm = new MissileSwarm(0, TARGETS, SEED, DT);
  const canvas = new SwarmCanvas(document.getElementById('swarm-canvas') as HTMLCanvasElement, HALF_SPAN);
  const frames = new FrameStats();
  let steps = 0;
  const save = () => history.replaceState(null, '', `${location.pathname}${writeUrlState(params, values, location.search)}`);

  const applyCount = (n: number) => {
    if (!Number.isInteger(n)) throw new Error(`Missiles must be a whole number, got ${n}`);
    swarm.setCount(n);
    frames.clear();
  };
  const applyGains = () => swarm.setGains(values.kp!, values.ki!, values.kd!, 20, values.amax!);
  applyCount(Math.round(values.n!));
  applyGains();

  const host = document.getElementById('swarm-controls')!;
  for (const def of params) {
    const control = paramControl(host, def, values[def.key]!, (v) => {
      const previous = values[def.key]!;
      values[def.key] = v;
      try {
        if (def.key === 'n') applyCount(v);
        else applyGains();
      } catch (e) {
        values[def.key] = previous;
        throw e;
      }
      save();
    });
    const problem = problems[def.key];
    if (problem) control.report(problem);
  }

  const draw = () => {
    const start = performance.now();
    canvas.draw({ x: swarm.x(), y: swarm.y(), heading: swarm.heading(), targetX: swarm.targetX(), targetY: swarm.targetY() });
    return performance.now() - start;
  };
  const advance = () => {
    const start = performance.now();
    swarm.step(1);
    steps += 1;
    return performance.now() - start;
  };

  const toolbar = simulationToolbar({
    step() {
      advance();
      draw();
    },
    reset() {
      swarm.setCount(0);
      swarm.free();
      location.reload();
    },
  });
  document.getElementById('swarm-toolbar')!.replaceWith(toolbar.element);

  let shown = 0;
  let clockAt = -1;
  // One step of the swarm per displayed frame, from the page's loop.
  const frame = () => {
    if (toolbar.playing) frames.record(advance(), draw());
    // Written only when it moved: a paused swarm's frame touches no DOM.
    if (steps !== clockAt) {
      clockAt = steps;
      toolbar.clock.textContent = `t = ${(steps * DT).toFixed(2)} s`;
    }
    if (toolbar.playing && ++shown % 30 === 0) {
      const s = frames.summary();
      stats.textContent =
        `${swarm.length.toLocaleString('en')} missiles, last ${s.frames} frames: ` +
        `simulation ${formatMs(s.simulationP50)} median, ${formatMs(s.simulationP95)} 95th percentile; ` +
        `drawing ${formatMs(s.drawingP50)} median, ${formatMs(s.drawingP95)} 95th percentile.`;
    }
  };
  draw();
  animate(null, frame);
  window.forcelabSwarm = {
    get count() {
      return swarm.length;
    },
    get steps() {
      return steps;
    },
    checksum: () => swarm.checksum(),
    summary: () => frames.summary(),
  };
  status.textContent = '';
  document.body.dataset.ready = 'true';
  // Read by `npm run bench`: the first frame after the first drawing.
  requestAnimationFrame(() => performance.mark('forcelab:first-frame'));
}

boot().catch((error: unknown) => {
  status.textContent = `The swarm could not start: ${error instanceof Error ? error.message : String(error)}`;
  status.classList.add('error');
  document.body.dataset.ready = 'failed';
  console.error(error);
});
