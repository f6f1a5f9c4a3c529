import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { runUnity, type UnityRun } from '../export/snippets/unity/run';
import { unfoldSettings } from './pages';

/**
 * "Copy as code" is checked by running what it writes: the Rust snippet compiled
 * against this workspace's forcelab crate, the JS snippet in Node against the npm
 * package (target/npm/forcelab, built by scripts/build-npm.sh), each printing the
 * positions the page plots, which must agree within 1e-12. The Unity snippets of the
 * cube and the plate are compiled by mcs against a UnityEngine stand-in and run by mono
 * (in doubles, within 1e-9). Godot cannot run here: the GDScript's constants are checked
 * against the page's state (and its text against golden files, in the unit tests).
 */

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 240_000 });

const root = new URL('../..', import.meta.url).pathname;
/** The cube's run; its PID has an output clamp, back-calculation and the derivative on the error. */
const RUN = 'lab.html?c=pd,spd,pid&kp0=400&kd0=40&kp1=900&kd1=30&kp2=300&kd2=20&ki2=50&ol2=30&aw2=back-calculation&kt2=8&don2=error&mass=2.5&dt=0.01&T=2';
/** One Lab state per plant: the cube's, the plate (three laws per body, the turn's gains scaled) and the box (torque laws). */
const RUNS = {
  cube: RUN,
  plate: 'lab.html?plant=plate&c=backward-pd,spd-simplified,pid&kp0=500&kd0=35&kp1=300&kd1=25&kp2=300&kd2=20&ki2=40&mass=1.5&dt=0.02&T=2',
  box: 'lab.html?plant=box&c=pd,backward-pd,pid,spd&kp0=300&kd0=30&kp1=800&kd1=40&kp2=600&kd2=20&ki2=300&ol2=40&don2=error&tf2=0.02&kp3=600&kd3=20&mass=3&dt=0.01&T=2&int=rk4',
} as const;

async function openLab(page: Page, run: string = RUN): Promise<void> {
  await page.goto(run);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.locator('.metrics')).toHaveAttribute('data-trace-hash', /.+/);
}

async function code(page: Page, k: number, language: string): Promise<string> {
  const panel = page.locator(`fieldset.law[data-index="${k}"] details.code-panel`);
  if (!(await panel.evaluate((d: HTMLDetailsElement) => d.open))) await panel.locator('summary').click();
  await panel.locator('select').selectOption(language);
  return written(panel, language);
}

/** The panel's text once it holds `language` (the templates load when the panel first opens). */
async function written(panel: Locator, language: string): Promise<string> {
  await expect(panel.locator(`textarea[data-language="${language}"]`)).toHaveCount(1);
  return panel.locator('textarea').inputValue();
}

/** The positions the page plotted for controller `k`, one per step (row 0, the start, left out). */
const plotted = (page: Page, k: number) =>
  page.locator('.plot.response').evaluate((el, k) => (el as HTMLElement & { plotted: number[][] }).plotted[2 + k]!.slice(1), k);

function expectClose(printed: number[], page: number[], label: string): void {
  expect(printed.length, label).toBe(page.length);
  const worst = Math.max(...printed.map((v, r) => Math.abs(v - page[r]!)));
  expect(worst, `${label}: worst difference`).toBeLessThanOrEqual(1e-12);
}

const numbers = (out: string) => out.trim().split('\n').map(Number);

/**
 * Builds and runs the snippet crate in `dir` and returns what it prints. A reader pastes
 * these programs as they are, so a compiler warning (an unused import, say) fails too.
 */
function cargoRun(dir: string, what: string): string {
  const run = spawnSync('cargo', ['run', '-q', '--offline'], {
    cwd: dir,
    env: { ...process.env, CARGO_TARGET_DIR: join(root, 'target', 'snippet-check', 'target') },
    encoding: 'utf8',
  });
  expect(run.status, `${what}: ${run.stderr}`).toBe(0);
  expect(run.stderr, `${what} compiles without warnings`).not.toContain('warning');
  return run.stdout;
}

for (const [plant, run] of Object.entries(RUNS)) {
  test(`the Rust snippet, compiled against the forcelab crate, prints what the page plots (${plant})`, async ({ page }) => {
    await openLab(page, run);
    // A folder and a package name per plant: the plants' tests run at once on two workers,
    // and share cargo's target folder (one compile of forcelab), so one binary each.
    const dir = join(root, 'target', 'snippet-check', `rust-${plant}`);
    for (const k of [0, 1, 2]) {
      const source = await code(page, k, 'rust');
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(join(dir, 'src'), { recursive: true });
      writeFileSync(join(dir, 'Cargo.toml'), `[package]\nname = "snippet-${plant}"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\nforcelab = { path = ${JSON.stringify(join(root, 'crates/forcelab'))} }\n\n[workspace]\n`);
      writeFileSync(join(dir, 'src/main.rs'), source);
      const out = cargoRun(dir, `Rust snippet of controller ${k + 1} on the ${plant}`);
      expectClose(numbers(out), await plotted(page, k), `Rust snippet of controller ${k + 1} on the ${plant}`);
    }
  });

  test(`the JS snippet, run in Node against the npm package, prints what the page plots (${plant})`, async ({ page }) => {
    const pkg = join(root, 'target', 'npm', 'forcelab');
    if (!existsSync(join(pkg, 'forcelab_bg.wasm'))) {
      execFileSync('bash', ['scripts/build-npm.sh'], { cwd: root, stdio: 'inherit' });
    }
    await openLab(page, run);
    const dir = join(tmpdir(), `forcelab-js-snippet-${plant}-${process.pid}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    symlinkSync(pkg, join(dir, 'node_modules', 'forcelab'), 'dir');
    for (const k of [0, 1, 2]) {
      writeFileSync(join(dir, 'snippet.mjs'), await code(page, k, 'js'));
      // Playwright's workers force colours on, and Node would colour the printed numbers.
      const out = execFileSync('node', ['snippet.mjs'], { cwd: dir, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
      expectClose(numbers(out), await plotted(page, k), `JS snippet of controller ${k + 1} on the ${plant}`);
    }
    rmSync(dir, { recursive: true, force: true });
  });
}

test('the Unity and Godot snippets carry the page\'s gains, mass and step', async ({ page }) => {
  await openLab(page);
  const pick = (text: string, re: RegExp) => Number(re.exec(text)?.[1]);
  for (const [k, kp, kd] of [[0, 400, 40], [1, 900, 30]] as const) {
    const cs = await code(page, k, 'csharp');
    expect(pick(cs, /double kp = ([^;]+);/)).toBe(kp);
    expect(pick(cs, /double kd = ([^;]+);/)).toBe(kd);
    expect(pick(cs, /double mass = ([^;]+);/)).toBe(2.5);
    expect(pick(cs, /double dt = ([^;]+);/)).toBe(0.01);
    const gd = await code(page, k, 'gdscript');
    expect(pick(gd, /var kp := (\S+)/)).toBe(kp);
    expect(pick(gd, /var kd := (\S+)/)).toBe(kd);
    expect(pick(gd, /mass = (\S+)/)).toBe(2.5);
    expect(pick(gd, /var dt := (\S+)/)).toBe(0.01);
  }
  // The PID is written out with its memory, its card's choices written in and its numbers as settings.
  const pid = await code(page, 2, 'csharp');
  expect(pid).toContain('class Law');
  expect([/double ki = ([^;]+);/, /double outputLimit = ([^;]+);/, /double kt = ([^;]+);/].map((re) => pick(pid, re))).toEqual([50, 30, 8]);
  expect(pid).toContain('derivative = kd * (error - previousError) / dt;');
  expect(await code(page, 2, 'gdscript')).toMatch(/var output_limit := 30\.0/);
});

test('the Lab\'s Unity snippets, compiled by mcs against the UnityEngine stand-in and run, print what the page plots', async ({ page }) => {
  for (const plant of ['cube', 'plate'] as const) {
    await openLab(page, RUNS[plant]);
    const runs: UnityRun[] = [];
    const page_: number[][] = [];
    for (const k of [0, 1, 2]) {
      const source = await code(page, k, 'csharp');
      const plot = await plotted(page, k);
      const target = await page.locator('.plot.response').evaluate((el) => (el as HTMLElement & { plotted: number[][] }).plotted[1]!.at(-1)!);
      runs.push({ className: /public class (\w+)/.exec(source)![1]!, source, plant, target, steps: plot.length });
      page_.push(plot);
    }
    const out = runUnity(runs, 'double');
    runs.forEach((_, k) => {
      const stride = plant === 'plate' ? 3 : 1;
      const x = out[k]!.filter((_, i) => i % stride === 0);
      expect(x.length).toBe(page_[k]!.length);
      const worst = Math.max(...x.map((v, r) => Math.abs(v - page_[k]![r]!)));
      expect(worst, `Unity snippet of controller ${k + 1} on the ${plant}`).toBeLessThanOrEqual(1e-9);
    });
  }
});

test('on the plate and the box, the Unity and Godot snippets carry the page\'s gains, mass and step', async ({ page }) => {
  const pick = (text: string, re: RegExp) => Number(re.exec(text)?.[1]);
  await openLab(page, RUNS.plate);
  for (const [k, kp, kd] of [[0, 500, 35], [1, 300, 25]] as const) {
    const cs = await code(page, k, 'csharp');
    expect(cs).toMatch(/Rigidbody2D/);
    expect([/double kp = ([^;]+);/, /double kd = ([^;]+);/, /double mass = ([^;]+);/, /double dt = ([^;]+);/].map((re) => pick(cs, re))).toEqual([kp, kd, 1.5, 0.02]);
    const gd = await code(page, k, 'gdscript');
    expect(gd).toMatch(/extends RigidBody2D/);
    expect([/var kp := (\S+)/, /var kd := (\S+)/, /mass = (\S+)/, /var dt := (\S+)/].map((re) => pick(gd, re))).toEqual([kp, kd, 1.5, 0.02]);
  }
  await openLab(page, RUNS.box);
  for (const [k, kp, kd] of [[0, 300, 30], [1, 800, 40]] as const) {
    const cs = await code(page, k, 'csharp');
    expect(cs).toMatch(/body\.AddTorque\(InertiaTimes\(alpha\)/);
    expect([/double kp = ([^;]+);/, /double kd = ([^;]+);/, /double mass = ([^;]+);/, /double dt = ([^;]+);/].map((re) => pick(cs, re))).toEqual([kp, kd, 3, 0.01]);
    const gd = await code(page, k, 'gdscript');
    expect(gd).toMatch(/apply_torque\(inertia_times\(alpha\)\)/);
    expect([/var kp := (\S+)/, /var kd := (\S+)/, /mass = (\S+)/, /var dt := (\S+)/].map((re) => pick(gd, re))).toEqual([kp, kd, 3, 0.01]);
  }
  // The PID is written out with its memory, the torque clamped by its length.
  const pid = await code(page, 2, 'csharp');
  expect([/double ki = ([^;]+);/, /double outputLimit = ([^;]+);/, /double derivativeFilter = ([^;]+);/].map((re) => pick(pid, re))).toEqual([300, 40, 0.02]);
  expect(pid).toContain('body.AddTorque(Vector3.ClampMagnitude(p + integral + derivative, (float)outputLimit), ForceMode.Force);');
  expect(await code(page, 2, 'gdscript')).toContain('apply_torque((p + integral + derivative).limit_length(output_limit))');
  // SPD on an orientation is written out in full: the torque's own effect solved for in
  // the principal frame, the gyroscopic term included, with the card's gains.
  const spd = await code(page, 3, 'csharp');
  expect(spd).toContain('body.AddTorque(r * (p + d), ForceMode.Force);');
  expect(spd).toContain('Vector3 gyro = Vector3.Cross(w, Vector3.Scale(i, w));');
  const spdGd = await code(page, 3, 'gdscript');
  expect(spdGd).toContain('var i := inertia');
  expect(spdGd).toContain('var gyro := w.cross(i * w)');
  expect(spdGd).not.toContain('forcelab library');
});

test('the chase\'s Copy as code: the Rust and JS snippets print the missile\'s heading error as the figure plots it', async ({ page }) => {
  const pkg = join(root, 'target', 'npm', 'forcelab');
  if (!existsSync(join(pkg, 'forcelab_bg.wasm'))) execFileSync('bash', ['scripts/build-npm.sh'], { cwd: root, stdio: 'inherit' });
  await page.goto('chapters/06-pid-turning.html');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  const figure = page.locator('.figure[data-scene=pursuit]');
  // The code sits with the settings folded under the figure.
  await figure.scrollIntoViewIfNeeded();
  await expect(figure).toHaveAttribute('data-mounted', 'true');
  await unfoldSettings(figure);
  const panel = figure.locator('details.code-panel');
  await panel.locator('summary').click();
  const rustDir = join(root, 'target', 'snippet-check', 'chase');
  const jsDir = join(tmpdir(), `forcelab-chase-snippet-${process.pid}`);
  rmSync(jsDir, { recursive: true, force: true });
  mkdirSync(join(jsDir, 'node_modules'), { recursive: true });
  symlinkSync(pkg, join(jsDir, 'node_modules', 'forcelab'), 'dir');
  // Not the defaults: a stiffer heading loop; then the same with the goal at a point.
  await figure.locator('input[type=range]').first().evaluate((s: HTMLInputElement) => {
    s.value = String(Number(s.value) + 150);
    s.dispatchEvent(new Event('input', { bubbles: true }));
  });
  for (const goal of ['waypoints', 'point']) {
    await figure.getByRole('combobox', { name: 'Goal' }).selectOption(goal);
    await expect(figure).toHaveAttribute('data-curves', /.+/);
    const plotted = await figure.locator('.plot').first().evaluate((el) => (el as HTMLElement & { plotted: number[][] }).plotted[1]!);
    expect(plotted.length, goal).toBeGreaterThan(100);

    await panel.locator('select').selectOption('rust');
    const source = await written(panel, 'rust');
    rmSync(rustDir, { recursive: true, force: true });
    mkdirSync(join(rustDir, 'src'), { recursive: true });
    writeFileSync(join(rustDir, 'Cargo.toml'), `[package]\nname = "chase"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\nforcelab = { path = ${JSON.stringify(join(root, 'crates/forcelab'))} }\n\n[workspace]\n`);
    expect(source.includes('DVec2::new(4.0, 2.0)'), `${goal}: the snippet's goal`).toBe(goal === 'point');
    writeFileSync(join(rustDir, 'src/main.rs'), source);
    const rust = cargoRun(rustDir, `Rust chase snippet (${goal})`);
    expectClose(numbers(rust), plotted, `Rust chase snippet (${goal})`);

    await panel.locator('select').selectOption('js');
    writeFileSync(join(jsDir, 'snippet.mjs'), await written(panel, 'js'));
    const js = execFileSync('node', ['snippet.mjs'], { cwd: jsDir, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
    expectClose(numbers(js), plotted, `JS chase snippet (${goal})`);

    // The heading PID keeps memory: the engine templates say so instead of pretending.
    await panel.locator('select').selectOption('csharp');
    await expect(panel.locator('textarea')).toHaveValue(/Use the Rust or JavaScript snippet/);
  }
  rmSync(jsDir, { recursive: true, force: true });
});
