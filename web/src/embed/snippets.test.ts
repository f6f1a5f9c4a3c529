import { describe, expect, it } from 'vitest';
import type { ParamDef } from '../ui/params';
import { embedSnippets } from './snippets';

const params: ParamDef[] = [
  { key: 'kp', label: 'kp', unit: 'N/m', min: 1, max: 1e6, scale: 'log', initial: 100 },
  { key: 'dt', label: 'dt', unit: 's', min: 0.002, max: 0.1, scale: 'log', initial: 1 / 60 },
];

// Each test writes its own snippets: code run while the tests are collected runs
// before the mutation tool switches its mutant on, so it would check the original.
const code = () => embedSnippets('cube', params, { kp: 400, dt: 0.02 }, ['pd', 'spd'], '/forcelab/forcelab-scene.js', '/forcelab/embed.html');

describe('embedSnippets', () => {
  it('writes the element with every parameter as an attribute', () => {
    expect(code().element).toBe(
      '<script type="module" src="/forcelab/forcelab-scene.js"></script>\n' +
        '<forcelab-scene scene="cube" kp="400" dt="0.02" controllers="pd,spd"></forcelab-scene>',
    );
  });
  it('writes the iframe with the same state in its query', () => {
    expect(code().iframe).toContain('src="/forcelab/embed.html?scene=cube&amp;kp=400&amp;dt=0.02&amp;controllers=pd%2Cspd"');
  });
  it('escapes what could close an attribute', () => {
    const odd = embedSnippets('a"b<c', params, { kp: 1 }, [], 'x', 'y');
    expect(odd.element).toContain('scene="a&quot;b&lt;c"');
  });
  it('leaves out a setting with no number, so the embed falls back to its default instead of reading "NaN"', () => {
    const some = embedSnippets('cube', params, { kp: Number.NaN, dt: 0.01 }, [], 'x', 'y');
    expect(some.element).toBe('<script type="module" src="x"></script>\n<forcelab-scene scene="cube" dt="0.01" controllers=""></forcelab-scene>');
    expect(some.iframe).toContain('src="y?scene=cube&amp;dt=0.01&amp;controllers="');
  });
});
