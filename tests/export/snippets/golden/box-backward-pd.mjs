// forcelab: Wu's backward PD turning a 2.5 kg box (1 x 0.5 x 0.25 m) about the tilted axis (1, 2, 3) to a target orientation, one fixed step of 0.016666666666666666 s.
// Units: SI (rad, kg, s, N m). Signs: angles and torques are right-handed about the axis;
// the error is the rotation from the body to the target. Gains as in the forcelab Lab:
// kp N/m, kd N s/m for a cube of this mass, applied as torque gains kp I/m, kd I/m
// about the axis (I: the box's inertia about it), so the turn has the cube's frequency and damping.
// npm install forcelab
import { readFileSync } from 'node:fs';
import { initSync, Lab } from 'forcelab';

initSync({ module: readFileSync(new URL(import.meta.resolve('forcelab/forcelab_bg.wasm'))) });
const lab = new Lab({"plant":"box","mass":2.5,"dt":0.016666666666666666,"integrator":"semi-implicit-euler","controllers":[{"kind":"backward-pd","kp":400,"kd":40,"ki":0}],"disturbances":{"targetStart":1}});
lab.step(360);
const x = lab.x(); // x[0] is the start, then the response (the twist about the axis, rad) after each step of 0.016666666666666666 s
for (let row = 1; row < lab.rows; row++) console.log(x[row]);
lab.free();
