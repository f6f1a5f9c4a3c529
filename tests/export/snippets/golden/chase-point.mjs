// forcelab: the chase's missile turned toward its goal by a heading PID (window 12
// samples) at 6.0 m/s, one fixed step of 0.016666666666666666 s. Units: SI (m, s, rad,
// N m); gains per unit inertia: kp 1/s^2, ki 1/s^3, kd 1/s. Signs: angles
// counter-clockwise from +x; the error is heading - desired, wrapped to (-pi, pi]; the
// angular acceleration is -PID(error), clamped to +-40.0 rad/s^2, times the inertia.
// npm install forcelab
import { readFileSync } from 'node:fs';
import { initSync, PursuitScene } from 'forcelab';

initSync({ module: readFileSync(new URL(import.meta.resolve('forcelab/forcelab_bg.wasm'))) });
const scene = new PursuitScene({"heading":{"pid":{"kp":30,"ki":2,"kd":8,"window":12,"dt":0.016666666666666666},"maxAngularAcceleration":40},"missileSpeed":6,"dt":0.016666666666666666}, [3.5, -2.0]);
for (let n = 0; n < 240; n++) {
  scene.step(1);
  // Per chaser: x, y, angle, goal x, goal y, heading error (rad), torque (N m).
  console.log(scene.state()[5]);
}
scene.free();
