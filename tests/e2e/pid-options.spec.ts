import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { EXAMPLES } from '../engines/example.mjs';

// Every option of the PIDs, set in the Lab (by link, and by its control), runs the very
// trace the native core runs from a config this test writes itself; and each changes
// the run the way its definition says (checked on the native efforts).

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 120_000 });

const root = new URL('../..', import.meta.url).pathname;
/** The Lab page's step (1/60 s to six digits) and a 6 s run. */
const DT = 0.0166667;
const STEPS = Math.round(6 / DT);

interface Law {
  kind: string;
  kp?: number;
  kd?: number;
  ki?: number;
  options?: Record<string, number | string>;
}

interface NativeRun {
  hash: string;
  /** Every step's efforts, the controllers' in order. */
  force: number[];
  /** Every step's positions, the same way. */
  x: number[];
}

/** The gains a link that names a law without them gives it: the core's catalogue defaults (a PID's ki acts). */
const GAIN_DEFAULTS = Object.fromEntries(
  (JSON.parse(readFileSync(`${root}web/src/core/catalogue.json`, 'utf8')) as { laws: { gains: { key: string; default: number }[] }[] }).laws
    .flatMap((l) => l.gains)
    .map((g) => [g.key, g.default]),
) as { kp: number; kd: number; ki: number };

/** The native core's run of a Lab config (`examples/lab.rs`). */
function native(plant: string, laws: Law[], disturbances: object = {}): NativeRun {
  const config = {
    plant,
    dt: DT,
    controllers: laws.map((l) => ({ kp: GAIN_DEFAULTS.kp, kd: GAIN_DEFAULTS.kd, ki: GAIN_DEFAULTS.ki, options: {}, ...l })),
    disturbances,
  };
  const out = execFileSync('cargo', ['run', '-q', ...EXAMPLES, '--example', 'lab', '--', JSON.stringify(config), String(STEPS)], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out) as NativeRun;
}

/** Controller `k`'s column of a per-body series of a run of two controllers. */
const column = (values: number[], k: number) => values.filter((_, i) => i % 2 === k);
const peak = (xs: number[]) => Math.max(...xs.map(Math.abs));

async function hashOf(page: Page, query: string): Promise<string> {
  await page.goto(`lab.html${query}`);
  const metrics = page.locator('.metrics');
  await expect(metrics).toHaveAttribute('data-trace-hash', /^[0-9a-f]{16}$/, { timeout: 30_000 });
  await expect(page.locator('.problems')).toBeHidden();
  return (await metrics.getAttribute('data-trace-hash'))!;
}

interface Case {
  name: string;
  plant?: string;
  /** The link's query beyond the plant. */
  query: string;
  laws: [Law, Law];
  disturbances?: object;
  /** What the option does to controller 1 (`on`) against controller 0 (`off`), per its definition: efforts and positions. */
  holds(on: number[], off: number[], onX: number[], offX: number[]): void;
}

const PIDS = 'c=pid,pid&ki0=200&ki1=200';
const CASES: Case[] = [
  {
    name: 'integral clamp: the integral cannot cancel a 50 N load, so the body stays off target',
    query: `${PIDS}&load=50&il1=10`,
    laws: [{ kind: 'pid', ki: 200 }, { kind: 'pid', ki: 200, options: { integralLimit: 10 } }],
    disturbances: { constantForce: 50 },
    // At rest the effort cancels the load. Unclamped the integral carries all 50 N and the
    // cube closes on the target (over kp / ki = 2 s); clamped at 10 N, kp e carries 40 N:
    // the cube rests at e = 40 / 400 = 0.1 m past it.
    holds: (on, _off, onX, offX) => {
      expect(Math.abs(on.at(-1)! + 50)).toBeLessThan(1e-3);
      expect(Math.abs(onX.at(-1)! - 1.1)).toBeLessThan(1e-3);
      expect(Math.abs(offX.at(-1)! - 1)).toBeLessThan(0.01);
    },
  },
  {
    name: 'output clamp: the effort never exceeds 30 N',
    query: 'c=pid,pid&ol1=30',
    laws: [{ kind: 'pid' }, { kind: 'pid', options: { outputLimit: 30 } }],
    holds: (on, off) => {
      expect(peak(on)).toBe(30);
      expect(peak(off)).toBeGreaterThan(300);
    },
  },
  {
    name: 'derivative on the error: a target step kicks the effort by kd × step / dt',
    query: 'c=pid,pid&step=1&stepAt=2&stepTo=0&don1=error',
    laws: [{ kind: 'pid' }, { kind: 'pid', options: { derivativeOn: 'error' } }],
    disturbances: { targetStep: [2, 0] },
    holds: (on, off) => {
      const kick = 20 / DT;
      expect(peak(on.slice(100))).toBeGreaterThan(kick);
      expect(peak(off.slice(100))).toBeLessThan(kick / 2);
    },
  },
  {
    name: 'derivative filter: the derivative term is smoothed, so measurement noise makes the effort chatter less',
    query: 'c=pid,pid&noise=0.01&tf1=0.1',
    laws: [{ kind: 'pid' }, { kind: 'pid', options: { derivativeFilter: 0.1 } }],
    disturbances: { noise: 0.01 },
    holds: (on, off) => {
      // Noise through an unfiltered derivative: kd σ / dt ≈ 12 N of chatter at rest.
      const chatter = (xs: number[]) => Math.max(...xs.slice(200).map((x, i, a) => Math.abs(x - (a[i - 1] ?? x))));
      expect(chatter(on)).toBeLessThan(chatter(off) / 2);
    },
  },
  {
    name: 'anti-windup off (integral clamp only): a clamped PID winds up and overshoots more',
    query: 'c=pid,pid&kp0=100&kp1=100&ki0=100&ki1=100&ol0=10&ol1=10&aw1=clamp',
    laws: [
      { kind: 'pid', kp: 100, ki: 100, options: { outputLimit: 10 } },
      { kind: 'pid', kp: 100, ki: 100, options: { outputLimit: 10, antiWindup: 'clamp' } },
    ],
    holds: (_on, _off, onX, offX) => {
      const overshoot = (xs: number[]) => Math.max(...xs) - 1;
      expect(overshoot(onX)).toBeGreaterThan(2 * overshoot(offX));
    },
  },
  {
    name: 'back-calculation with kt: the integral is pulled back while clamped, harder with a larger kt',
    query: `${PIDS}&ol0=60&ol1=60&aw0=back-calculation&aw1=back-calculation&kt1=40`,
    laws: [
      { kind: 'pid', ki: 200, options: { outputLimit: 60, antiWindup: 'back-calculation' } },
      { kind: 'pid', ki: 200, options: { outputLimit: 60, antiWindup: 'back-calculation', kt: 40 } },
    ],
    holds: (on, off) => {
      const atClamp = (xs: number[]) => xs.filter((x) => Math.abs(x) === 60).length;
      expect(atClamp(on)).toBeLessThan(atClamp(off));
    },
  },
  {
    name: "on the box, output clamp: the torque's length, so its part about the axis, stays within 2 N·m",
    plant: 'box',
    query: 'c=pid,pid&ol1=2',
    laws: [{ kind: 'pid' }, { kind: 'pid', options: { outputLimit: 2 } }],
    holds: (on, off) => {
      expect(peak(on)).toBeLessThanOrEqual(2);
      expect(peak(on)).toBeGreaterThan(1.5);
      expect(peak(off)).toBeGreaterThan(20);
    },
  },
  {
    name: 'on the box, derivative on the error: turning the target back kicks the torque',
    plant: 'box',
    query: 'c=pid,pid&step=1&stepAt=2&stepTo=0&don1=error',
    laws: [{ kind: 'pid' }, { kind: 'pid', options: { derivativeOn: 'error' } }],
    disturbances: { targetStep: [2, 0] },
    holds: (on, off) => expect(peak(on.slice(100))).toBeGreaterThan(3 * peak(off.slice(100))),
  },
  {
    name: 'on the box, integral clamp: the integral cannot carry a steady load, so the box rests off target',
    plant: 'box',
    query: `${PIDS}&load=50&il1=1`,
    laws: [{ kind: 'pid', ki: 200 }, { kind: 'pid', ki: 200, options: { integralLimit: 1 } }],
    disturbances: { constantForce: 50 },
    holds: (_on, _off, onX, offX) => {
      expect(Math.abs(offX.at(-1)! - 1)).toBeLessThan(0.01);
      expect(Math.abs(onX.at(-1)! - 1)).toBeGreaterThan(0.05);
    },
  },
  {
    name: "windowed PID's window: a longer window integrates more error",
    plant: 'plate',
    query: 'c=windowed-pid,windowed-pid&ki0=200&ki1=200&win1=30',
    laws: [{ kind: 'windowed-pid', ki: 200 }, { kind: 'windowed-pid', ki: 200, options: { window: 30 } }],
    // Identical until the 7-sample window first drops an error; there the longer one,
    // holding one more positive error, pushes harder.
    holds: (on, off) => {
      const first = on.findIndex((x, i) => x !== off[i]);
      expect(first).toBeGreaterThan(7);
      expect(on[first]).toBeGreaterThan(off[first]!);
    },
  },
  {
    name: "windowed PID's plant gain: every term scaled",
    query: 'c=windowed-pid,windowed-pid&pg1=0.5',
    laws: [{ kind: 'windowed-pid' }, { kind: 'windowed-pid', options: { plantGain: 0.5 } }],
    holds: (on, off) => expect(on[3]).toBeCloseTo(off[3]! / 2, 9),
  },
];

for (const c of CASES) {
  test(`${c.name}: the page runs the native trace`, async ({ page }) => {
    const problems = watchConsole(page);
    const plant = c.plant ?? 'cube';
    const withOption = native(plant, c.laws, c.disturbances);
    c.holds(column(withOption.force, 1), column(withOption.force, 0), column(withOption.x, 1), column(withOption.x, 0));
    expect(await hashOf(page, `?plant=${plant}&${c.query}`)).toBe(withOption.hash);
    expect(problems).toEqual([]);
  });
}

test("a card's option controls set the run and the link; kt shows only with back-calculation", async ({ page }) => {
  const problems = watchConsole(page);
  await hashOf(page, '?c=pid,pid');
  const card = page.locator('fieldset.law').nth(1);
  await card.locator('details.law-options summary').click();
  await expect(page.locator('#param-1-kt')).toHaveCount(0);
  // Switch the output clamp on, then type 30.
  await page.locator('#law-1-outputLimit-on').check();
  const clamp = page.locator('#param-1-outputLimit');
  await clamp.fill('30');
  await clamp.press('Enter');
  await page.locator('#law-1-derivativeOn').selectOption('error');
  await page.locator('#law-1-antiWindup').selectOption('back-calculation');
  const kt = page.locator('#param-1-kt');
  await expect(kt).toHaveValue('5');
  await kt.fill('12');
  await kt.press('Enter');
  await expect(page).toHaveURL(/ol1=30/);
  await expect(page).toHaveURL(/don1=error/);
  await expect(page).toHaveURL(/aw1=back-calculation/);
  await expect(page).toHaveURL(/kt1=12/);
  const expected = native('cube', [
    { kind: 'pid' },
    { kind: 'pid', options: { outputLimit: 30, derivativeOn: 'error', antiWindup: 'back-calculation', kt: 12 } },
  ]);
  await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', expected.hash);
  // A refused value is named under its field and the run keeps the last good one.
  await clamp.fill('-4');
  await clamp.press('Enter');
  await expect(page.locator('#param-1-outputLimit-message')).toContainText('must be greater than 0, got -4');
  await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', expected.hash);
  // Reloading the link gives the same run, and the settings panel opens on its changes.
  await page.reload();
  await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', expected.hash);
  await expect(page.locator('fieldset.law').nth(1).locator('details.law-options')).toHaveAttribute('open', '');
  // Switching the clamp off drops it from the link.
  await page.locator('#law-1-outputLimit-on').uncheck();
  await expect(page).not.toHaveURL(/ol1=/);
  expect(problems).toEqual([]);
});

test('a bad option in a link is named and the run keeps the default', async ({ page }) => {
  await page.goto('lab.html?c=pid,windowed-pid&ol0=-3&win1=2');
  await expect(page.locator('.problems')).toContainText('ol0 must be greater than 0, got -3');
  await expect(page.locator('.problems')).toContainText('win1 must be at least 3, got 2');
  await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', native('cube', [{ kind: 'pid' }, { kind: 'windowed-pid' }]).hash);
});
