/**
 * The real PhysX 5.6.1 (npm physx-js-webidl), for the PhysX entries and for Unity's,
 * which run on PhysX with Unity's settings:
 * - D6 drives (physx-drive, physx-drive-acceleration, unity-configurable-joint): a
 *   PxRigidDynamic of mass m and inertia m on every axis, joined to the world by a
 *   PxD6Joint free along X (or in TWIST, plus SWING for a slerp drive), driven toward
 *   TARGET. Unity's joint is created the way Unity does it, with the body as actor0.
 * - Articulation drives (physx-articulation, unity-articulation): a fixed-base
 *   PxArticulationReducedCoordinate with one link of mass m on a prismatic or revolute
 *   joint and a PxArticulationDrive toward TARGET.
 * The package is built for browsers: it is handed its wasm bytes, and `process` is
 * hidden while it starts (it refuses to start when it sees Node).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PhysXFactory from 'physx-js-webidl';
import { applyAll, knob, NotRunnable, TARGET } from './common.mjs';

const require = createRequire(import.meta.url);
const pkg = require('physx-js-webidl/package.json');

/** Loads the package's wasm (a new module instance each call). */
export async function load() {
  const wasmBinary = fs.readFileSync(require.resolve('physx-js-webidl/physx-js-webidl.wasm'));
  const processDescriptor = Object.getOwnPropertyDescriptor(globalThis, 'process');
  if (!('window' in globalThis)) globalThis.window = globalThis;
  Object.defineProperty(globalThis, 'process', { value: undefined, configurable: true, writable: true });
  // The factory looks for Node before its first await: `process` is back before anything
  // else (the test runner's own ticks) can run and find it missing.
  let started;
  try {
    started = PhysXFactory({ wasmBinary, print: () => {}, printErr: (s) => console.error(s) });
  } finally {
    Object.defineProperty(globalThis, 'process', processDescriptor);
  }
  return started;
}

let shared;

/**
 * One PhysX for every harness of this process: the module, its foundation and physics
 * (with the extensions), default tolerances, a dispatcher, and the version it reports.
 */
export function environment() {
  shared ??= load().then((PhysX) => {
    const version = PhysX.PHYSICS_VERSION;
    const foundation = PhysX.CreateFoundation(version, new PhysX.PxDefaultAllocator(), new PhysX.PxDefaultErrorCallback());
    const tolerances = new PhysX.PxTolerancesScale();
    const physics = PhysX.CreatePhysics(version, foundation, tolerances);
    PhysX.InitExtensions(physics);
    const v = `${(version >> 24) & 0xff}.${(version >> 16) & 0xff}.${(version >> 8) & 0xff}`;
    return {
      PhysX, physics, tolerances, dispatcher: PhysX.DefaultCpuDispatcherCreate(0),
      version: `physx-js-webidl ${pkg.version} (PhysX ${v})`,
    };
  });
  return shared;
}

export async function open() {
  const env = await environment();
  return { version: env.version, run: (c) => run(env, c) };
}

/** The case's settings in PhysX's terms, for each entry's own settings keys. */
function physxSettings(c) {
  const s = {
    solver: 'PGS', posIters: 4, velIters: 1, bodyFirst: false, articulation: false, drive: c.angular ? 'TWIST' : 'X',
    forceLimit: 3.4028234663852886e38, driveLimitsAreForces: false,
  };
  const d6 = {
    solverType: (v) => (s.solver = v),
    positionIterations: (v) => (s.posIters = v),
    velocityIterations: (v) => (s.velIters = v),
    linearDamping: (v) => (s.linearDamping = v),
    angularDamping: (v) => (s.angularDamping = v),
    maxLinearVelocity: (v) => (s.maxLinearVelocity = v),
    maxAngularVelocity: (v) => (s.maxAngularVelocity = v),
    sleepThreshold: (v) => (s.sleepThreshold = v),
    angularDrive: (v) => c.angular && (s.drive = v),
    forceLimit: (v) => (s.forceLimit = v),
    driveLimitsAreForces: (v) => (s.driveLimitsAreForces = v),
  };
  const unity = {
    solverType: (v) => {
      if (v === 'TGS' && c.id === 'unity-configurable-joint') {
        throw new NotRunnable("Unity's TGS is PhysX 4.1's, which differs from the PhysX 5.6 that runs here");
      }
      s.solver = v;
    },
    solverIterations: (v) => (s.posIters = v),
    solverVelocityIterations: (v) => (s.velIters = v),
    linearDamping: d6.linearDamping,
    angularDamping: d6.angularDamping,
    maxAngularVelocity: d6.maxAngularVelocity,
    maxLinearVelocity: d6.maxLinearVelocity,
    sleepThreshold: d6.sleepThreshold,
    rotationDrive: (v) => c.angular && (s.drive = v === 'slerpDrive' ? 'SLERP' : 'TWIST'),
    maximumForce: d6.forceLimit,
    forceLimit: d6.forceLimit,
    maxJointVelocity: (v) => (s.maxJointVelocity = v),
  };
  const articulation = { ...d6, maxJointVelocity: (v) => (s.maxJointVelocity = v) };
  delete articulation.angularDrive;
  const table = {
    'physx-drive': [d6, { acceleration: false }],
    'physx-drive-acceleration': [d6, { acceleration: true }],
    'physx-articulation': [articulation, { acceleration: false, articulation: true }],
    'unity-configurable-joint': [unity, { acceleration: false, bodyFirst: true }],
    'unity-articulation': [unity, { acceleration: false, articulation: true }],
  }[c.id];
  if (!table) throw new Error(`physx: no entry ${c.id}`);
  const [handlers, shape] = table;
  Object.assign(s, shape);
  applyAll(c.id, c.settings, handlers);
  const [stiffnessName, dampingName] = c.id === 'unity-configurable-joint' ? ['positionSpring', 'positionDamper'] : ['stiffness', 'damping'];
  s.stiffness = knob(c, stiffnessName);
  s.damping = knob(c, dampingName);
  return s;
}

function run(env, c) {
  const { PhysX, physics } = env;
  const s = physxSettings(c);
  const sceneDesc = new PhysX.PxSceneDesc(env.tolerances);
  sceneDesc.set_gravity(new PhysX.PxVec3(0, 0, 0));
  sceneDesc.set_cpuDispatcher(env.dispatcher);
  sceneDesc.set_filterShader(PhysX.DefaultFilterShader());
  sceneDesc.set_solverType(s.solver === 'TGS' ? PhysX.PxSolverTypeEnum.eTGS : PhysX.PxSolverTypeEnum.ePGS);
  const scene = physics.createScene(sceneDesc);
  PhysX.destroy(sceneDesc);
  const positions = s.articulation ? articulation(env, scene, c, s) : d6(env, scene, c, s);
  scene.release();
  return positions;
}

function d6({ PhysX, physics }, scene, c, s) {
  const ident = new PhysX.PxTransform(PhysX.PxIDENTITYEnum.PxIdentity);
  const body = physics.createRigidDynamic(ident);
  body.setMass(c.mass);
  body.setMassSpaceInertiaTensor(new PhysX.PxVec3(c.mass, c.mass, c.mass));
  if (s.linearDamping !== undefined) body.setLinearDamping(s.linearDamping);
  if (s.angularDamping !== undefined) body.setAngularDamping(s.angularDamping);
  if (s.maxAngularVelocity !== undefined) body.setMaxAngularVelocity(s.maxAngularVelocity);
  if (s.maxLinearVelocity !== undefined) body.setMaxLinearVelocity(s.maxLinearVelocity);
  if (s.sleepThreshold !== undefined) body.setSleepThreshold(s.sleepThreshold);
  body.setSolverIterationCounts(s.posIters, s.velIters);
  scene.addActor(body);
  const joint = s.bodyFirst
    ? PhysX.D6JointCreate(physics, body, ident, null, ident)
    : PhysX.D6JointCreate(physics, null, ident, body, ident);
  const A = PhysX.PxD6AxisEnum;
  const M = PhysX.PxD6MotionEnum;
  for (const axis of [A.eX, A.eY, A.eZ, A.eTWIST, A.eSWING1, A.eSWING2]) joint.setMotion(axis, M.eLOCKED);
  // The drive target is actor1's frame in actor0's: with the body first it reads inverted.
  const sign = s.bodyFirst ? -1 : 1;
  let pose;
  if (!c.angular) {
    joint.setMotion(A.eX, M.eFREE);
    pose = new PhysX.PxTransform(new PhysX.PxVec3(sign * TARGET, 0, 0), new PhysX.PxQuat(0, 0, 0, 1));
  } else {
    joint.setMotion(A.eTWIST, M.eFREE);
    if (s.drive === 'SLERP') {
      joint.setMotion(A.eSWING1, M.eFREE);
      joint.setMotion(A.eSWING2, M.eFREE);
    }
    const half = (sign * TARGET) / 2;
    pose = new PhysX.PxTransform(new PhysX.PxVec3(0, 0, 0), new PhysX.PxQuat(Math.sin(half), 0, 0, Math.cos(half)));
  }
  if (s.driveLimitsAreForces) joint.setConstraintFlag(PhysX.PxConstraintFlagEnum.eDRIVE_LIMITS_ARE_FORCES, true);
  const drive = new PhysX.PxD6JointDrive(s.stiffness, s.damping, s.forceLimit, s.acceleration);
  joint.setDrive(PhysX.PxD6DriveEnum['e' + s.drive], drive);
  joint.setDrivePosition(pose, true);
  const positions = [];
  for (let n = 0; n < c.steps; n++) {
    scene.simulate(c.dt);
    scene.fetchResults(true);
    const p = body.getGlobalPose();
    positions.push(c.angular ? 2 * Math.atan2(p.get_q().get_x(), p.get_q().get_w()) : p.get_p().get_x());
  }
  joint.release();
  body.release();
  return positions;
}

function articulation({ PhysX, physics }, scene, c, s) {
  const art = physics.createArticulationReducedCoordinate();
  art.setArticulationFlag(PhysX.PxArticulationFlagEnum.eFIX_BASE, true);
  if (s.driveLimitsAreForces) art.setArticulationFlag(PhysX.PxArticulationFlagEnum.eDRIVE_LIMITS_ARE_FORCES, true);
  art.setSolverIterationCounts(s.posIters, s.velIters);
  if (s.sleepThreshold !== undefined) art.setSleepThreshold(s.sleepThreshold);
  const ident = new PhysX.PxTransform(PhysX.PxIDENTITYEnum.PxIdentity);
  const root = art.createLink(null, ident);
  root.setMass(1);
  root.setMassSpaceInertiaTensor(new PhysX.PxVec3(1, 1, 1));
  const link = art.createLink(root, ident);
  link.setMass(c.mass);
  link.setMassSpaceInertiaTensor(new PhysX.PxVec3(c.mass, c.mass, c.mass));
  if (s.linearDamping !== undefined) link.setLinearDamping(s.linearDamping);
  if (s.angularDamping !== undefined) link.setAngularDamping(s.angularDamping);
  if (s.maxAngularVelocity !== undefined) link.setMaxAngularVelocity(s.maxAngularVelocity);
  if (s.maxLinearVelocity !== undefined) link.setMaxLinearVelocity(s.maxLinearVelocity);
  const j = link.getInboundJoint();
  const AX = PhysX.PxArticulationAxisEnum;
  const axis = c.angular ? AX.eTWIST : AX.eX;
  j.setJointType(c.angular ? PhysX.PxArticulationJointTypeEnum.eREVOLUTE : PhysX.PxArticulationJointTypeEnum.ePRISMATIC);
  j.setMotion(axis, PhysX.PxArticulationMotionEnum.eFREE);
  j.setParentPose(ident);
  j.setChildPose(ident);
  if (s.maxJointVelocity !== undefined) j.setMaxJointVelocity(s.maxJointVelocity);
  const drive = new PhysX.PxArticulationDrive(s.stiffness, s.damping, s.forceLimit, PhysX.PxArticulationDriveTypeEnum.eFORCE);
  j.setDriveParams(axis, drive);
  j.setDriveTarget(axis, TARGET, true);
  j.setDriveVelocity(axis, 0, true);
  scene.addArticulation(art);
  const positions = [];
  for (let n = 0; n < c.steps; n++) {
    scene.simulate(c.dt);
    scene.fetchResults(true);
    positions.push(j.getJointPosition(axis));
  }
  scene.removeArticulation(art);
  art.release();
  return positions;
}
