/**
 * The real Jolt Physics (npm jolt-physics, JoltPhysics v5.6.0) on the arm of the chain
 * command (issue 48), in maximal coordinates: one dynamic body per link (its origin at
 * the link's centre of mass, mass and inertia given, `EOverrideMassProperties_
 * MassAndInertiaProvided`, a small sphere in an object layer that does not collide with
 * itself), each joined to the link before (the first to `Body::sFixedToWorld`) by a
 * HingeConstraint about z in `EConstraintSpace::LocalToBodyCOM`, its points at the two
 * links' ends and both normal axes along x, so the hinge's angle is the chain's joint
 * angle. Gravity along -y. See tests/engines/real/arm.mjs for the case and the result.
 *
 * Drives:
 * - `motor-stiffness`: the hinge motor in `EMotorState_Position` toward the target, its
 *   spring in `ESpringMode_StiffnessAndDamping` at `mStiffness = kp` (N m/rad) and
 *   `mDamping = kd` (N m s/rad): `SpringPart::CalculateSpringPropertiesWithStiffnessAndDamping`
 *   (Jolt/Physics/Constraints/ConstraintPart/SpringPart.h) takes them as the spring's
 *   own k and c, the motor solved as one soft row per velocity step (the core's twin of
 *   it, crates/forcelab/src/engines/jolt.rs, is checked against this package).
 * - `motor-frequency`: the same motor in `ESpringMode_FrequencyAndDamping`, converted
 *   through the row's effective mass `m = 1 / (1/I_before + 1/I_after)` (the links'
 *   inertias about their centres; the world's inverse inertia 0): `SpringPart` sets
 *   `k = m w^2`, `c = 2 m zeta w` with `w = 2 pi mFrequency`, so `mFrequency =
 *   sqrt(kp / m) / (2 pi)` and `mDamping = kd / (2 sqrt(kp m))` give kp and kd again.
 * - `torque`: no motor; the per-joint PD as body torques (`BodyInterface::AddTorque`,
 *   activating) before each step.
 * The motor's torque limits stay at their defaults (`-FLT_MAX`, `FLT_MAX`).
 *
 * Jolt's defaults otherwise: one collision step per update, 10 velocity and 2 position
 * steps (`PhysicsSettings::mNumVelocitySteps`, `mNumPositionSteps`), Baumgarte 0.2,
 * sleeping allowed, the speed caps (500 m/s, 0.25 pi * 60 rad/s). One exception: the
 * bodies' linear and angular damping (0.05 1/s each by default) are set to 0, as the
 * ideal chain has none: the drift measured is the joints', not the bodies' drag.
 * `settings` may hold `numVelocitySteps` and `numPositionSteps`; anything else is refused.
 */
import { loadJolt, VERSION } from './jolt.mjs';
import { applyAll } from './common.mjs';
import { anchors, axialMass, jointPdTorques, pose, toWorld3, largestGap, Unwrap } from './arm.mjs';

export const DRIVES = ['motor-stiffness', 'motor-frequency', 'torque'];

export async function open() {
  const Jolt = await loadJolt();
  return { version: VERSION, run: (c) => run(Jolt, c) };
}

/** A single-threaded JoltInterface at Jolt's defaults; object layer 0 collides with nothing. */
function createWorld(Jolt, gravity) {
  const settings = new Jolt.JoltSettings();
  settings.mMaxWorkerThreads = 0;
  const objectFilter = new Jolt.ObjectLayerPairFilterTable(2);
  objectFilter.EnableCollision(1, 1);
  const bp = new Jolt.BroadPhaseLayerInterfaceTable(2, 2);
  bp.MapObjectToBroadPhaseLayer(0, new Jolt.BroadPhaseLayer(0));
  bp.MapObjectToBroadPhaseLayer(1, new Jolt.BroadPhaseLayer(1));
  settings.mObjectLayerPairFilter = objectFilter;
  settings.mBroadPhaseLayerInterface = bp;
  settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(bp, 2, objectFilter, 2);
  const jolt = new Jolt.JoltInterface(settings);
  Jolt.destroy(settings);
  const system = jolt.GetPhysicsSystem();
  system.SetGravity(new Jolt.Vec3(0, -gravity, 0));
  return { jolt, system, bodies: system.GetBodyInterface() };
}

function run(Jolt, c) {
  if (!DRIVES.includes(c.drive)) throw new Error(`jolt-chain: no drive ${c.drive}`);
  const { jolt, system, bodies } = createWorld(Jolt, c.gravity);
  const physics = system.GetPhysicsSettings();
  applyAll('jolt-chain', c.settings ?? {}, {
    numVelocitySteps: (v) => (physics.mNumVelocitySteps = v),
    numPositionSteps: (v) => (physics.mNumPositionSteps = v),
  });
  system.SetPhysicsSettings(physics);
  const start = pose(c.links, c.start);
  const links = c.links.map((link, k) => {
    const { angle, center } = start[k];
    const bcs = new Jolt.BodyCreationSettings(new Jolt.SphereShape(0.01, null), new Jolt.RVec3(center[0], center[1], 0),
      new Jolt.Quat(0, 0, Math.sin(angle / 2), Math.cos(angle / 2)), Jolt.EMotionType_Dynamic, 0);
    bcs.mOverrideMassProperties = Jolt.EOverrideMassProperties_MassAndInertiaProvided;
    const mp = new Jolt.MassProperties();
    mp.mMass = link.mass;
    mp.mInertia = Jolt.Mat44.prototype.sScaleVec3(new Jolt.Vec3(link.inertia, link.inertia, link.inertia));
    bcs.mMassPropertiesOverride = mp;
    bcs.mLinearDamping = 0;
    bcs.mAngularDamping = 0;
    const body = bodies.CreateBody(bcs);
    Jolt.destroy(bcs);
    bodies.AddBody(body.GetID(), Jolt.EActivation_Activate);
    return body;
  });
  const world = Jolt.JoltInterface.prototype.sGetFixedToWorldBody();
  const z = new Jolt.Vec3(0, 0, 1);
  const x = new Jolt.Vec3(1, 0, 0);
  const hinges = c.links.map((link, k) => {
    const a = anchors(c.links, k);
    const cs = new Jolt.HingeConstraintSettings();
    cs.mSpace = Jolt.EConstraintSpace_LocalToBodyCOM;
    cs.mPoint1 = a.parent ? new Jolt.RVec3(a.parent[0], a.parent[1], 0) : new Jolt.RVec3(0, 0, 0);
    cs.mPoint2 = new Jolt.RVec3(a.child[0], a.child[1], 0);
    cs.mHingeAxis1 = cs.mHingeAxis2 = z;
    cs.mNormalAxis1 = cs.mNormalAxis2 = x;
    if (c.drive !== 'torque') {
      const ms = cs.mMotorSettings;
      const spring = ms.mSpringSettings;
      if (c.drive === 'motor-stiffness') {
        spring.mMode = Jolt.ESpringMode_StiffnessAndDamping;
        spring.mStiffness = c.kp;
        spring.mDamping = c.kd;
      } else {
        const m = axialMass(c.links, k);
        spring.mMode = Jolt.ESpringMode_FrequencyAndDamping;
        spring.mFrequency = Math.sqrt(c.kp / m) / (2 * Math.PI);
        spring.mDamping = c.kd / (2 * Math.sqrt(c.kp * m));
      }
      ms.mSpringSettings = spring;
      cs.mMotorSettings = ms;
    }
    const hinge = Jolt.castObject(cs.Create(k === 0 ? world : links[k - 1], links[k]), Jolt.HingeConstraint);
    Jolt.destroy(cs);
    if (c.drive !== 'torque') {
      hinge.SetMotorState(Jolt.EMotorState_Position);
      hinge.SetTargetAngle(c.target[k]);
    }
    system.AddConstraint(hinge);
    return hinge;
  });

  const unwrap = new Unwrap(c.links, c.start);
  const angles = () => links.map((b) => {
    const q = b.GetRotation();
    return 2 * Math.atan2(q.GetZ(), q.GetW());
  });
  const quat = (b) => {
    const q = b.GetRotation();
    return { x: q.GetX(), y: q.GetY(), z: q.GetZ(), w: q.GetW() };
  };
  const center = (b) => {
    const p = b.GetCenterOfMassPosition();
    return [p.GetX(), p.GetY(), p.GetZ()];
  };
  const gap = () => largestGap(c.links.map((_, k) => {
    const a = anchors(c.links, k);
    const child = toWorld3(center(links[k]), quat(links[k]), a.child);
    const parent = a.parent ? toWorld3(center(links[k - 1]), quat(links[k - 1]), a.parent) : [0, 0, 0];
    return [parent, child];
  }));
  let q = c.start.slice();
  const out = { q: [], gap: [] };
  for (let n = 0; n < c.steps; n++) {
    if (c.drive === 'torque') {
      const qd = Unwrap.rates(links.map((b) => b.GetAngularVelocity().GetZ()));
      jointPdTorques(c, q, qd).forEach((tau, k) => bodies.AddTorque(links[k].GetID(), new Jolt.Vec3(0, 0, tau), Jolt.EActivation_Activate));
    }
    jolt.Step(c.dt, 1);
    q = unwrap.joints(angles());
    out.q.push(q);
    out.gap.push(gap());
  }
  // The hinge's own angle must be the joint angle read from the bodies (same frame).
  hinges.forEach((h, k) => {
    const d = h.GetCurrentAngle() - q[k];
    if (Math.abs(d - 2 * Math.PI * Math.round(d / (2 * Math.PI))) > 1e-3) throw new Error(`jolt-chain: hinge ${k} reads ${h.GetCurrentAngle()}, the bodies ${q[k]}`);
  });
  hinges.forEach((h) => system.RemoveConstraint(h));
  links.forEach((b) => {
    bodies.RemoveBody(b.GetID());
    bodies.DestroyBody(b.GetID());
  });
  Jolt.destroy(jolt);
  return out;
}
