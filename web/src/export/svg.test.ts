import { describe, expect, it } from 'vitest';
import { plotSvg, plotsSvg, ticks } from './svg';

describe('plotSvg', () => {
  const columns = [
    [0, 1, 2, 3],
    [0, 0.5, 1, 1],
    [0, Number.NaN, 2, 3],
  ];
  const svg = plotSvg({
    title: 'Response <of> "two"',
    xLabel: 'time (s)',
    yLabel: 'position (m)',
    series: [
      { label: 'target', color: 'rgb(1, 2, 3)', dash: [4, 4] },
      { label: 'PD & co', color: 'red' },
    ],
    columns,
  });

  it('is one svg document whose text is escaped', () => {
    expect(svg.startsWith('<svg ')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('Response &lt;of&gt; &quot;two&quot;');
    expect(svg).toContain('PD &amp; co');
    expect(svg).not.toContain('NaN');
  });

  it('draws each series, broken where a value is missing', () => {
    const lines = [...svg.matchAll(/<polyline data-series="(\d)"[^>]* points="([^"]*)"/g)];
    expect(lines.filter((m) => m[1] === '0')).toHaveLength(1);
    expect(lines.find((m) => m[1] === '0')![2]!.split(' ')).toHaveLength(4);
    // Series 1 has a NaN at row 1: its first run has one point (not drawn), the second two.
    expect(lines.filter((m) => m[1] === '1').map((m) => m[2]!.split(' ').length)).toEqual([2]);
    expect(svg).toContain('stroke-dasharray="4 4"');
  });

  it('puts round ticks over the range', () => {
    expect(ticks(0, 3)).toEqual([0, 1, 2, 3]);
    expect(ticks(0, 10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticks(-0.013, 0.021, 4)).toEqual([-0.01, 0, 0.01, 0.02]);
    expect(ticks(5, 5)).toEqual([5]);
  });
});

describe('plotsSvg', () => {
  it('stacks plots in one document, each at its own offset with its own series', () => {
    const plot = (title: string) => ({ title, xLabel: 't', yLabel: 'y', series: [{ label: 'a', color: 'red' }], columns: [[0, 1, 2], [0, 1, 0]], height: 300 });
    const svg = plotsSvg([plot('first'), plot('second')]);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="720" height="600"')).toBe(true);
    expect([...svg.matchAll(/<svg x="0" y="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([0, 300]);
    expect(svg).toContain('>first<');
    expect(svg).toContain('>second<');
    expect(svg.match(/<polyline/g)).toHaveLength(2);
  });
});
