// @vitest-environment happy-dom
// A figure on its recorded run holds what the reader does until the Lab is loaded, then
// gives it again in order: nothing typed or clicked is lost, a link and a plot's own
// buttons act at once, a press on the canvas only starts the loading, and a failed load
// keeps everything held for the next try.
import { afterEach, describe, expect, it } from 'vitest';
import { holdUntilLive } from './hold-until-live';

/** A figure: a field, a box, a button, a link, a plot's button and the canvas, with what each saw. */
function figure() {
  document.body.innerHTML = `<div id="host"><input id="kp" value="100"><input id="box" type="checkbox"><button id="play">Play</button><a id="lab" href="#lab">Open in the Lab</a><div class="plot"><button id="full">Show the full range</button></div><canvas id="canvas"></canvas></div>`;
  const $ = (id: string) => document.getElementById(id)! as HTMLInputElement;
  const seen: string[] = [];
  for (const id of ['kp', 'box', 'play', 'lab', 'full', 'canvas']) {
    for (const type of ['input', 'change', 'click', 'pointerdown']) $(id).addEventListener(type, () => seen.push(`${type} ${id}${id === 'kp' ? `=${$(id).value}` : ''}`));
  }
  let loads = 0;
  let settle: { resolve(): void; reject(e: Error): void } | null = null;
  holdUntilLive($('host'), $('canvas'), () => {
    loads++;
    return new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  });
  const loaded = async () => {
    settle!.resolve();
    await Promise.resolve();
    await Promise.resolve();
  };
  const failed = async () => {
    settle!.reject(new Error('offline'));
    await Promise.resolve();
    await Promise.resolve();
  };
  return { $, seen, loads: () => loads, loaded, failed };
}

const fire = (target: Element, type: string) => target.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a figure held until its Lab is live', () => {
  it('loads the Lab when the reader reaches for it, once, however they do', () => {
    const f = figure();
    expect(f.loads()).toBe(0);
    fire(f.$('host'), 'pointerenter');
    fire(f.$('kp'), 'focusin');
    fire(f.$('kp'), 'input');
    expect(f.loads()).toBe(1);
  });

  it('holds edits and clicks, and gives them again in order once live, a value typed key by key once', async () => {
    const f = figure();
    f.$('kp').value = '1';
    fire(f.$('kp'), 'input');
    f.$('kp').value = '15';
    fire(f.$('kp'), 'input');
    fire(f.$('kp'), 'change');
    f.$('play').click();
    expect(f.seen).toEqual([]);
    await f.loaded();
    expect(f.seen).toEqual(['input kp=15', 'change kp=15', 'click play']);
    // Live: nothing is held any more, and nothing loads again.
    f.$('play').click();
    fire(f.$('canvas'), 'pointerdown');
    expect(f.seen.slice(3)).toEqual(['click play', 'pointerdown canvas']);
    expect(f.loads()).toBe(1);
  });

  it('keeps a held click from ticking a box until it is given again', async () => {
    const f = figure();
    f.$('box').click();
    expect(f.$('box').checked).toBe(false);
    await f.loaded();
    expect(f.$('box').checked).toBe(true);
    expect(f.seen).toContain('click box');
  });

  it('lets a link and a plot button act at once, and a press on the canvas only start the loading', () => {
    const f = figure();
    f.$('lab').click();
    f.$('full').click();
    fire(f.$('canvas'), 'pointerdown');
    expect(f.seen).toEqual(['click lab', 'click full']);
    expect(f.loads()).toBe(1);
  });

  it('keeps what it holds when the Lab fails to load, and gives it all after the next try loads it', async () => {
    const f = figure();
    f.$('kp').value = '7';
    fire(f.$('kp'), 'change');
    await f.failed();
    expect(f.seen).toEqual([]);
    f.$('play').click();
    expect(f.loads()).toBe(2);
    await f.loaded();
    expect(f.seen).toEqual(['change kp=7', 'click play']);
  });
});
