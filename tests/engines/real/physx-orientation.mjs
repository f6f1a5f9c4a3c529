/**
 * The real PhysX 5.6.1 (npm physx-js-webidl, loaded by ./physx.mjs) for the orientation
 * twin. A case is the shape of common.mjs `orientationCase`; `run` returns
 * `{ orientations: [[w, x, y, z] of the body after each simulate], resets: [] }` (PhysX
 * never resets a simulation).
 *
 * The model: a PxRigidDynamic of mass 1 with principal moments `inertia` on the world
 * axes (setMassSpaceInertiaTensor), spinning at `spin` (world frame), no gravity, joined
 * to the world by a PxD6Joint (actor0 the world, actor1 the body, identity frames): the
 * linear axes locked, TWIST, SWING1 and SWING2 free, and
 * - physx-d6-slerp[-acceleration]: an eSLERP drive (stiffness, damping);
 * - physx-d6-twist-swing[-acceleration]: eTWIST (twist.*) and eSWING (swing.*) drives;
 * - physx-d6-swing1-swing2: PxD6AngularDriveConfig::eSWING_TWIST with eTWIST, eSWING1
 *   and eSWING2 drives (twist.*, swing1.*, swing2.*);
 * each driven to `target` by setDrivePosition; and Unity's ConfigurableJoint as Unity
 * builds it on PhysX (crates/forcelab/src/engines/orientation/unity.rs), with the body as
 * actor0 and the world as actor1, driven to the case's `targetRotation.*` parameters:
 * - unity-configurable-joint-slerp: eSLERP (slerpDrive.positionSpring, .positionDamper);
 * - unity-configurable-joint-x-yz: eTWIST (angularXDrive.*) and eSWING (angularYZDrive.*);
 *   each an acceleration drive when the case sets useAcceleration (JointDrive.useAcceleration).
 * Every other setting is PhysX's default unless the case sets it (a Unity case carries
 * all of Unity's settings); a setting without a handler here throws.
 */
import { applyAll, knob } from './common.mjs';
import { environment } from './physx.mjs';

/** `PxRigidBodyFlag::eENABLE_GYROSCOPIC_FORCES` (1 << 10): not among the binding's enum names. */
const ENABLE_GYROSCOPIC_FORCES = 1 << 10;

/** Each drive: the PxD6Drive names with the prefixes of their parameters, and the angular drive config. */
const DRIVES = {
  'unity-configurable-joint-slerp': { drives: [['eSLERP', 'slerpDrive.']], acceleration: false, unity: true },
  'unity-configurable-joint-x-yz': {
    drives: [['eTWIST', 'angularXDrive.'], ['eSWING', 'angularYZDrive.']], acceleration: false, unity: true,
  },
  'physx-d6-slerp': { drives: [['eSLERP', '']], acceleration: false },
  'physx-d6-slerp-acceleration': { drives: [['eSLERP', '']], acceleration: true },
  'physx-d6-twist-swing': { drives: [['eTWIST', 'twist.'], ['eSWING', 'swing.']], acceleration: false },
  'physx-d6-twist-swing-acceleration': { drives: [['eTWIST', 'twist.'], ['eSWING', 'swing.']], acceleration: true },
  'physx-d6-swing1-swing2': {
    drives: [['eTWIST', 'twist.'], ['eSWING1', 'swing1.'], ['eSWING2', 'swing2.']], acceleration: false, config: 'eSWING_TWIST',
  },
};

/** Opens PhysX; returns `{ version, run(case) }`. */
export async function open() {
  const env = await environment();
  return { version: env.version, run: (c) => run(env, c) };
}

function settingsOf(c, unity) {
  const s = { solver: 'PGS', posIters: 4, velIters: 1, forceLimit: 3.4028234663852886e38, gyroscopic: false };
  const number = (v) => {
    const x = Number(v);
    if (!Number.isFinite(x)) throw new Error(`${c.id}: not a number: ${v}`);
    return x;
  };
  const shared = {
    solverType: (v) => (s.solver = v),
    angularDamping: (v) => (s.angularDamping = number(v)),
    maxAngularVelocity: (v) => (s.maxAngularVelocity = number(v)),
    sleepThreshold: (v) => (s.sleepThreshold = number(v)),
  };
  applyAll(c.id, c.settings, unity ? {
    ...shared,
    solverIterations: (v) => (s.posIters = number(v)),
    solverVelocityIterations: (v) => (s.velIters = number(v)),
    maximumForce: (v) => (s.forceLimit = number(v)),
    // JointDrive.useAcceleration: PhysX's eACCELERATION flag on each drive.
    useAcceleration: (v) => (s.acceleration = v === 'true'),
  } : {
    ...shared,
    positionIterations: (v) => (s.posIters = number(v)),
    velocityIterations: (v) => (s.velIters = number(v)),
    forceLimit: (v) => (s.forceLimit = number(v)),
    gyroscopicForces: (v) => (s.gyroscopic = v === 'true'),
  });
  return s;
}

function run({ PhysX, physics, tolerances, dispatcher }, c) {
  const entry = DRIVES[c.id];
  if (!entry) throw new Error(`physx: no orientation drive ${c.id}`);
  const s = settingsOf(c, entry.unity);
  const sceneDesc = new PhysX.PxSceneDesc(tolerances);
  sceneDesc.set_gravity(new PhysX.PxVec3(0, 0, 0));
  sceneDesc.set_cpuDispatcher(dispatcher);
  sceneDesc.set_filterShader(PhysX.DefaultFilterShader());
  sceneDesc.set_solverType(s.solver === 'TGS' ? PhysX.PxSolverTypeEnum.eTGS : PhysX.PxSolverTypeEnum.ePGS);
  const scene = physics.createScene(sceneDesc);
  PhysX.destroy(sceneDesc);

  const ident = new PhysX.PxTransform(PhysX.PxIDENTITYEnum.PxIdentity);
  const body = physics.createRigidDynamic(ident);
  body.setMass(1);
  body.setMassSpaceInertiaTensor(new PhysX.PxVec3(...c.inertia));
  if (s.angularDamping !== undefined) body.setAngularDamping(s.angularDamping);
  if (s.maxAngularVelocity !== undefined) body.setMaxAngularVelocity(s.maxAngularVelocity);
  if (s.sleepThreshold !== undefined) body.setSleepThreshold(s.sleepThreshold);
  if (s.gyroscopic) body.setRigidBodyFlag(ENABLE_GYROSCOPIC_FORCES, true);
  body.setSolverIterationCounts(s.posIters, s.velIters);
  scene.addActor(body);
  body.setAngularVelocity(new PhysX.PxVec3(...c.spin), true);

  // Unity's joint has the body as actor0, the connected body (the world) as actor1.
  const joint = entry.unity
    ? PhysX.D6JointCreate(physics, body, ident, null, ident)
    : PhysX.D6JointCreate(physics, null, ident, body, ident);
  const A = PhysX.PxD6AxisEnum;
  const M = PhysX.PxD6MotionEnum;
  for (const axis of [A.eX, A.eY, A.eZ]) joint.setMotion(axis, M.eLOCKED);
  for (const axis of [A.eTWIST, A.eSWING1, A.eSWING2]) joint.setMotion(axis, M.eFREE);
  if (entry.config) joint.setAngularDriveConfig(PhysX.PxD6AngularDriveConfigEnum[entry.config]);
  for (const [name, prefix] of entry.drives) {
    const [k, d] = entry.unity ? ['positionSpring', 'positionDamper'] : ['stiffness', 'damping'];
    const drive = new PhysX.PxD6JointDrive(knob(c, prefix + k), knob(c, prefix + d), s.forceLimit, entry.acceleration || !!s.acceleration);
    joint.setDrive(PhysX.PxD6DriveEnum[name], drive);
    PhysX.destroy(drive);
  }
  const [w, x, y, z] = entry.unity ? ['w', 'x', 'y', 'z'].map((a) => knob(c, `targetRotation.${a}`)) : c.target;
  joint.setDrivePosition(new PhysX.PxTransform(new PhysX.PxVec3(0, 0, 0), new PhysX.PxQuat(x, y, z, w)), true);

  const orientations = [];
  for (let n = 0; n < c.steps; n++) {
    scene.simulate(c.dt);
    scene.fetchResults(true);
    const q = body.getGlobalPose().get_q();
    orientations.push([q.get_w(), q.get_x(), q.get_y(), q.get_z()]);
  }
  joint.release();
  body.release();
  scene.release();
  return { orientations, resets: [] };
}
