import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { watchConsole } from './console';
import { everyFigure, expectCaption, unfoldSettings, wasmRequests } from './pages';
import { EXAMPLES } from '../engines/example.mjs';

// The reference for every figure is the native core, run once here.
const root = new URL('../..', import.meta.url).pathname;
/** The core's preset registry (`scenario::registry()`, in presets.json). */
const registry = (JSON.parse(readFileSync(join(root, 'web/src/core/presets.json'), 'utf8')) as {
  registry: { id: string; kind: string; chapter: string }[];
}).registry;
const native = (example: string, ...args: string[]): unknown =>
  JSON.parse(
    execFileSync('cargo', ['run', '-q', ...EXAMPLES, '--example', example, '--', '--json', ...args], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
const chapters = readdirSync(join(root, 'web/chapters')).filter((f) => f.endsWith('.html'));
const shots = join(tmpdir(), 'forcelab-chapters');
mkdirSync(shots, { recursive: true });

interface NativeClaim {
  id: string;
  verdict: string;
  chapter: string;
  preset: string;
}

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 120_000 });

/** Non-background pixels of one canvas. */
const inkOf = (canvas: Locator) =>
  canvas.evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d');
    if (!ctx || c.width === 0 || c.height === 0) return 0;
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 0 && (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2] || d[i + 3] !== d[3])) n++;
    return n;
  });

/**
 * Every canvas shown on the page (not folded away), each seen as a reader sees it: on
 * screen, where it draws on its first frame (a figure draws only while on screen, so a
 * canvas scrolled past before that frame is rightly blank until seen). The atlas's maps
 * are held to more than ink (a map unstable everywhere is rightly one colour): their
 * pixels are checked against their radii in the atlas test.
 */
async function everyCanvasInked(page: Page): Promise<number> {
  let shown = 0;
  for (const canvas of await page.locator('canvas:not(.atlas-map canvas)').all()) {
    if (!(await canvas.evaluate((c) => c.getClientRects().length > 0))) continue;
    shown++;
    await canvas.scrollIntoViewIfNeeded();
    const label = await canvas.evaluate((c) => `canvas ${c.className || c.tagName} of ${c.closest<HTMLElement>('.figure')?.dataset.scene ?? 'the page'}`);
    await expect.poll(() => inkOf(canvas), { message: `${label} has drawn`, timeout: 10_000 }).toBeGreaterThan(20);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return shown;
}

for (const file of chapters) {
  test(`chapter ${file}: figures draw, a slider changes the data, badges match the claims command`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`chapters/${file}`);
    await everyFigure(page);
    expect(await page.locator('.figure').count()).toBeGreaterThan(0);
    // Each figure opens with the core's caption of it.
    for (const figure of await page.locator('.figure[data-scene]').all()) await expectCaption(figure, file.replace(/\.html$/, ''), (await figure.getAttribute('data-scene'))!);
    // All TeX was typeset at build time: none is left as source.
    expect(await page.locator('main').innerText()).not.toMatch(/\$\$|\\\(|\\frac|\\qquad/);

    // Every canvas has drawn something (the claims chapter's figure is a table).
    const shown = await everyCanvasInked(page);
    expect(shown > 0 || file === '09-claims.html').toBe(true);

    // Badges say what the native claims command says.
    const claims = new Map((native('claims') as NativeClaim[]).map((c) => [c.id, c.verdict]));
    // A claim that names the figure whose numbers it measures stands beside that figure.
    // (A claim whose preset is a setup of its own, or a figure of another chapter such as
    // the atlas, has no figure here; the registry test holds those ids to the core.)
    const onPage = new Set(registry.filter((p) => `${p.chapter}.html` === file && p.kind !== 'claim-setup').map((p) => p.id));
    const named = (native('claims') as NativeClaim[]).filter((c) => `${c.chapter}.html` === file && onPage.has(c.preset));
    for (const c of named) await expect(page.locator(`.figure[data-scene="${c.preset}"]`), c.id).toHaveCount(1);
    if (file === '09-claims.html') await expect(page.locator('.claims-table tbody tr')).toHaveCount(claims.size);
    if (file === '09-claims.html') {
      // Each row links to the chapter the core names for it, and that chapter shows its badge.
      const rows = await page.locator('.claims-table tbody tr').evaluateAll((trs) =>
        trs.map((tr) => [(tr as HTMLElement).dataset.claim!, tr.querySelector('a')?.getAttribute('href') ?? '']),
      );
      expect(rows.length).toBe(claims.size);
      for (const [id, href] of rows) {
        expect(href, id).toMatch(/^\d\d-[a-z-]+\.html$/);
        expect(readFileSync(join(root, 'web/chapters', href!), 'utf8'), `${href} shows ${id}`).toContain(`data-claim="${id}"`);
      }
    }
    // As many badges as the chapter's source places (and on chapter 9 one per claim in
    // its table besides), so the loop below cannot pass by finding none.
    const inSource = (readFileSync(join(root, 'web/chapters', file), 'utf8').match(/data-claim="/g) ?? []).length;
    const placed = file === '09-claims.html' ? claims.size + inSource : inSource;
    await expect(page.locator('.verdict[data-claim]')).toHaveCount(placed);
    for (const badge of await page.locator('.verdict[data-claim]').all()) {
      const id = (await badge.getAttribute('data-claim'))!;
      await expect(badge, id).toHaveText(claims.get(id)!);
    }

    // Moving the first slider changes what the figure plots. Every chapter has one but
    // the claims table (the atlas's moves the PIDs' slice).
    const slider = page.locator('.figure input[type=range]').first();
    expect(await slider.count(), 'a slider in a figure').toBe(file === '09-claims.html' ? 0 : 1);
    if ((await slider.count()) > 0) {
      const figure = page.locator('.figure').filter({ has: page.locator('input[type=range]') }).first();
      const data = () =>
        figure.evaluate(
          (f) =>
            (f as HTMLElement).dataset.curves ??
            f.querySelector('.metrics')?.getAttribute('data-trace-hash') ??
            [...f.querySelectorAll<HTMLElement>('.atlas-map')].map((m) => m.dataset.stableFraction).join(),
        );
      const before = await data();
      await slider.evaluate((s: HTMLInputElement) => {
        s.value = String(Math.min(Number(s.max), Number(s.value) + 150));
        s.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await expect.poll(data).not.toBe(before);
    }
    // Every "Open in the Lab" link reaches the Lab page (not chapters/lab.html).
    const links = await page.locator('a.open-in-lab').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    const presets = (JSON.parse(readFileSync(join(root, 'web/src/core/presets.json'), 'utf8')) as { labFigures: { chapter: string }[] }).labFigures;
    expect(links.length, 'every Lab figure offers the Lab').toBe(presets.filter((f) => `${f.chapter}.html` === file).length);
    for (const href of links) {
      expect(new URL(href).pathname).toBe('/lab.html');
      expect((await page.request.get(href)).status(), href).toBe(200);
    }
    await page.screenshot({ path: join(shots, `${file.replace('.html', '')}.png`), fullPage: true });
    expect(problems).toEqual([]);
  });
}

test('the convergence graph equals the native example', async ({ page }) => {
  await page.goto('chapters/05-implicit-pd.html');
  await everyFigure(page);
  const curves = JSON.parse((await page.locator('.figure[data-scene=convergence]').getAttribute('data-curves'))!);
  expect(curves).toEqual(native('convergence'));
});

test('the convergence figure refuses a dt the core would need too many steps for, and keeps its data', async ({ page }) => {
  await page.goto('chapters/05-implicit-pd.html');
  await everyFigure(page);
  const figure = page.locator('.figure[data-scene=convergence]');
  const before = await figure.getAttribute('data-curves');
  // 30 s at 1e-5 s is 3,000,000 steps a run: the core's limit is 200,000.
  await page.locator('#param-convergence-dt').fill('0.00001');
  await page.locator('#param-convergence-dt').press('Enter');
  await expect(page.locator('#param-convergence-dt-message')).toContainText('dt must be between 0.00015 and 30, got 0.00001');
  expect(await figure.getAttribute('data-curves')).toBe(before);
  // A valid dt after the refusal is taken.
  await page.locator('#param-convergence-dt').fill('0.02');
  await page.locator('#param-convergence-dt').press('Enter');
  await expect(page.locator('#param-convergence-dt-message')).toHaveText('');
  expect(await figure.getAttribute('data-curves')).not.toBe(before);
});

test('the atlas equals the native example, cell for cell', async ({ page }) => {
  await page.goto('chapters/08-atlas.html');
  await everyFigure(page);
  const ours = await page.evaluate(() => window.forcelabAtlases!.map((a) => ({ law: a.law, integrator: a.integrator, fraction: a.stableFraction, radii: a.radii })));
  const theirs = native('atlas') as { law: string; integrator: string; stable_fraction: number; radii: (number | null)[] }[];
  expect(ours.map((a) => `${a.law}/${a.integrator}`)).toEqual(theirs.map((a) => `${a.law}/${a.integrator}`));
  // Every cell is compared; the cells that differ are listed and must be none (one
  // expect per cell, 45,000 of them, each recorded as a step, took minutes).
  const differ: string[] = [];
  ours.forEach((a, k) => {
    const t = theirs[k]!;
    expect(a.fraction).toBe(t.stable_fraction);
    expect(a.radii.length).toBe(t.radii.length);
    // The native command prints radii with 7 significant digits.
    a.radii.forEach((r, i) => {
      const n = t.radii[i];
      const same = n === null || n === undefined ? !Number.isFinite(r) : Math.abs(r - n) <= 1e-6 * Math.max(1, Math.abs(n));
      if (!same) differ.push(`${a.law}/${a.integrator} cell ${i}: ${r} vs ${n}`);
    });
  });
  expect(differ).toEqual([]);
  // Each map paints its cells from its radii: as many non-red (stable) pixels as stable cells.
  const painted = await page.locator('.atlas-map').evaluateAll((maps: HTMLElement[]) =>
    maps.map((m) => {
      const c = m.querySelector('canvas')!;
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let stable = 0;
      for (let i = 0; i < d.length; i += 4) if (!(d[i] === 214 && d[i + 1] === 69 && d[i + 2] === 80)) stable++;
      return { map: `${m.dataset.law}/${m.dataset.integrator}`, stable, cells: c.width * c.height, fraction: Number(m.dataset.stableFraction) };
    }),
  );
  expect(painted.length).toBe(ours.length);
  for (const p of painted) expect(p.stable, p.map).toBe(Math.round(p.fraction * p.cells));
  // A PID's map is a slice at one integral gain: Enter opens that point in the Lab with it,
  // and a printed listing's map opens the Lab on its law with the listing ticked beside it.
  await page.locator('.atlas-map[data-law="pid"][data-integrator="rk4"] canvas').focus();
  await expect(page.locator('.atlas-readout')).toContainText('ki 21.6 N/(m·s)');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/lab\.html\?.*c=pid%2Cbackward-pd.*ki0=21\.6/);
  await everyFigure(page);
  await expect(page.locator('#param-0-ki')).toHaveValue('21.6');
  await page.goBack();
  await everyFigure(page);
  await page.locator('.atlas-map[data-law="windowed-pid-as-printed"][data-integrator="semi-implicit-euler"] canvas').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/lab\.html\?.*c=windowed-pid%2Cbackward-pd.*printed=0/);
  await page.goBack();
  await everyFigure(page);
  // A click opens that point in the Lab.
  await page.locator('.atlas-map canvas').first().click();
  await expect(page).toHaveURL(/lab\.html\?/);
  await everyFigure(page);
});

test('the PIDs\' slice follows the slider, equals the native atlas at that slice, and stays in the link', async ({ page }) => {
  await page.goto('chapters/08-atlas.html');
  await everyFigure(page);
  const before = await page.evaluate(() => window.forcelabAtlases!.map((a) => a.stableFraction));
  await page.locator('#atlas-slice').fill('-3');
  await expect(page.locator('.atlas-map[data-law="pid"][data-integrator="rk4"] figcaption')).toContainText('ki h³/m = 0.001');
  const ours = await page.evaluate(() => window.forcelabAtlases!.map((a) => ({ law: a.law, integrator: a.integrator, fraction: a.stableFraction, radii: a.radii, integral: a.spec.integral })));
  const theirs = native('atlas', '--integral', '0.001') as { law: string; integrator: string; stable_fraction: number; radii: (number | null)[] }[];
  let pids = 0;
  ours.forEach((a, k) => {
    const t = theirs[k]!;
    expect(`${a.law}/${a.integrator}`).toBe(`${t.law}/${t.integrator}`);
    expect(a.fraction, `${a.law}/${a.integrator}`).toBe(t.stable_fraction);
    // Only the PIDs' maps depend on the slice; every map must still equal the native one.
    if (a.fraction !== before[k]) pids++;
    const differ = a.radii.filter((r, i) => {
      const n = t.radii[i];
      return n === null || n === undefined ? Number.isFinite(r) : Math.abs(r - n) > 1e-6 * Math.max(1, Math.abs(n));
    });
    expect(differ, `${a.law}/${a.integrator}`).toEqual([]);
  });
  expect(pids, 'a stronger integral changes the PIDs\' maps').toBeGreaterThan(0);
  // The link keeps the slice: reopened, the page draws the same maps.
  await page.goto(page.url());
  await everyFigure(page);
  await expect(page.locator('#atlas-slice')).toHaveValue('-3');
  expect(await page.evaluate(() => window.forcelabAtlases!.map((a) => a.stableFraction))).toEqual(ours.map((a) => a.fraction));
  // A slice past the slider's ends is refused by name, and the maps keep the default.
  await page.goto('chapters/08-atlas.html?atlas-slice=5');
  await everyFigure(page);
  await expect(page.locator('.figure[data-scene=atlas]')).toContainText('The PID slice ki h³/m must be a number from 1e-7 to 1e-1, got "5"');
  expect(await page.evaluate(() => window.forcelabAtlases!.map((a) => a.stableFraction))).toEqual(before);
});

test('the laws without gains are the native example\'s points, each a ring on its map that shows its poles', async ({ page }) => {
  await page.goto('chapters/08-atlas.html');
  await everyFigure(page);
  const ours = await page.evaluate(() => window.forcelabAtlasPoints!);
  const theirs = native('atlas', '--points') as { law: string; integrator: string; kp_dt2?: number; kd_dt?: number; radius?: number; refused?: string }[];
  expect(ours.map((p) => `${p.law}/${p.integrator}`)).toEqual(theirs.map((p) => `${p.law}/${p.integrator}`));
  ours.forEach((p, k) => {
    const t = theirs[k]!;
    if (t.refused !== undefined) {
      expect(p.point, `${p.law}/${p.integrator}`).toBeUndefined();
      expect(p.refused).toBe(t.refused);
      return;
    }
    for (const [a, b] of [[p.point!.kpDt2, t.kp_dt2!], [p.point!.kdDt, t.kd_dt!], [p.point!.radius, t.radius!]] as [number, number][]) expect(Math.abs(a - b), `${p.law}/${p.integrator}`).toBeLessThanOrEqual(1e-15 * Math.max(1, Math.abs(b)));
  });
  // One ring per point, on its map, where its coordinates are: the deadbeat point (1, 1)
  // in the cell of that value.
  const placed = ours.filter((p) => p.point);
  await expect(page.locator('.atlas-point')).toHaveCount(placed.length);
  const deadbeat = page.locator('.atlas-map[data-law="pd"][data-integrator="semi-implicit-euler"] .atlas-point[data-law="one-step"]');
  const [ring, frame] = await Promise.all([deadbeat.boundingBox(), page.locator('.atlas-map[data-law="pd"][data-integrator="semi-implicit-euler"] canvas').boundingBox()]);
  const spec = await page.evaluate(() => window.forcelabAtlases![0]!.spec);
  const cell = (v: number) => Math.floor(((Math.log10(v) - Math.log10(spec.min)) / (Math.log10(spec.max) - Math.log10(spec.min))) * (spec.points - 1) + 0.5);
  const centre = { x: ring!.x + ring!.width / 2 - frame!.x, y: frame!.y + frame!.height - (ring!.y + ring!.height / 2) };
  expect(Math.floor((centre.x / frame!.width) * spec.points)).toBe(cell(1));
  expect(Math.floor((centre.y / frame!.height) * spec.points)).toBe(cell(1));
  // Focusing a ring shows its poles: RK4's one-step lands each step, its velocity flipping for ever.
  await page.locator('.atlas-map[data-law="pd"][data-integrator="rk4"] .atlas-point[data-law="one-step"]').focus();
  await expect(page.locator('.atlas-readout')).toContainText('Poles: -1, 0');
  await expect(page.locator('.atlas-readout')).toContainText('the error never dies out');
  await expect(page.locator('.atlas-points tr[data-law="one-step"][data-integrator="explicit-euler"]')).toContainText('no force lands in one step');
});

interface NativeTwin {
  id: string;
  variant: string;
  parameters: { name: string; value: number }[];
  discreteExact: { name: string; value: number }[] | null;
  predicted: number[];
}

test('the translator opens on the answers computed when the site was built, and the core gives the same bits when asked again', async ({ page }) => {
  const problems = watchConsole(page);
  const wasm = wasmRequests(page);
  await page.goto('embed.html?scene=translator');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  const figure = page.locator('.figure[data-scene="translator"]');
  const panel = figure.locator('.engine-panel');
  const built = [await figure.getAttribute('data-curves'), await panel.getAttribute('data-twin')];
  expect(built.every(Boolean)).toBe(true);
  // A reader who only reads the table and the panel downloads none of the core.
  expect(wasm).toEqual([]);
  const f = figure.locator('#param-translator-frequency');
  await f.fill('4');
  await f.press('Enter');
  await expect(figure).not.toHaveAttribute('data-curves', built[0]!);
  expect(wasm).toHaveLength(1);
  await f.fill('3');
  await f.press('Enter');
  await expect(figure).toHaveAttribute('data-curves', built[0]!);
  await expect(panel).toHaveAttribute('data-twin', built[1]!);
  expect(problems).toEqual([]);
});

test('the gain translator and the engine twin equal the native example, engine for engine', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('chapters/10-translator.html');
  await everyFigure(page);
  // The page opens on 3 Hz, damping ratio 0.2, 1 kg, 1/60 s.
  const all = native('engines', '--frequency', '3', '--damping-ratio', '0.2', '--mass', '1', '--dt', String(1 / 60), '--seconds', '3') as NativeTwin[];
  const defaults = all.filter((r) => r.variant === all.find((d) => d.id === r.id)!.variant);
  const ours = JSON.parse((await page.locator('.figure[data-scene=translator]').getAttribute('data-curves'))!) as { id: string; parameters: unknown[] }[];
  expect(ours).toEqual(defaults.map(({ id, parameters }) => ({ id, parameters })));
  // The table names every engine the issue asks for, and gives the discrete-exact numbers.
  const table = page.locator('.translator-table');
  for (const name of ['Unity ArticulationDrive', 'Unity ConfigurableJoint', 'PhysX', 'Box2D v3', 'Jolt SpringSettings', 'Rapier joint motor', 'MuJoCo <position>', 'Wu', 'Bloom']) {
    await expect(table).toContainText(name);
  }
  const jolt = defaults.find((r) => r.id === 'jolt-frequency')!;
  await expect(table.locator('tr[data-entry="jolt-frequency"] td').nth(2)).toContainText(`mFrequency = ${Number(jolt.discreteExact![0]!.value.toPrecision(4))}`);

  // One engine in detail: Jolt with two collision steps moves as the native twin says.
  const panel = page.locator('.engine-panel');
  await panel.locator('#twin-engine').selectOption('jolt-frequency');
  const steps = panel.locator('[data-setting=collisionSteps] input');
  await steps.fill('2');
  await steps.press('Enter');
  await expect(panel.locator('[data-setting=collisionSteps]')).toHaveClass(/changed/);
  const variant = all.find((r) => r.id === 'jolt-frequency' && r.variant === 'collision-steps-2')!;
  const plotted = await panel.locator('.plot').evaluate((e) => (e as HTMLElement & { plotted: number[][] }).plotted);
  expect(plotted[2]).toEqual(variant.predicted);
  await expect(panel.locator('.twin-readout')).toContainText('puts the body to sleep');
  // Refused entries keep the value in force and say why, next to the field.
  await steps.fill('abc');
  await steps.press('Enter');
  await expect(panel.locator('[data-setting=collisionSteps] .message')).toContainText('must be a number, got "abc"; still using 2');
  await steps.fill('0');
  await steps.press('Enter');
  await expect(panel.locator('[data-setting=collisionSteps] .message')).toContainText('collisionSteps must be between 1 and 64, got 0; still using 2');
  expect(JSON.parse((await panel.getAttribute('data-twin'))!).changed).toEqual(['collisionSteps']);
  // Back to the defaults.
  await panel.getByRole('button', { name: 'Back to the defaults' }).click();
  expect(JSON.parse((await panel.getAttribute('data-twin'))!).changed).toEqual([]);
  await expect(panel.locator('[data-setting=collisionSteps] input')).toHaveValue('1');
  // MuJoCo at 20 Hz is the stiff case: Euler diverges and is reset, and the page says so.
  await panel.locator('#twin-engine').selectOption('mujoco-position');
  const f = page.locator('#param-translator-frequency');
  await f.fill('20');
  await f.press('Enter');
  await expect(panel.locator('.twin-readout')).toContainText('reset the body');
  await panel.locator('[data-setting=integrator] select').selectOption('discrete');
  await expect(panel.locator('.twin-readout')).not.toContainText('reset the body');
  expect(problems).toEqual([]);
});

test("the dive offers a field only for a number its law reads, and every field changes the hull's run", async ({ page }) => {
  // Regression: the "P only" and "P + manual damping" hulls had ki and kd fields that
  // changed nothing (their laws do not read them), and manual damping's rate
  // coefficients could not be set at all.
  const problems = watchConsole(page);
  await page.goto('chapters/07-submarine.html');
  await everyFigure(page);
  const figure = page.locator('.figure[data-scene=dive]');
  await expect(figure).toHaveAttribute('data-curves', /.+/);
  await figure.locator('details.figure-settings summary').click();
  const fields = figure.locator('details.figure-settings input[type=text]');
  const ids = await fields.evaluateAll((els) => els.map((e) => e.id.replace(/^param-/, '')));
  // P only: kp; manual damping: kp and two rate coefficients; PID, feed-forward and the
  // printed feed-forward: kp, ki, kd.
  expect(ids.filter((id) => id.startsWith('dive-0-'))).toEqual(['dive-0-kp']);
  expect(ids.filter((id) => id.startsWith('dive-1-'))).toEqual(['dive-1-kp', 'dive-1-ratePitch', 'dive-1-rateRoll']);
  for (const k of [2, 3, 4]) expect(ids.filter((id) => id.startsWith(`dive-${k}-`))).toEqual([`dive-${k}-kp`, `dive-${k}-ki`, `dive-${k}-kd`]);
  // The printed feed-forward's fields show only while its hull runs.
  await expect(figure.locator('#param-dive-4-kp')).toBeHidden();
  await figure.getByLabel('Also run the feed-forward as printed').check();
  await expect(figure.locator('#param-dive-4-kp')).toBeVisible();
  // Each field of every hull shown moves that hull's pitch or roll trace.
  const traces = () =>
    figure.locator('.plot').evaluateAll((els) => els.map((el) => (el as HTMLElement & { plotted: number[][] }).plotted.map((c) => c.join(','))));
  for (const id of ids) {
    const hull = Number(id.split('-')[1]);
    const before = await traces();
    const box = figure.locator(`#param-${id}`);
    const value = Number(await box.inputValue());
    await box.fill(String(value * 1.5 + 0.1));
    await box.press('Enter');
    await expect
      .poll(async () => (await traces()).some((plot, p) => plot[1 + hull] !== before[p]![1 + hull]), { message: `${id} changes hull ${hull}'s run` })
      .toBe(true);
    await expect(figure.locator(`#param-${id}-message`)).toHaveText('');
  }
  expect(problems).toEqual([]);
});

test("chapter 5 animates Bloom's snap with the update it shows, and shows the force its Lab figure runs", async ({ page }) => {
  // Regression: the snap was never animated, and the code under the Lab figure was
  // `advance` (the update with the snap) while that figure runs `force`.
  const problems = watchConsole(page);
  await page.goto('chapters/05-implicit-pd.html');
  await everyFigure(page);
  const lab = page.locator('.figure[data-scene=implicit-cube] + details.rust pre');
  await expect(lab).toContainText('pub fn force(');
  const snap = page.locator('.figure[data-scene=snap]');
  await expect(page.locator('.figure[data-scene=snap] + details.rust pre')).toContainText('pub fn advance(');
  // Paused (reduced motion), the figure has run its preview: the body with the minimum
  // velocity lands exactly on the target within it; the spring alone never does.
  await expect(snap).toHaveAttribute('data-curves', /.+/);
  const [withMin, springOnly] = JSON.parse((await snap.getAttribute('data-landed'))!) as [number, number];
  expect(withMin, 'the snapping body lands').toBeGreaterThan(0);
  expect(withMin).toBeLessThan(2);
  expect(springOnly, 'the spring alone never lands').toBe(-1);
  // The distance-left plot (log10) falls to its floor at the landing and not before.
  const [time, left] = (await snap.locator('.plot').first().evaluate((el) => (el as HTMLElement & { plotted: number[][] }).plotted)) as [number[], number[]];
  const first = left.findIndex((d) => d === Math.min(...left));
  expect(time[first]).toBeCloseTo(withMin, 9);
  // Every field changes the run, those folded under "More settings" too.
  await unfoldSettings(snap);
  const plotted = () => snap.locator('.plot').evaluateAll((els) => els.map((el) => JSON.stringify((el as HTMLElement & { plotted: number[][] }).plotted)));
  for (const field of ['k', 'd', 't', 'vmin', 'distance', 'dt']) {
    const before = await plotted();
    const input = snap.locator(`#param-snap-${field}`);
    await input.fill(String(Number(await input.inputValue()) * 1.5));
    await input.press('Enter');
    await expect.poll(async () => JSON.stringify(await plotted()) !== JSON.stringify(before), { message: `snap-${field} changes the run` }).toBe(true);
  }
  // A bad field is named and the run kept.
  const box = snap.locator('#param-snap-vmin');
  await box.fill('-3');
  await box.press('Enter');
  await expect(snap.locator('#param-snap-vmin-message')).toContainText('Minimum velocity must be greater than 0, got -3; still using 15');
  expect(problems).toEqual([]);
});

test("every chapter Lab figure runs, in the page, the very run whose hash the core keeps as golden", async ({ page }) => {
  // The core builds a figure's Lab itself (`LabFigure::spec`, hashed natively and in the
  // browsers' wasm tests); the page builds it from the same preset through its own state
  // (`labFigureState`, `labConfig`). Their whole runs must be the same bits.
  const golden = new Map(
    [...readFileSync(join(root, 'crates/forcelab/src/scenario/figure_hashes.rs'), 'utf8').matchAll(/\("([a-z0-9-]+)", 0x([0-9a-f]{16})\)/g)].map((m) => [m[1]!, m[2]!]),
  );
  const presets = (JSON.parse(readFileSync(join(root, 'web/src/core/presets.json'), 'utf8')) as { labFigures: { id: string; chapter: string }[] }).labFigures;
  expect(golden.size).toBe(presets.length);
  for (const chapter of [...new Set(presets.map((f) => f.chapter))]) {
    await page.goto(`chapters/${chapter}.html`);
    await everyFigure(page);
    for (const f of presets.filter((p) => p.chapter === chapter)) {
      const metrics = page.locator(`.figure[data-scene="${f.id}"] .metrics`);
      // Paused (reduced motion), a figure runs to its end at once.
      await expect(metrics, f.id).toHaveAttribute('data-trace-hash', golden.get(f.id)!, { timeout: 30_000 });
      // Its run and its cards are the build's (no Lab is loaded before a reader reaches
      // for a figure): the cards read their gains in the figure's form and their damping
      // ratios from the build's answers, none missing.
      const figure = page.locator(`.figure[data-scene="${f.id}"]`);
      await expect(figure.locator('.form-refused'), f.id).toHaveCount(0);
      for (const zeta of await figure.locator('.zeta').all()) await expect(zeta, f.id).toContainText('effective damping ratio');
    }
  }
});

test('a Lab figure opens on the run recorded when the site was built; reaching for it loads the Lab, an edit made meanwhile is kept, and the core runs the same bits', async ({ page }) => {
  const problems = watchConsole(page);
  const wasm = wasmRequests(page);
  // The Lab's module arrives only once the edit has been typed.
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.wasm', async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('chapters/02-pd.html');
  await everyFigure(page);
  const figure = page.locator('.figure[data-scene="pd-stiff"]');
  const metrics = figure.locator('.metrics');
  const opening = await metrics.getAttribute('data-trace-hash');
  expect(opening).toBeTruthy();
  await expect(figure.locator('.zeta').first()).toContainText('effective damping ratio ζ =');
  // A reader who only reads the figure downloads none of the core.
  await page.waitForLoadState('networkidle');
  expect(wasm).toEqual([]);
  const kp = figure.locator('#param-pd-stiff-0-kp');
  const first = await kp.inputValue();
  await kp.fill('150');
  await kp.press('Enter');
  await expect(figure).toHaveAttribute('aria-busy', 'true');
  expect(wasm).toHaveLength(1);
  // A click meanwhile (unfolding the metrics) is held too, and given again after the edit.
  const more = figure.locator('details.figure-more');
  await more.locator('> summary').click();
  await expect(more).not.toHaveAttribute('open', '');
  release();
  // The edit typed while the Lab loaded runs once it has, and the click after it.
  await expect(more).toHaveAttribute('open', '');
  await expect(metrics).not.toHaveAttribute('data-trace-hash', opening!);
  await expect(figure).not.toHaveAttribute('aria-busy', 'true');
  await expect(kp).toHaveValue('150');
  // The opening's gains again, now run by the core: the recorded bits.
  await kp.fill(first);
  await kp.press('Enter');
  await expect(metrics).toHaveAttribute('data-trace-hash', opening!);
  expect(wasm).toHaveLength(1);
  expect(problems).toEqual([]);
});

test('a Lab figure whose Lab fails to load says so, keeps the edit typed meanwhile, and runs it when the Lab loads on the next try', async ({ page }) => {
  // The network refuses the Lab's module until the test lets it through.
  let refuse = true;
  await page.route('**/*.wasm', async (route) => {
    if (refuse) await route.abort();
    else await route.continue();
  });
  await page.goto('chapters/02-pd.html');
  await everyFigure(page);
  const figure = page.locator('.figure[data-scene="pd-stiff"]');
  const metrics = figure.locator('.metrics');
  const opening = await metrics.getAttribute('data-trace-hash');
  const kp = figure.locator('#param-pd-stiff-0-kp');
  await kp.fill('150');
  await kp.press('Enter');
  await expect(figure.locator(':scope > p.problems')).toContainText('The Lab could not be loaded');
  await expect(metrics).toHaveAttribute('data-trace-hash', opening!);
  // Every try made so far has ended (each refused), so the next reach makes a new one.
  await expect(figure).not.toHaveAttribute('aria-busy', 'true');
  // Reaching for it again loads it: the edit kept runs, and the message goes.
  refuse = false;
  await figure.locator('#param-pd-stiff-0-kd').focus();
  await expect(metrics).not.toHaveAttribute('data-trace-hash', opening!);
  await expect(figure.locator(':scope > p.problems')).toBeHidden();
  await expect(kp).toHaveValue('150');
});

test('a link to a figure lands on it and mounts it; a malformed anchor still opens the chapter', async ({ page }) => {
  const problems = watchConsole(page);
  // Figures mount as they come into view: the one a link names must not wait for a scroll.
  await page.goto('chapters/06-pid-turning.html#anti-windup');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  const figure = page.locator('#anti-windup');
  await expect(figure).toHaveAttribute('data-mounted', 'true', { timeout: 30_000 });
  await expect(figure).toBeInViewport();
  await page.goto('chapters/02-pd.html#%E0%A4%A');
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.locator('#status')).toHaveText('');
  expect(problems).toEqual([]);
});

test('a chapter downloads the Lab only for the plants its figures show: cube figures no 3-D box', async ({ page }) => {
  const wasm = (async (path: string) => {
    const fetched: string[] = [];
    const count = (r: { url(): string }) => {
      if (r.url().endsWith('.wasm')) fetched.push(r.url());
    };
    page.on('response', count);
    await page.goto(`chapters/${path}`);
    await everyFigure(page);
    // Each figure opens on its recorded run: the Lab loads when the reader reaches for it.
    for (const figure of await page.locator('.figure[data-scene]').all()) await figure.hover();
    await page.waitForLoadState('networkidle');
    page.off('response', count);
    return fetched.length;
  });
  // Chapter 2's figures are all on the cube: one build of the Lab, the cube's.
  expect(await wasm('02-pd.html')).toBe(1);
  // Chapter 3 shows the cube and then the box: the cube's build, then the box's.
  expect(await wasm('03-wu.html')).toBe(2);
});

test('figures keep their controls compact: gains in view under the plots, the rest one click away', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('chapters/02-pd.html');
  await everyFigure(page);
  // A Lab figure: each controller's gains under its plots, live; the cards stay folded.
  const lab = page.locator('.figure[data-scene=pd-stiff]');
  await lab.scrollIntoViewIfNeeded();
  const strip = lab.locator('.figure-gains');
  await expect(strip.locator('.law-gains')).toHaveCount(2);
  await expect(strip.locator('legend')).toHaveText(['1: forward PD', "2: Wu's backward PD"]);
  await expect(lab.locator('details.figure-settings')).not.toHaveAttribute('open', '');
  const hash = await lab.locator('.metrics').getAttribute('data-trace-hash');
  const kp = strip.locator('.law-gains').first().locator('input[type=text]').first();
  await expect(kp).toBeVisible();
  await kp.fill('4000');
  await kp.press('Enter');
  await expect.poll(() => lab.locator('.metrics').getAttribute('data-trace-hash')).not.toBe(hash);
  // A law without gains (the one-step force) has no row there; its card says why.
  await page.goto('chapters/01-forces.html');
  await everyFigure(page);
  const oneStep = page.locator('.figure[data-scene=one-step-cube]');
  await expect(oneStep.locator('.figure-gains legend')).toHaveText(["2: Wu's backward PD"]);
  // Two PIDs are told apart as their plots tell them: by the option that differs.
  await page.goto('chapters/06-pid-turning.html');
  await everyFigure(page);
  const kick = page.locator('.figure[data-scene=derivative-kick] .figure-gains legend');
  expect(new Set(await kick.allTextContents()).size).toBe(2);
  await expect(kick.first()).toContainText('1: PID (');

  // An animated figure: the fields its caption asks for in view, the others folded and named.
  await page.goto('chapters/06-pid-turning.html');
  await everyFigure(page);
  const chase = page.locator('.figure[data-scene=pursuit]');
  await chase.scrollIntoViewIfNeeded();
  await expect(chase.locator('#param-pursuit-kp')).toBeVisible();
  await expect(chase.locator('#param-pursuit-speed')).toBeHidden();
  const more = chase.locator('details.figure-settings > summary');
  await expect(more).toHaveText('More settings: Heading ki; PID window; Turn limit; Missile speed; Sideswipe spin; the code');
  await more.click();
  await expect(chase.locator('#param-pursuit-speed')).toBeVisible();
  // A link that sets a folded field opens the fold, so what it did is in view.
  await page.goto('chapters/06-pid-turning.html?pursuit-speed=8#pursuit');
  await everyFigure(page);
  await expect(chase.locator('#param-pursuit-speed')).toBeVisible();
  await expect(chase.locator('#param-pursuit-speed')).toHaveValue('8');
  expect(problems).toEqual([]);
});

test("a Lab figure's terms, folded under All settings, are drawn when opened: each controller's P, I, D and feed-forward add up to its plotted effort", async ({ page }) => {
  const problems = watchConsole(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('chapters/03-wu.html');
  await everyFigure(page);
  const figure = page.locator('.figure[data-scene="wu-cube"]');
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator('.metrics')).toHaveAttribute('data-trace-hash', /.+/);
  // Folded, they cost the figure's first frame nothing.
  await expect(figure.locator('.plot.term')).toHaveCount(0);
  await unfoldSettings(figure);
  await expect(figure.locator('.plot.term')).toHaveCount(2);
  const sums = await figure.evaluate((host) => {
    type Plotted = HTMLElement & { plotted?: number[][] };
    const effort = (host.querySelector('.plot.effort') as Plotted).plotted!;
    const terms = [...host.querySelectorAll<Plotted>('.plot.term')].map((t) => t.plotted!);
    return terms.map((columns, k) => {
      const [time, p, i, d, ff] = columns as [number[], number[], number[], number[], number[]];
      let worst = 0;
      for (let r = 0; r < time.length; r++) worst = Math.max(worst, Math.abs(p[r]! + i[r]! + d[r]! + ff[r]! - effort[k + 1]![r]!));
      return { rows: time.length, effortRows: effort[0]!.length, worst };
    });
  });
  for (const s of sums) {
    expect(s.rows).toBe(s.effortRows);
    expect(s.rows).toBeGreaterThan(10);
    expect(s.worst).toBeLessThan(1e-9);
  }
  expect(problems).toEqual([]);
});
