import { describe, expect, it } from 'vitest';
import { plotSvg, plotsSvg, ticks, type SvgPlot } from './svg';

// Every document is built inside a test, never while the file is collected: a plot that
// throws must fail its test, not empty the file of tests (which reads as a pass).
const sample = (): SvgPlot => ({
  title: 'Response <of> "two"',
  xLabel: 'time (s)',
  yLabel: 'position (m)',
  series: [
    { label: 'target', color: 'rgb(1, 2, 3)', dash: [4, 4] },
    { label: 'PD & co', color: 'red' },
  ],
  columns: [
    [0, 1, 2, 3],
    [0, 0.5, 1, 1],
    [0, Number.NaN, 2, 3],
  ],
});

/** The points of each polyline, by series, as [x, y] pairs in px. */
const polylines = (svg: string) =>
  [...svg.matchAll(/<polyline data-series="(\d+)"[^>]* points="([^"]*)"/g)].map((m) => ({
    series: Number(m[1]),
    points: m[2]!.split(' ').map((p) => p.split(',').map(Number)),
  }));

describe('plotSvg', () => {
  it('is one svg document whose text is escaped', () => {
    const svg = plotSvg(sample());
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="720" height="400" viewBox="0 0 720 400"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('Response &lt;of&gt; &quot;two&quot;');
    expect(svg).toContain('PD &amp; co');
    expect(svg).not.toContain('NaN');
  });

  it('draws each series, broken where a value is missing', () => {
    const svg = plotSvg(sample());
    const lines = polylines(svg);
    expect(lines.filter((l) => l.series === 0).map((l) => l.points.length)).toEqual([4]);
    // Series 1 has a NaN at row 1: its first run has one point (not drawn), the second two.
    expect(lines.filter((l) => l.series === 1).map((l) => l.points.length)).toEqual([2]);
    expect(svg.match(/stroke-dasharray="4 4"/g)).toHaveLength(2); // the line and its legend
  });

  it('maps the data range onto the frame: x from left to right, y from bottom to top', () => {
    // 720 x 400 with margins left 72, right 16, top 40, bottom 72: the frame is
    // x 72..704, y 40..328. The data span x 0..3 and y 0..3.
    const svg = plotSvg(sample());
    expect(svg).toContain('<rect x="72" y="40" width="632" height="288" fill="none"');
    const [target, pd] = [polylines(svg)[0]!, polylines(svg)[1]!];
    expect(target.points[0]).toEqual([72, 328]); // (0, 0): bottom left
    expect(target.points[1]).toEqual([282.67, 280]); // (1, 0.5): 632/3 right, 288/6 up
    expect(pd.points.at(-1)).toEqual([704, 40]); // (3, 3): top right
  });

  it('puts ticks, labels, title and legend where the frame says', () => {
    const svg = plotSvg(sample());
    expect(svg).toContain('<text x="360" y="22" text-anchor="middle" font-size="15" font-weight="600">');
    // The x tick at 1: a grid line over the frame's height, its label 16 px under it.
    expect(svg).toContain('<line x1="282.67" x2="282.67" y1="40" y2="328" stroke="#ddd"/>');
    expect(svg).toContain('<text x="282.67" y="344" text-anchor="middle">1</text>');
    // The y tick at 2: a grid line across, its label right-aligned 6 px left of the frame.
    expect(svg).toContain('<line x1="72" x2="704" y1="136.00" y2="136.00" stroke="#ddd"/>');
    expect(svg).toContain('<text x="66" y="140.00" text-anchor="end">2</text>');
    expect(svg).toContain('<text x="388" y="364" text-anchor="middle">time (s)</text>');
    expect(svg).toContain('<text transform="translate(16 184) rotate(-90)" text-anchor="middle">position (m)</text>');
    expect(svg).toContain('<line x1="80" x2="100" y1="378" y2="378" stroke="rgb(1, 2, 3)" stroke-width="2" stroke-dasharray="4 4"/>');
    expect(svg).toContain('<text x="106" y="382">target</text>');
    expect(svg).toContain('<text x="266" y="382">PD &amp; co</text>');
  });

  it('gives a legend of more than four series a second row, and the frame room for it', () => {
    const series = Array.from({ length: 6 }, (_, k) => ({ label: `law ${k}`, color: 'red' }));
    const columns = [[0, 1], ...series.map(() => [0, 1])];
    const svg = plotSvg({ title: 't', xLabel: 'x', yLabel: 'y', series, columns });
    const legend = [...svg.matchAll(/<text x="(\d+)" y="(\d+)">law (\d)<\/text>/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(legend).toEqual([[106, 366], [266, 366], [426, 366], [586, 366], [106, 382], [266, 382]]);
    expect(svg).toContain('<rect x="72" y="40" width="632" height="272" fill="none"'); // bottom margin 88
  });

  it('widens a flat series to one unit each side, and places data-free plots on [0, 1]', () => {
    const flat = plotSvg({ title: 't', xLabel: 'x', yLabel: 'y', series: [{ label: 'a', color: 'red' }], columns: [[0, 1], [2, 2]] });
    expect(polylines(flat)[0]!.points).toEqual([[72, 184], [704, 184]]); // y = 2 in [1, 3]: mid-height
    expect(flat).toContain('>1</text>');
    expect(flat).toContain('>3</text>');
    const empty = plotSvg({ title: 't', xLabel: 'x', yLabel: 'y', series: [{ label: 'a', color: 'red' }], columns: [[Number.NaN], [Number.NaN]] });
    expect(polylines(empty)).toEqual([]);
    expect(empty).toContain('<text x="72.00" y="344" text-anchor="middle">0</text>');
    expect(empty).toContain('<text x="704.00" y="344" text-anchor="middle">1</text>');
  });

  it('breaks a series where x is missing too, and ignores non-finite values in the range', () => {
    const svg = plotSvg({
      title: 't', xLabel: 'x', yLabel: 'y', series: [{ label: 'a', color: 'red' }],
      columns: [[0, 1, Number.NaN, 3, 4], [0, 1, 1, Number.POSITIVE_INFINITY, 4]],
    });
    // x spans 0..4 and y 0..4 whatever the NaN and the infinity: (1, 1) is a quarter of each.
    expect(polylines(svg).map((l) => l.points)).toEqual([[[72, 328], [230, 256]]]);
  });

  it('maps a range that does not start at zero, whatever order the values come in', () => {
    const svg = plotSvg({ title: 't', xLabel: 'x', yLabel: 'y', series: [{ label: 'a', color: 'red' }], columns: [[2, 3, 4], [-1, 5, 1]] });
    // x 2..4 onto 72..704, y -1..5 onto 328..40: the peak is in the middle.
    expect(polylines(svg)[0]!.points).toEqual([[72, 328], [388, 40], [704, 232]]);
  });

  it('keeps a tiny spread on a large value as data, and widens only true rounding', () => {
    const plot = (ys: number[]) => plotSvg({ title: 't', xLabel: 'x', yLabel: 'y', series: [{ label: 'a', color: 'red' }], columns: [[0, 1], ys] });
    // 1e6 and 1e6 + 1e-7 differ by 1e-13 relative: rounding, drawn flat at mid-height.
    expect(polylines(plot([1e6, 1e6 + 1e-7]))[0]!.points).toEqual([[72, 184], [704, 184]]);
    // 0.5 and 0.5 + 1e-10: a real (small) spread, drawn corner to corner.
    expect(polylines(plot([0.5, 0.5 + 1e-10]))[0]!.points).toEqual([[72, 328], [704, 40]]);
  });

  it('matches its reviewed golden file', async () => {
    await expect(plotSvg(sample())).toMatchFileSnapshot('../../../tests/export/golden/plot.svg');
  });
});

describe('ticks', () => {
  it('puts round ticks over the range', () => {
    expect(ticks(0, 3)).toEqual([0, 1, 2, 3]);
    expect(ticks(0, 10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticks(-0.013, 0.021, 4)).toEqual([-0.01, 0, 0.01, 0.02]);
    expect(ticks(5, 5)).toEqual([5]);
  });

  it('steps by ten times the power when five times is too fine', () => {
    // raw step 0.7: power 0.1, and 0.1, 0.2, 0.5 are all finer than 0.7, so the step is 1.
    expect(ticks(0, 3.5)).toEqual([0, 1, 2, 3]);
    // raw step 6: power 1, 5 is finer than 6, so the step is 10.
    expect(ticks(0, 30)).toEqual([0, 10, 20, 30]);
  });
});

describe('plotsSvg', () => {
  it('stacks plots in one document, each at its own offset with its own series', () => {
    const plot = (title: string, width?: number) => ({ title, xLabel: 't', yLabel: 'y', series: [{ label: 'a', color: 'red' }], columns: [[0, 1, 2], [0, 1, 0]], height: 300, width });
    const svg = plotsSvg([plot('first'), plot('second', 900)]);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600" viewBox="0 0 900 600">')).toBe(true);
    expect([...svg.matchAll(/<svg x="0" y="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([0, 300]);
    expect(svg).toContain('>first<');
    expect(svg).toContain('>second<');
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(svg).toBe(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600" viewBox="0 0 900 600">${plotSvg(plot('first'), 0)}${plotSvg(plot('second', 900), 300)}</svg>`);
  });
});

describe('plotSvg with a runaway series', () => {
  it('keeps the scale on the bounded series, draws the runaway to where it leaves and marks it there', () => {
    const n = 200;
    const t = Array.from({ length: n }, (_, k) => k / 60);
    const lands = t.map((x) => 1 - Math.exp(-8 * x));
    const runaway = t.map((_, k) => (k % 2 ? -1 : 1) * 0.5 * 1.08 ** k);
    const svg = plotSvg({ title: 'r', xLabel: 'time (s)', yLabel: 'position (m)', series: [{ label: 'lands', color: 'blue' }, { label: 'forward PD', color: 'red' }], columns: [t, lands, runaway] });
    expect(svg).toContain('data-off-scale="1"');
    expect(svg).toContain('forward PD diverged: off the scale from t =');
    const lines = polylines(svg);
    const drawn = lines.filter((l) => l.series === 1).reduce((k, l) => k + l.points.length, 0);
    const exit = runaway.findIndex((v) => Math.abs(v) > 1.2);
    expect(drawn).toBeLessThanOrEqual(exit + 1);
    // The y ticks stay on the landing law's scale.
    const yTicks = [...svg.matchAll(/text-anchor="end">([-\d.e]+)</g)].map((m) => Number(m[1]));
    expect(Math.max(...yTicks.map(Math.abs))).toBeLessThan(2);
  });
});
