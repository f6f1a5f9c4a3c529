// @vitest-environment happy-dom
// The Lab page mounted in a DOM on the real core (the Lab's wasm, every plant), as a
// reader uses it with reduced motion (so it rests, and shows each run whole): what the
// cards, the metrics table, the clock and the canvas say, that an edit reruns the run
// and is kept in the address, that a refused value is named under its field, and that
// the toolbar's buttons move the run. The expected figures are the core's own, from a
// run built here from the same settings.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $, canvasCalls, installRecordingCanvas, loadLabWasm, manualFrames, pick, reducedMotion, tableText, typeInto } from '../../../tests/dom/page';
import { LabRun } from '../core/wasm';
import { formatNumber } from '../ui/params';
import type { FigureLink } from '../figures/figure-link';
import { mountLab, type LabOptions, type LabPage } from './lab-page';
import { LAW_LABELS } from '../core/catalogue';
import { LAWS, defaultState, labConfig, readLabState, type LabState } from './lab-state';

// One hand-run frame clock for the file: the page's loop keeps its frame request across mounts.
let frames: ReturnType<typeof manualFrames>;
beforeAll(async () => {
  frames = manualFrames();
  await loadLabWasm();
});

let mounted: LabPage[] = [];
beforeEach(() => {
  installRecordingCanvas();
  reducedMotion(true);
  history.replaceState(null, '', '/lab.html');
  document.body.replaceChildren();
});
afterEach(() => {
  for (const lab of mounted) lab.destroy();
  mounted = [];
});

/** The Lab mounted from the link `search`, its first frame drawn. */
function mount(search: string, options: LabOptions = {}): HTMLElement {
  const host = document.createElement('main');
  document.body.append(host);
  const { state, problems } = readLabState(search);
  mounted.push(mountLab(host, state, problems, options));
  frames.frame();
  return host;
}

/** The core's step metrics and hash for `state`'s whole run. */
function coreRun(state: LabState) {
  const run = new LabRun(labConfig(state));
  run.step(Math.round(state.horizon / state.dt));
  const snap = run.snapshot(true, true);
  run.free();
  return snap;
}

const input = (host: HTMLElement, id: string) => $<HTMLInputElement>(host, `#${id}`);
const metricsRows = (host: HTMLElement) => tableText($<HTMLTableElement>(host, 'table.metrics')).slice(1);

describe('the Lab page at rest', () => {
  it('shows each controller\'s whole run with the core\'s step metrics, one row per controller', () => {
    const host = mount('?kp0=300&kd1=12');
    const { state } = readLabState('?kp0=300&kd1=12');
    const snap = coreRun(state);
    const table = $<HTMLTableElement>(host, 'table.metrics');
    expect(table.querySelector('caption')?.textContent).toBe('Step metrics so far (the text version of the plots)');
    expect(tableText(table)[0]).toEqual(['controller', 'rise (s)', 'settle (s)', 'overshoot (%)', 'steady-state error (m)', 'IAE (m·s)', 'peak force (N)', 'diverged?']);
    const rows = metricsRows(host);
    expect(rows.map((r) => r[0])).toEqual(['1: forward PD', "2: Wu's backward PD", '3: SPD (paper form)']);
    rows.forEach((row, k) => {
      const m = snap.stepResponses![0]!.metrics[k]!;
      expect(row.slice(1)).toEqual([m.riseTime, m.settlingTime, m.overshootPercent, m.steadyStateError, m.iae, m.peakEffort].map((v) => (v === null ? 'not reached' : formatNumber(v))).concat('no'));
    });
    // The run shown is the core's run of these settings, bit for bit.
    expect(table.dataset.traceHash).toBe(snap.traceHash);
    expect(table.dataset.rows).toBe('361');
    expect(host.querySelector('.clock')?.textContent).toBe('t = 6.00 s of 6 s');
    expect($(host, '.run-status').textContent).toBe('Run finished: Reset or Play to rerun.');
    expect($(host, '.run-status').classList.contains('finished')).toBe(true);
    expect(document.body.dataset.labReady).toBe('true');
  });

  it('builds one card per controller with its law and gains, and keeps its state in the address', () => {
    const host = mount('?kp0=300&kd1=12');
    const cards = [...host.querySelectorAll<HTMLFieldSetElement>('fieldset.law')];
    expect(cards.map((c) => c.querySelector('legend')?.textContent)).toEqual(['controller 1', 'controller 2', 'controller 3']);
    expect(cards.map((c) => c.querySelector('select')!.value)).toEqual(['pd', 'backward-pd', 'spd']);
    expect([input(host, 'param-0-kp').value, input(host, 'param-0-kd').value]).toEqual(['300', '20']);
    expect([input(host, 'param-1-kp').value, input(host, 'param-1-kd').value]).toEqual(['400', '12']);
    // The setting panels show the link's (and otherwise the core's default) values.
    expect(input(host, 'param-dt').value).toBe('0.01667');
    expect(input(host, 'param-T').value).toBe('6');
    expect(($(host, '#lab-plant') as HTMLSelectElement).value).toBe('cube');
    expect(new URLSearchParams(location.search).get('kp0')).toBe('300');
    expect(new URLSearchParams(location.search).get('kd1')).toBe('12');
    expect(location.pathname).toBe('/lab.html');
    // Two to four controllers: none can be removed below two, and one more can be added.
    expect(cards.every((c) => !c.querySelector<HTMLButtonElement>('button:last-of-type')!.disabled)).toBe(true);
    expect($<HTMLButtonElement>(host, '.panel > button').disabled).toBe(false);
  });

  it('draws each body on its lane where the core put it, and the target dashed across', () => {
    const host = mount('?c=pd,spd&x0=0.5&T=1');
    const { state } = readLabState('?c=pd,spd&x0=0.5&T=1');
    const snap = coreRun(state);
    const canvas = $<HTMLCanvasElement>(host, 'canvas.stage');
    const calls = canvasCalls.get(canvas)!;
    const width = canvas.width;
    // The range shown holds -1 to 2 m and the target, half a metre beyond.
    const toX = (v: number) => ((v + 1.5) / 3.5) * width;
    const line = calls.filter((c) => c.name === 'moveTo' || c.name === 'lineTo');
    expect(line.map((c) => c.args[0])).toEqual([toX(0.5), toX(0.5)]);
    const rects = calls.filter((c) => c.name === 'fillRect');
    expect(rects).toHaveLength(2);
    const lane = canvas.height / 2;
    const s = Math.min(lane * 0.6, 28);
    rects.forEach((r, k) => {
      const x = snap.x[(snap.rows - 1) * 2 + k]!;
      expect(r.args[0]).toBeCloseTo(toX(x) - s / 2, 9);
      expect(r.args[1]).toBeCloseTo(lane * (k + 0.5) - s / 2, 9);
    });
  });
});

describe('an edit in the Lab', () => {
  it('reruns the run with a card\'s new gain, shows its damping ratio and keeps it in the address', () => {
    const host = mount('');
    const before = metricsRows(host)[1];
    const zeta = host.querySelectorAll<HTMLElement>('.zeta')[1]!;
    expect(zeta.textContent).toMatch(/^effective damping ratio ζ = 0\.5 in continuous time; .* as this law runs at dt = 0\.01667 s$/);
    typeInto(input(host, 'param-1-kp'), '100');
    frames.frame();
    const { state } = readLabState('?kp1=100');
    const snap = coreRun(state);
    const after = metricsRows(host)[1]!;
    expect(after).not.toEqual(before);
    expect(after[1]).toBe(formatNumber(snap.stepResponses![0]!.metrics[1]!.riseTime!));
    expect($(host, 'table.metrics').dataset.traceHash).toBe(snap.traceHash);
    // kd 20 on kp 100 at 1 kg: zeta = 20 / (2 sqrt(100)) = 1.
    expect(zeta.textContent).toMatch(/^effective damping ratio ζ = 1 in continuous time/);
    expect(new URLSearchParams(location.search).get('kp1')).toBe('100');
  });

  it('names a refused value under its field, with the value, and keeps the run it had', () => {
    const host = mount('');
    const hash = $(host, 'table.metrics').dataset.traceHash;
    typeInto(input(host, 'param-mass'), '-2');
    frames.frame();
    expect($(host, '#param-mass-message').textContent).toMatch(/mass.*-2|-2.*mass/);
    expect($(host, '#param-mass-message').textContent).toContain('still using 1 kg');
    expect(input(host, 'param-mass').getAttribute('aria-invalid')).toBe('true');
    // A run of more than 20,000 steps is refused by the Lab itself, naming the count.
    typeInto(input(host, 'param-dt'), '0.001');
    frames.frame();
    expect($(host, '#param-dt-message').textContent).toBe('');
    // Each card's sampled damping ratio is for the new step.
    for (const zeta of host.querySelectorAll('.zeta')) expect(zeta.textContent).toMatch(/as this law runs at dt = 0\.001 s$/);
    typeInto(input(host, 'param-T'), '30');
    frames.frame();
    expect($(host, '#param-T-message').textContent).toContain('run length / dt must be at most 20000 steps, got 30000');
    expect(new URLSearchParams(location.search).get('T')).toBeNull();
    expect(new URLSearchParams(location.search).get('dt')).toBe('0.001');
    expect($(host, 'table.metrics').dataset.traceHash).not.toBe(hash);
  });

  it('says in the banner and under the field which values of the link it refused', () => {
    const host = mount('?kp0=-5&mass=abc');
    const banner = $(host, 'p.problems');
    expect(banner.hidden).toBe(false);
    expect(banner.textContent).toMatch(/^Some settings in the link were refused: /);
    expect(banner.textContent).toContain('-5');
    expect(banner.textContent).toContain('abc');
    expect($(host, '#param-0-kp-message').textContent).toContain('-5');
    expect($(host, '#param-mass-message').textContent).toContain('abc');
    // The run goes on with the defaults in their place.
    expect(input(host, 'param-0-kp').value).toBe('400');
  });

  it('adds a controller (up to four), removes one (down to two) and reruns with them', () => {
    const host = mount('');
    const add = $<HTMLButtonElement>(host, '.panel > button');
    add.click();
    frames.frame();
    let cards = [...host.querySelectorAll('fieldset.law')];
    expect(cards).toHaveLength(4);
    // The first law of the plant's menu not already in the Lab.
    const fourth = LAWS.cube.find((l) => !['pd', 'backward-pd', 'spd'].includes(l))!;
    expect(cards[3]!.querySelector('select')!.value).toBe(fourth);
    expect(add.disabled).toBe(true);
    expect(metricsRows(host).map((r) => r[0])).toEqual(['1: forward PD', "2: Wu's backward PD", '3: SPD (paper form)', `4: ${LAW_LABELS[fourth]}`]);
    expect(new URLSearchParams(location.search).get('c')).toBe(`pd,backward-pd,spd,${fourth}`);
    const remove = (k: number) => [...cards[k]!.querySelectorAll('button')].find((b) => b.textContent === 'Remove')!;
    remove(0).click();
    frames.frame();
    cards = [...host.querySelectorAll('fieldset.law')];
    expect(cards.map((c) => c.querySelector('select')!.value)).toEqual(['backward-pd', 'spd', fourth]);
    expect(metricsRows(host).map((r) => r[0])).toEqual(["1: Wu's backward PD", '2: SPD (paper form)', `3: ${LAW_LABELS[fourth]}`]);
    remove(0).click();
    frames.frame();
    cards = [...host.querySelectorAll('fieldset.law')];
    expect(cards).toHaveLength(2);
    expect(remove(0).disabled).toBe(true);
    expect(add.disabled).toBe(false);
  });

  it('changes a law, and the integral a PID brings starts at the core\'s working ki', () => {
    const host = mount('');
    pick(host.querySelector<HTMLSelectElement>('#law-0-kind')!, 'pid');
    frames.frame();
    expect(metricsRows(host)[0]![0]).toBe('1: PID');
    const ki = input(host, 'param-0-ki');
    expect(Number(ki.value)).toBeGreaterThan(0);
    expect(new URLSearchParams(location.search).get('c')).toBe('pid,backward-pd,spd');
    const { state } = readLabState('?c=pid,backward-pd,spd');
    expect(ki.value).toBe(String(state.laws[0]!.ki));
  });

  it('changes the plant (its unit in the table) and the integrator', async () => {
    const host = mount('');
    pick($<HTMLSelectElement>(host, '#lab-plant'), 'box');
    await new Promise((r) => setTimeout(r, 0));
    frames.frame();
    expect(tableText($<HTMLTableElement>(host, 'table.metrics'))[0]).toContain('steady-state error (rad)');
    expect(tableText($<HTMLTableElement>(host, 'table.metrics'))[0]).toContain('peak torque (N·m)');
    expect(new URLSearchParams(location.search).get('plant')).toBe('box');
    expect(host.hasAttribute('aria-busy')).toBe(false);
    const integrator = $<HTMLSelectElement>(host, '#lab-integrator');
    const other = [...integrator.options].map((o) => o.value).find((v) => v !== integrator.value)!;
    pick(integrator, other);
    frames.frame();
    expect(new URLSearchParams(location.search).get('int')).toBe(other);
    const { state } = readLabState(`?plant=box&int=${other}`);
    expect($(host, 'table.metrics').dataset.traceHash).toBe(coreRun(state).traceHash);
  });

  it('switches a disturbance on: a target step gives the table a group of rows per step', () => {
    const host = mount('');
    const step = input(host, 'd-stepOn');
    step.checked = true;
    step.dispatchEvent(new Event('change'));
    frames.frame();
    const table = $<HTMLTableElement>(host, 'table.metrics');
    expect(table.querySelector('caption')?.textContent).toBe('Step metrics so far, for each step of the target (the text version of the plots)');
    const heads = [...table.querySelectorAll('tr.metrics-step')].map((r) => r.textContent);
    expect(heads).toEqual(['Step 1: target 0 → 1 m from the start', 'Step 2: target 1 → 0 m at 3 s, times from the step']);
    expect(new URLSearchParams(location.search).get('step')).toBe('1');
    typeInto(input(host, 'param-stepTo'), '2');
    frames.frame();
    expect([...table.querySelectorAll('tr.metrics-step')][1]!.textContent).toBe('Step 2: target 1 → 2 m at 3 s, times from the step');
    expect(new URLSearchParams(location.search).get('stepTo')).toBe('2');
  });
});

describe('the toolbar of the Lab', () => {
  it('resets the run to its start, steps it one step, and plays it frame by frame', () => {
    const host = mount('');
    const button = (action: string) => $<HTMLButtonElement>(host, `button[data-action="${action}"]`);
    const clock = $(host, '.clock');
    button('reset').click();
    frames.frame();
    expect(clock.textContent).toBe('t = 0.00 s of 6 s');
    expect($(host, 'table.metrics').dataset.rows).toBe('1');
    expect($(host, '.run-status').textContent).toBe('Drag on the canvas to move the target.');
    button('step').click();
    frames.frame();
    expect($(host, 'table.metrics').dataset.rows).toBe('2');
    expect(clock.textContent).toBe('t = 0.02 s of 6 s');
    expect(button('play').textContent).toBe('Play');
    button('play').click();
    expect(button('play').textContent).toBe('Pause');
    // A tenth of a second of real time (and a little: dt is 0.0166667 s) is six steps.
    frames.frame(101);
    expect($(host, 'table.metrics').dataset.rows).toBe('8');
    // A frame counts at most a quarter of a second (ui/fixed-step.ts): 24 of them play the rest.
    for (let f = 0; f < 24; f++) frames.frame(250);
    // Played to its end, it stops and says so.
    expect(clock.textContent).toBe('t = 6.00 s of 6 s');
    expect(button('play').textContent).toBe('Play');
    expect($(host, '.run-status').textContent).toBe('Run finished: Reset or Play to rerun.');
  });
});

describe('dragging on the Lab\'s canvas', () => {
  it('moves the target where the pointer is, and a finished run starts over toward it, playing', () => {
    const host = mount('');
    const canvas = $<HTMLCanvasElement>(host, 'canvas.stage');
    canvas.setPointerCapture = () => {};
    canvas.getBoundingClientRect = () => ({ left: 100, top: 0, width: 400, height: 220, right: 500, bottom: 220, x: 100, y: 0, toJSON: () => ({}) });
    // The cube's view spans -1.5 to 2.5 m: a quarter of the way across is -0.5 m.
    canvas.dispatchEvent(new PointerEvent('pointerdown', { clientX: 200, pointerId: 1 }));
    expect($(host, 'button[data-action="play"]').textContent).toBe('Pause');
    frames.frame(51);
    const table = $(host, 'table.metrics');
    expect(table.dataset.target).toBe('-0.5');
    // Started over: three steps of the new run, not the finished one's 361 rows.
    expect(table.dataset.rows).toBe('4');
    expect($(host, '.run-status').textContent).toBe('Drag on the canvas to move the target.');
    canvas.dispatchEvent(new PointerEvent('pointermove', { clientX: 400, pointerId: 1 }));
    frames.frame(50);
    expect(table.dataset.target).toBe('1.5');
    canvas.dispatchEvent(new PointerEvent('pointerup', { pointerId: 1 }));
    canvas.dispatchEvent(new PointerEvent('pointermove', { clientX: 100, pointerId: 1 }));
    frames.frame(50);
    expect(table.dataset.target).toBe('1.5');
  });
});

describe('a Lab as a chapter\'s figure', () => {
  it('keeps its gains under its plots, writes only what differs from its preset, and opens the same state in the Lab', () => {
    const preset = defaultState();
    const written: [string, string][][] = [];
    const figure = { id: 'fig', replace: (pairs: readonly [string, string][]) => written.push([...pairs]), shareBar: () => document.createElement('div') } as unknown as FigureLink;
    const host = mount('', { idPrefix: 'fig-', saveUrl: false, figure: true, link: { figure, preset } });
    const strip = $(host, '.figure-gains');
    expect([...strip.querySelectorAll('.law-name')].map((n) => n.textContent)).toEqual(['1: forward PD', "2: Wu's backward PD", '3: SPD (paper form)']);
    expect(written.at(-1)).toEqual([]);
    typeInto(input(host, 'param-fig-0-kp'), '250');
    frames.frame();
    expect(written.at(-1)).toEqual([['fig-kp0', '250']]);
    expect($<HTMLAnchorElement>(host, 'a.open-in-lab').getAttribute('href')).toBe('lab.html?kp0=250');
    // The figure leaves the page's own address alone.
    expect(location.search).toBe('');
  });
});
