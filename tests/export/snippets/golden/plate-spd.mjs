// forcelab: stable PD (SPD) moving a 2.5 kg plate (1 m x 0.5 m) in the plane to a target and turning it to a heading, one fixed step of 0.016666666666666666 s.
// Units: SI (m, kg, s, N). Signs: x grows along +x; the force is positive toward +x;
// the error is target - position. Gains as in the forcelab Lab: kp N/m, kd N s/m, ki N/(m s).
// The turn uses the same law with gains scaled by I/m (rad, N m), counter-clockwise positive.
// npm install forcelab
import { readFileSync } from 'node:fs';
import { initSync, Lab } from 'forcelab';

initSync({ module: readFileSync(new URL(import.meta.resolve('forcelab/forcelab_bg.wasm'))) });
const lab = new Lab({"plant":"plate","mass":2.5,"dt":0.016666666666666666,"integrator":"semi-implicit-euler","controllers":[{"kind":"spd","kp":400,"kd":40,"ki":0}],"disturbances":{"targetStart":1}});
lab.step(360);
const x = lab.x(); // x[0] is the start, then the response (x, m) after each step of 0.016666666666666666 s
for (let row = 1; row < lab.rows; row++) console.log(x[row]);
lab.free();
