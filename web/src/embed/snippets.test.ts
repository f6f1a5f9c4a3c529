import { describe, expect, it } from 'vitest';
import type { ParamDef } from '../ui/params';
import { embedSnippets } from './snippets';

const params: ParamDef[] = [
  { key: 'kp', label: 'kp', unit: 'N/m', min: 1, max: 1e6, scale: 'log', initial: 100 },
  { key: 'dt', label: 'dt', unit: 's', min: 0.002, max: 0.1, scale: 'log', initial: 1 / 60 },
];

describe('embedSnippets', () => {
  const code = embedSnippets('cube', params, { kp: 400, dt: 0.02 }, ['pd', 'spd'], '/forcelab/forcelab-scene.js', '/forcelab/embed.html');
  it('writes the element with every parameter as an attribute', () => {
    expect(code.element).toBe(
      '<script type="module" src="/forcelab/forcelab-scene.js"></script>\n' +
        '<forcelab-scene scene="cube" kp="400" dt="0.02" controllers="pd,spd"></forcelab-scene>',
    );
  });
  it('writes the iframe with the same state in its query', () => {
    expect(code.iframe).toContain('src="/forcelab/embed.html?scene=cube&amp;kp=400&amp;dt=0.02&amp;controllers=pd%2Cspd"');
  });
  it('escapes what could close an attribute', () => {
    const odd = embedSnippets('a"b<c', params, { kp: 1 }, [], 'x', 'y');
    expect(odd.element).toContain('scene="a&quot;b&lt;c"');
  });
});
