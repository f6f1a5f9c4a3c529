/**
 * The real PhysX 5.6.1 (npm physx-js-webidl) on a chain, for the chain twin's tests
 * (issue 48): a fixed-base PxArticulationReducedCoordinate whose root link sits at the
 * origin and whose links are the arm's, each on a revolute joint about z.
 *
 * A case is the core's description of an arm:
 *   { links: [{ length, mass, com, inertia }, ...], gravity, start: [q...], target: [q...],
 *     kp, kd, dt, steps, law: 'drive' | 'joint-pd', settings: { key: value } }
 * - `drive`: a PxArticulationDrive (eFORCE, stiffness kp, damping kd, no force limit)
 *   toward `target` on every joint;
 * - `joint-pd`: no drive; before each step every joint is given the effort
 *   `kp (target - q) - kd v` (PxArticulationCache jointForce, applyCache eFORCE) from the
 *   joint's position and speed as PhysX reports them.
 * `settings` may hold `frictionCoefficient` (every joint), `linearDamping` and
 * `angularDamping` (every link), `maxJointVelocity` (every joint), `sleepThreshold`,
 * `positionIterations` and `velocityIterations`; anything
 * else is refused, and what is not given keeps PhysX's default.
 * Returns the joint angles after each `simulate(dt)`, rad.
 *
 * Link k's frame sits at its joint, its x axis along the link; its centre of mass at
 * (com, 0, 0) (setCMassLocalPose), with the inertia on every axis. The joint frames are
 * turned so that the joint's twist axis (x) is the world's z; gravity is along -y.
 */
import { environment } from './physx.mjs';
import { applyAll } from './common.mjs';

/** `PX_MAX_F32`. */
const MAX_F32 = 3.4028234663852886e38;

export async function open() {
  const env = await environment();
  return { version: env.version, run: (c) => run(env, c) };
}

function run({ PhysX, physics, tolerances, dispatcher }, c) {
  const s = {};
  applyAll('physx-chain', c.settings ?? {}, {
    frictionCoefficient: (v) => (s.frictionCoefficient = v),
    linearDamping: (v) => (s.linearDamping = v),
    angularDamping: (v) => (s.angularDamping = v),
    positionIterations: (v) => (s.positionIterations = v),
    velocityIterations: (v) => (s.velocityIterations = v),
    maxJointVelocity: (v) => (s.maxJointVelocity = v),
    sleepThreshold: (v) => (s.sleepThreshold = v),
  });
  const sceneDesc = new PhysX.PxSceneDesc(tolerances);
  sceneDesc.set_gravity(new PhysX.PxVec3(0, -c.gravity, 0));
  sceneDesc.set_cpuDispatcher(dispatcher);
  sceneDesc.set_filterShader(PhysX.DefaultFilterShader());
  const scene = physics.createScene(sceneDesc);
  PhysX.destroy(sceneDesc);

  const art = physics.createArticulationReducedCoordinate();
  art.setArticulationFlag(PhysX.PxArticulationFlagEnum.eFIX_BASE, true);
  if (s.positionIterations !== undefined || s.velocityIterations !== undefined) {
    art.setSolverIterationCounts(s.positionIterations ?? 4, s.velocityIterations ?? 1);
  }
  if (s.sleepThreshold !== undefined) art.setSleepThreshold(s.sleepThreshold);
  const ident = new PhysX.PxTransform(PhysX.PxIDENTITYEnum.PxIdentity);
  const root = art.createLink(null, ident);
  root.setMass(1);
  root.setMassSpaceInertiaTensor(new PhysX.PxVec3(1, 1, 1));
  // The joint frame's x (the twist axis) turned onto the world's z: a quarter turn about -y.
  const h = Math.SQRT1_2;
  const zAxis = (x) => new PhysX.PxTransform(new PhysX.PxVec3(x, 0, 0), new PhysX.PxQuat(0, -h, 0, h));
  const AX = PhysX.PxArticulationAxisEnum.eTWIST;
  const joints = [];
  let parent = root;
  let angle = 0;
  const at = [0, 0];
  c.links.forEach((link, k) => {
    if (k > 0) {
      const l = c.links[k - 1].length;
      at[0] += l * Math.cos(angle);
      at[1] += l * Math.sin(angle);
    }
    angle += c.start[k];
    const pose = new PhysX.PxTransform(new PhysX.PxVec3(at[0], at[1], 0), new PhysX.PxQuat(0, 0, Math.sin(angle / 2), Math.cos(angle / 2)));
    const body = art.createLink(parent, pose);
    body.setMass(link.mass);
    body.setCMassLocalPose(new PhysX.PxTransform(new PhysX.PxVec3(link.com, 0, 0), new PhysX.PxQuat(0, 0, 0, 1)));
    body.setMassSpaceInertiaTensor(new PhysX.PxVec3(link.inertia, link.inertia, link.inertia));
    if (s.linearDamping !== undefined) body.setLinearDamping(s.linearDamping);
    if (s.angularDamping !== undefined) body.setAngularDamping(s.angularDamping);
    const j = body.getInboundJoint();
    j.setJointType(PhysX.PxArticulationJointTypeEnum.eREVOLUTE);
    j.setMotion(AX, PhysX.PxArticulationMotionEnum.eFREE);
    j.setParentPose(zAxis(k === 0 ? 0 : c.links[k - 1].length));
    j.setChildPose(zAxis(0));
    if (s.frictionCoefficient !== undefined) j.setFrictionCoefficient(s.frictionCoefficient);
    if (s.maxJointVelocity !== undefined) j.setMaxJointVelocity(s.maxJointVelocity);
    if (c.law === 'drive') {
      j.setDriveParams(AX, new PhysX.PxArticulationDrive(c.kp, c.kd, MAX_F32, PhysX.PxArticulationDriveTypeEnum.eFORCE));
      j.setDriveTarget(AX, c.target[k], true);
      j.setDriveVelocity(AX, 0, true);
    } else if (c.law !== 'joint-pd') {
      throw new Error(`physx-chain: no law ${c.law}`);
    }
    j.setJointPosition(AX, c.start[k]);
    j.setJointVelocity(AX, 0);
    joints.push(j);
    parent = body;
  });
  scene.addArticulation(art);

  const cache = c.law === 'joint-pd' ? art.createCache() : null;
  // The binding's jointForce is the address of the cache's pointer field: the array is
  // where that field points (setRealAt takes the array itself).
  const forces = cache ? PhysX.HEAPU32[cache.get_jointForce().ptr >> 2] : 0;
  const helpers = PhysX.NativeArrayHelpers.prototype;
  const forceFlag = new PhysX.PxArticulationCacheFlags(PhysX.PxArticulationCacheFlagEnum.eFORCE);
  const out = [];
  for (let n = 0; n < c.steps; n++) {
    if (cache) {
      joints.forEach((j, k) => {
        const tau = c.kp * (c.target[k] - j.getJointPosition(AX)) - c.kd * j.getJointVelocity(AX);
        helpers.setRealAt(forces, k, tau);
      });
      art.applyCache(cache, forceFlag, true);
    }
    scene.simulate(c.dt);
    scene.fetchResults(true);
    out.push(joints.map((j) => j.getJointPosition(AX)));
  }
  if (cache) cache.release();
  scene.removeArticulation(art);
  art.release();
  scene.release();
  return out;
}
