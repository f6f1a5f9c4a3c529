// @vitest-environment happy-dom
// The Lab's export bar as a reader uses it, on the real core: "Download CSV" saves the
// whole run (every row, each series named, in the plant's units) under a name that says
// what ran; "Copy link" copies the address that replays the run, and shows it in a box
// when the browser refuses the clipboard.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $, labPageForTests } from '../../../tests/dom/page';

const { mount } = labPageForTests();
afterEach(() => {
  vi.restoreAllMocks();
});

const settled = async (status: HTMLElement) => {
  for (let tries = 0; tries < 100 && !status.textContent; tries++) await new Promise((r) => setTimeout(r, 10));
};

describe('the Lab\'s export bar', () => {
  it('saves the whole run as CSV, named for what ran', async () => {
    const host = mount('?plant=plate&c=pd,spd&T=1&dt=0.02');
    const saved: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (saved.push(blob as Blob), 'blob:run'));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    $<HTMLButtonElement>(host, 'button.export-csv').click();
    const status = $(host, '.export-status');
    await settled(status);
    expect(status.textContent).toBe('Saved 51 rows as forcelab-plate-semi-implicit-euler-dt0.02.csv.');
    expect(names).toEqual(['forcelab-plate-semi-implicit-euler-dt0.02.csv']);
    const lines = (await saved[0]!.text()).trim().split('\r\n');
    // A header naming each series as the legend does, in the plate's units, then one line per recorded step (the start and 50 steps).
    expect(lines[0]).toMatch(/^time \(s\),target \(m\),1: forward PD position \(m\),1: forward PD velocity \(m\/s\),1: forward PD effort \(N\),.*,2: SPD \(paper form\) position \(m\),/);
    expect(lines).toHaveLength(52);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(Array.from({ length: 51 }, (_, r) => expect.closeTo(r * 0.02, 9)));
  });

  it('copies the link that replays the run, and shows it in a box when the clipboard is refused', async () => {
    const host = mount('?kp0=300&seed=7');
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } });
    const button = $<HTMLButtonElement>(host, 'button.export-link');
    const status = $(host, '.export-status');
    button.click();
    await settled(status);
    expect(copied).toEqual([`${location.origin}/lab.html?seed=7&kp0=300`]);
    expect(status.textContent).toBe('Link copied: it replays this run exactly.');
    // The link is shown beside the bar either way.
    const box = $<HTMLInputElement>(host, 'input.export-link-text');
    expect(box.hidden).toBe(false);
    status.textContent = '';
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async () => Promise.reject(new Error('no')) } });
    button.click();
    await settled(status);
    expect(status.textContent).toBe('The browser refused the clipboard: copy the link from the box.');
    expect(box.hidden).toBe(false);
    expect(box.value).toBe(`${location.origin}/lab.html?seed=7&kp0=300`);
  });
});
