/**
 * The real Rapier (npm @dimforge/rapier3d-compat) for the orientation twin: a dynamic body
 * of mass 1 with the intent's principal moments about its own axes
 * (setAdditionalMassProperties, identity frame) and a density-0 ball collider of
 * BODY_RADIUS (which only the sleep test sees, as in ./rapier.mjs), joined to a fixed body
 * by a spherical joint with identity frames at the body's centre, no gravity. Each angular
 * axis (JointAxis.AngX/AngY/AngZ) gets configureMotorModel and configureMotorPosition with
 * the report's per-axis target angle and gains. The body starts at the identity spinning
 * at `spin` (world frame, setAngvel). Reads the body's rotation after every world.step().
 */
import R from '@dimforge/rapier3d-compat';
import { applyAll, knob, BODY_RADIUS } from './common.mjs';

const MODELS = {
  'rapier-spherical-acceleration': () => R.MotorModel.AccelerationBased,
  'rapier-spherical-force': () => R.MotorModel.ForceBased,
};

/** Loads the engine and runs every case: `{ version, results: [{ orientations, resets }] }`. */
export async function runAll(cases) {
  await R.init();
  return { version: `@dimforge/rapier3d-compat ${R.version()} (rapier3d 0.36.0)`, results: cases.map(run) };
}

const flag = (v) => {
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw new Error(`rapier: not a flag: ${v}`);
};

/** One case (common.mjs `orientationCase`): `{ orientations, resets }`. */
export function run(c) {
  const model = MODELS[c.id];
  if (!model) throw new Error(`rapier: no orientation drive ${c.id}`);
  const zero = { x: 0, y: 0, z: 0 };
  const world = new R.World(zero);
  world.timestep = c.dt;
  const [ix, iy, iz] = c.inertia;
  let desc = R.RigidBodyDesc.dynamic()
    .setAdditionalMassProperties(1, zero, { x: ix, y: iy, z: iz }, { x: 0, y: 0, z: 0, w: 1 })
    .setAngvel({ x: c.spin[0], y: c.spin[1], z: c.spin[2] });
  applyAll('rapier', c.settings, {
    numSolverIterations: (v) => (world.numSolverIterations = Number(v)),
    numInternalPgsIterations: (v) => (world.integrationParameters.numInternalPgsIterations = Number(v)),
    canSleep: (v) => (desc = desc.setCanSleep(flag(v))),
    linearDamping: (v) => (desc = desc.setLinearDamping(Number(v))),
    angularDamping: (v) => (desc = desc.setAngularDamping(Number(v))),
  });
  const anchor = world.createRigidBody(R.RigidBodyDesc.fixed());
  const body = world.createRigidBody(desc);
  world.createCollider(R.ColliderDesc.ball(BODY_RADIUS).setDensity(0), body);
  const created = world.createImpulseJoint(R.JointData.spherical(zero, zero), anchor, body, true);
  // rapier.js 0.21.0 reports a spherical joint as JointType.Generic (its jointType compares
  // the locked axes with the spherical joint's free ones), so createImpulseJoint hands back a
  // GenericImpulseJoint without the per-axis motor methods: wrap the same handle as the
  // SphericalImpulseJoint it is.
  const joint = new R.SphericalImpulseJoint(world.impulseJoints.raw, world.bodies, created.handle);
  ['x', 'y', 'z'].forEach((a, i) => {
    const axis = R.JointAxis.AngX + i;
    joint.configureMotorModel(axis, model());
    joint.configureMotorPosition(axis, knob(c, `target.${a}`), knob(c, `stiffness.${a}`), knob(c, `damping.${a}`));
  });
  const orientations = [];
  for (let k = 0; k < c.steps; k++) {
    world.step();
    const q = body.rotation();
    orientations.push([q.w, q.x, q.y, q.z]);
  }
  world.free();
  return { orientations, resets: [] };
}
