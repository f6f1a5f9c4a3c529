/**
 * The real Rapier (npm @dimforge/rapier3d-compat, rapier3d 0.36.0) on the arm of the
 * chain command (issue 48), in maximal coordinates: one dynamic body per link (its
 * origin at the link's centre of mass, `setAdditionalMassProperties` with the link's
 * mass and its inertia on every axis, no collider), each joined to the link before (the
 * first to a fixed body at the origin) by a revolute ImpulseJoint about z
 * (`JointData.revolute(anchor1, anchor2, z)`, the anchors at the two links' ends), whose
 * angle is the chain's joint angle (both frames built from the same axis). Gravity along
 * -y. See tests/engines/real/arm.mjs for the case and the result.
 *
 * Drives:
 * - `motor-force`: `configureMotorModel(MotorModel.ForceBased)` and
 *   `configureMotorPosition(target, kp, kd)`: Rapier's `MotorModel::combine_coefficients`
 *   (src/dynamics/joint/motor_model.rs) makes the force-based row's softness from the
 *   stiffness and damping alone (`erp_inv_dt = k / (h k + c)`, `cfm = 1 / (h^2 k + h c)`),
 *   so they are kp (N m/rad) and kd (N m s/rad) (the core's twin of it,
 *   crates/forcelab/src/engines/rapier.rs, is checked against this package).
 * - `motor-acceleration`: the default `MotorModel.AccelerationBased`, whose softness is
 *   scaled by the row's inverse mass `1/m`, `m = 1 / (1/I_before + 1/I_after)` (the
 *   world's inverse inertia 0): `configureMotorPosition(target, kp / m, kd / m)` gives
 *   kp and kd again.
 * - `torque`: no motor; the per-joint PD as body torques (`resetTorques`, then
 *   `addTorque`: Rapier keeps user torques until reset) before each step.
 *
 * Rapier's defaults otherwise: 4 solver iterations, which are 4 substeps of dt / 4
 * (`numSolverIterations`), 1 internal PGS iteration, sleeping allowed, no body damping.
 * `settings` may hold `numSolverIterations`; anything else is refused.
 */
import R from '@dimforge/rapier3d-compat';
import { applyAll } from './common.mjs';
import { anchors, axialMass, jointPdTorques, pose, toWorld3, largestGap, Unwrap } from './arm.mjs';

export const DRIVES = ['motor-force', 'motor-acceleration', 'torque'];

export async function open() {
  await R.init();
  return { version: `@dimforge/rapier3d-compat ${R.version()} (rapier3d 0.36.0)`, run };
}

function run(c) {
  if (!DRIVES.includes(c.drive)) throw new Error(`rapier-chain: no drive ${c.drive}`);
  const world = new R.World({ x: 0, y: -c.gravity, z: 0 });
  world.timestep = c.dt;
  applyAll('rapier-chain', c.settings ?? {}, {
    numSolverIterations: (v) => (world.numSolverIterations = v),
  });
  const zero = { x: 0, y: 0, z: 0 };
  const z = { x: 0, y: 0, z: 1 };
  const ground = world.createRigidBody(R.RigidBodyDesc.fixed());
  const start = pose(c.links, c.start);
  const links = c.links.map((link, k) => {
    const { angle, center } = start[k];
    const i = link.inertia;
    return world.createRigidBody(R.RigidBodyDesc.dynamic()
      .setTranslation(center[0], center[1], 0)
      .setRotation({ x: 0, y: 0, z: Math.sin(angle / 2), w: Math.cos(angle / 2) })
      .setAdditionalMassProperties(link.mass, zero, { x: i, y: i, z: i }, { x: 0, y: 0, z: 0, w: 1 }));
  });
  c.links.forEach((_, k) => {
    const a = anchors(c.links, k);
    const p1 = a.parent ? { x: a.parent[0], y: a.parent[1], z: 0 } : zero;
    const joint = world.createImpulseJoint(R.JointData.revolute(p1, { x: a.child[0], y: a.child[1], z: 0 }, z),
      k === 0 ? ground : links[k - 1], links[k], true);
    if (c.drive === 'motor-force') {
      joint.configureMotorModel(R.MotorModel.ForceBased);
      joint.configureMotorPosition(c.target[k], c.kp, c.kd);
    } else if (c.drive === 'motor-acceleration') {
      const m = axialMass(c.links, k);
      joint.configureMotorModel(R.MotorModel.AccelerationBased);
      joint.configureMotorPosition(c.target[k], c.kp / m, c.kd / m);
    }
  });

  const unwrap = new Unwrap(c.links, c.start);
  const center = (b) => {
    const t = b.translation();
    return [t.x, t.y, t.z];
  };
  const gap = () => largestGap(c.links.map((_, k) => {
    const a = anchors(c.links, k);
    const child = toWorld3(center(links[k]), links[k].rotation(), a.child);
    const parent = a.parent ? toWorld3(center(links[k - 1]), links[k - 1].rotation(), a.parent) : [0, 0, 0];
    return [parent, child];
  }));
  let q = c.start.slice();
  const out = { q: [], gap: [] };
  for (let n = 0; n < c.steps; n++) {
    if (c.drive === 'torque') {
      const qd = Unwrap.rates(links.map((b) => b.angvel().z));
      jointPdTorques(c, q, qd).forEach((tau, k) => {
        links[k].resetTorques(false);
        links[k].addTorque({ x: 0, y: 0, z: tau }, true);
      });
    }
    world.step();
    q = unwrap.joints(links.map((b) => {
      const r = b.rotation();
      return 2 * Math.atan2(r.z, r.w);
    }));
    out.q.push(q);
    out.gap.push(gap());
  }
  world.free();
  return out;
}
