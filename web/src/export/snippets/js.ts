/**
 * The JavaScript snippet: the forcelab npm package's Lab with this one controller, the
 * same run the page shows (in Node; in a browser, `await init()` instead of `initSync`).
 */
import { header, literal, type SnippetInput } from './input';

export function jsSnippet(s: SnippetInput): string {
  const config = {
    plant: s.plant,
    mass: s.mass,
    dt: s.dt,
    integrator: s.integrator,
    controllers: [{ kind: s.kind, kp: s.kp, kd: s.kd, ki: s.ki, ...(Object.keys(s.options).length ? { options: s.options } : {}) }],
    disturbances: { targetStart: s.target },
  };
  return `${header(s, '//')}
// npm install forcelab
import { readFileSync } from 'node:fs';
import { initSync, Lab } from 'forcelab';

initSync({ module: readFileSync(new URL(import.meta.resolve('forcelab/forcelab_bg.wasm'))) });
const lab = new Lab(${JSON.stringify(config)});
lab.step(${s.steps});
const x = lab.x(); // x[0] is the start, then the response (${s.plant === 'box' ? 'the twist about the axis, rad' : 'x, m'}) after each step of ${literal(s.dt)} s
for (let row = 1; row < lab.rows; row++) console.log(x[row]);
lab.free();
`;
}
