/**
 * The real Rapier (npm @dimforge/rapier3d-compat): a body of mass m and inertia m on
 * every axis (setAdditionalMassProperties) with a density-0 ball collider of
 * BODY_RADIUS (which only its sleep test sees), on a prismatic joint along x or a
 * revolute joint about z to a fixed body, configureMotorPosition(TARGET, stiffness,
 * damping), no gravity. Reads x, or the angle 2 atan2(qz, qw).
 */
import R from '@dimforge/rapier3d-compat';
import { applyAll, knob, BODY_RADIUS, TARGET } from './common.mjs';

export async function open() {
  await R.init();
  return { version: `@dimforge/rapier3d-compat ${R.version()} (rapier3d 0.36.0)`, run };
}

function run(c) {
  const model = { 'rapier-acceleration': R.MotorModel.AccelerationBased, 'rapier-force': R.MotorModel.ForceBased }[c.id];
  if (model === undefined) throw new Error(`rapier: no entry ${c.id}`);
  const zero = { x: 0, y: 0, z: 0 };
  const world = new R.World(zero);
  world.timestep = c.dt;
  let desc = R.RigidBodyDesc.dynamic().setAdditionalMassProperties(
    c.mass, zero, { x: c.mass, y: c.mass, z: c.mass }, { x: 0, y: 0, z: 0, w: 1 });
  applyAll('rapier', c.settings, {
    numSolverIterations: (v) => (world.numSolverIterations = v),
    numInternalPgsIterations: (v) => (world.integrationParameters.numInternalPgsIterations = v),
    canSleep: (v) => (desc = desc.setCanSleep(v)),
    linearDamping: (v) => (desc = desc.setLinearDamping(v)),
    angularDamping: (v) => (desc = desc.setAngularDamping(v)),
  });
  const anchor = world.createRigidBody(R.RigidBodyDesc.fixed());
  const body = world.createRigidBody(desc);
  world.createCollider(R.ColliderDesc.ball(BODY_RADIUS).setDensity(0), body);
  const data = c.angular ? R.JointData.revolute(zero, zero, { x: 0, y: 0, z: 1 }) : R.JointData.prismatic(zero, zero, { x: 1, y: 0, z: 0 });
  const joint = world.createImpulseJoint(data, anchor, body, true);
  joint.configureMotorModel(model);
  joint.configureMotorPosition(TARGET, knob(c, 'stiffness'), knob(c, 'damping'));
  const positions = [];
  for (let i = 0; i < c.steps; i++) {
    world.step();
    if (c.angular) {
      const q = body.rotation();
      positions.push(2 * Math.atan2(q.z, q.w));
    } else positions.push(body.translation().x);
  }
  world.free();
  return positions;
}
