import { describe, expect, it } from 'vitest';
import type { LabSnapshot } from '../core/wasm';
import { csvField, plotsCsv, tableCsv, traceCsv } from './csv';

const snap = (): LabSnapshot => ({
  n: 2,
  poseSize: 1,
  rows: 2,
  time: new Float64Array([0, 1 / 60]),
  target: new Float64Array([1, 1]),
  x: new Float64Array([0, 0, 0.1 + 0.2, -1e-300]),
  v: new Float64Array([0, 0, 18, -2]),
  force: new Float64Array([100, 100, 90, 80]),
  p: new Float64Array([100, 100, 70, 60]),
  i: new Float64Array([0, 0, 0, 0]),
  d: new Float64Array([0, 0, 20, 20]),
  ff: new Float64Array([0, 0, 0, 0]),
  pose: new Float64Array(4),
  diverged: new Uint8Array(2),
  failures: [undefined, undefined],
});

describe('traceCsv', () => {
  it('writes one header and one row per step, seven columns per controller', () => {
    const lines = traceCsv(snap(), ['1: PD', '2: SPD, as printed'], { position: 'm', effort: 'N' }).trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    const header = lines[0]!.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(header).toHaveLength(2 + 2 * 7);
    expect(header[0]).toBe('time (s)');
    expect(header[2]).toBe('1: PD position (m)');
    // A name with a comma is quoted, so the columns stay aligned.
    expect(header[9]).toBe('"2: SPD, as printed position (m)"');
    expect(lines[2]!.split(',')).toHaveLength(16);
  });

  it('keeps every double exactly (shortest round-trip form)', () => {
    const row = traceCsv(snap(), ['a', 'b'], { position: 'rad', effort: 'N·m' }).split('\r\n')[2]!.split(',').map(Number);
    expect(row[0]).toBe(1 / 60);
    expect(row[2]).toBe(0.1 + 0.2);
    expect(row[9]).toBe(-1e-300);
    expect(traceCsv(snap(), ['a', 'b'], { position: 'rad', effort: 'N·m' })).toContain('a velocity (rad/s)');
  });

  it('puts every field of every controller under its own header', () => {
    // Each field and controller gets its own value (field f, controller k, row r:
    // 100 f + 10 k + r), so two swapped columns cannot go unseen.
    const fields = ['x', 'v', 'force', 'p', 'i', 'd', 'ff'] as const;
    const headers = ['position', 'velocity', 'effort', 'p', 'i', 'd', 'ff'];
    const value = (f: number, k: number, r: number) => 100 * (f + 1) + 10 * k + r;
    const s = snap();
    fields.forEach((field, f) => {
      s[field] = new Float64Array([0, 1].flatMap((r) => [0, 1].map((k) => value(f, k, r))));
    });
    const [head, ...rows] = traceCsv(s, ['a', 'b'], { position: 'm', effort: 'N' }).trimEnd().split('\r\n');
    const names = head!.split(',');
    rows.forEach((line, r) => {
      const row = line.split(',').map(Number);
      ['a', 'b'].forEach((name, k) => {
        headers.forEach((h, f) => {
          const col = names.findIndex((n) => n.startsWith(`${name} ${h} (`));
          expect(col, `${name} ${h}`).toBeGreaterThan(1);
          expect(row[col], `${name} ${h}, row ${r}`).toBe(value(f, k, r));
        });
      });
      expect(row[0]).toBe(s.time[r]);
      expect(row[1]).toBe(s.target[r]);
    });
  });

  it('quotes only what needs quoting', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
  });
});

describe('plotsCsv', () => {
  const error = { title: 'Heading error', yLabel: 'rad', series: [{ label: 'missile' }, { label: 'entity, "fast"' }], columns: [[0, 0.5, 1], [0.1, 0.2, 0.30000000000000004], [1, 2, 3]] };
  const torque = { title: 'Torque', yLabel: 'N m', series: [{ label: 'missile' }], columns: [[0, 0.5, 1], [5, -0, 7e-300]] };

  it('shares the time column between plots sampled together and keeps every double exact', () => {
    const lines = plotsCsv([error, torque]).trimEnd().split('\r\n');
    expect(lines[0]).toBe('time (s),Heading error: missile (rad),"Heading error: entity, ""fast"" (rad)",Torque: missile (N m)');
    expect(lines.slice(1).map((l) => l.split(',').map(Number))).toEqual([
      [0, 0.1, 1, 5],
      [0.5, 0.2, 2, -0],
      [1, 0.30000000000000004, 3, 7e-300],
    ]);
  });

  it('gives a plot sampled at other times its own time column, and leaves short columns empty', () => {
    const other = { ...torque, columns: [[0, 2], [1, 2]] };
    const lines = plotsCsv([error, other]).trimEnd().split('\r\n');
    expect(lines[0]!.split(',').slice(-2)).toEqual(['Torque: time (s)', 'Torque: missile (N m)']);
    expect(lines[3]).toBe('1,0.30000000000000004,3,,');
  });

  it('gives a plot sampled longer, even from the same start, its own time column', () => {
    const longer = { ...torque, columns: [[0, 0.5, 1, 1.5], [1, 2, 3, 4]] };
    expect(plotsCsv([error, longer]).split('\r\n')[0]!.split(',').at(-2)).toBe('Torque: time (s)');
  });

  it('gives a plot of the same length but other times its own time column', () => {
    const shifted = { ...torque, columns: [[0, 0.5, 2], [1, 2, 3]] };
    expect(plotsCsv([error, shifted]).split('\r\n')[0]!.split(',').at(-2)).toBe('Torque: time (s)');
  });

  it('writes the one plot it is given with its time first, and an empty column for a series without data', () => {
    const lone = { title: 'P', yLabel: 'm', series: [{ label: 'a' }, { label: 'b' }], columns: [[0, 1], [2, 3]] };
    expect(plotsCsv([lone])).toBe('time (s),P: a (m),P: b (m)\r\n0,2,\r\n1,3,\r\n');
  });
});

describe('plotsCsv without data', () => {
  it('writes the header alone for a plot that has no columns yet', () => {
    expect(plotsCsv([{ title: 'P', yLabel: 'm', series: [{ label: 'a' }], columns: [] }])).toBe('time (s),P: a (m)\r\n');
  });
});

describe('traceCsv units', () => {
  it('labels a linear plant in m and m/s, and writes only the named controllers it holds', () => {
    const head = traceCsv(snap(), ['a', 'b', 'c'], { position: 'm', effort: 'N' }).split('\r\n')[0]!;
    expect(head.startsWith('time (s),target (m),a position (m),a velocity (m/s),a effort (N)')).toBe(true);
    expect(head).not.toContain('c position');
  });
});

describe('tableCsv', () => {
  it('writes numbers at full precision, quotes text that needs it, leaves null empty', () => {
    expect(tableCsv(['a', 'b, c'], [[0.1 + 0.2, 'say "hi"', null], [-0, 'x', 3]])).toBe('a,"b, c"\r\n0.30000000000000004,"say ""hi""",\r\n-0,x,3\r\n');
  });
});
