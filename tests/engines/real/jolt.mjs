/**
 * The real Jolt Physics (npm jolt-physics, its single-threaded wasm-compat build): a
 * ball of BODY_RADIUS, mass m and inertia m on every axis, on a SliderConstraint along
 * x or a HingeConstraint about z to Body::sFixedToWorld, motor in Position mode toward
 * TARGET, no gravity. Reads the position, or the angle 2 atan2(qz, qw).
 */
import initJolt from 'jolt-physics/wasm-compat';
import { createRequire } from 'node:module';
import { applyAll, knob, BODY_RADIUS, TARGET } from './common.mjs';

const pkg = createRequire(import.meta.url)('jolt-physics/package.json');

/** The package and the JoltPhysics source it builds. */
export const VERSION = `jolt-physics ${pkg.version} (JoltPhysics v5.6.0)`;

let loaded;
/** The Jolt module, loaded once per process (tests/engines/real/jolt-orientation.mjs shares it). */
export function loadJolt() {
  loaded ??= initJolt();
  return loaded;
}

export async function open() {
  const Jolt = await loadJolt();
  return { version: VERSION, run: (c) => run(Jolt, c) };
}

/**
 * Gives a MotorSettings the case's spring: in `mode` "FrequencyAndDamping" its
 * `mFrequency` (Hz), otherwise its `mStiffness`; and its `mDamping` either way.
 */
export function springOn(Jolt, ms, mode, c) {
  const spring = ms.mSpringSettings;
  if (mode === 'FrequencyAndDamping') {
    spring.mMode = Jolt.ESpringMode_FrequencyAndDamping;
    spring.mFrequency = knob(c, 'mFrequency');
  } else {
    spring.mMode = Jolt.ESpringMode_StiffnessAndDamping;
    spring.mStiffness = knob(c, 'mStiffness');
  }
  spring.mDamping = knob(c, 'mDamping');
  ms.mSpringSettings = spring;
}

/**
 * A fresh single-threaded JoltInterface with two object layers and no gravity, at Jolt's
 * defaults otherwise: `{ jolt, system, bodies }`. The caller destroys `jolt`.
 */
export function createWorld(Jolt) {
  const settings = new Jolt.JoltSettings();
  settings.mMaxWorkerThreads = 0;
  const objectFilter = new Jolt.ObjectLayerPairFilterTable(2);
  objectFilter.EnableCollision(0, 1);
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
  const bodies = system.GetBodyInterface();
  system.SetGravity(new Jolt.Vec3(0, 0, 0));
  return { jolt, system, bodies };
}

function run(Jolt, c) {
  const { jolt, system, bodies } = createWorld(Jolt);
  const bcs = new Jolt.BodyCreationSettings(
    new Jolt.SphereShape(BODY_RADIUS, null), new Jolt.RVec3(0, 0, 0), new Jolt.Quat(0, 0, 0, 1), Jolt.EMotionType_Dynamic, 1);
  bcs.mOverrideMassProperties = Jolt.EOverrideMassProperties_MassAndInertiaProvided;
  const mp = new Jolt.MassProperties();
  mp.mMass = c.mass;
  mp.mInertia = Jolt.Mat44.prototype.sScaleVec3(new Jolt.Vec3(c.mass, c.mass, c.mass));
  bcs.mMassPropertiesOverride = mp;
  let collisionSteps = 1;
  const physics = system.GetPhysicsSettings();
  applyAll('jolt', c.settings, {
    collisionSteps: (v) => (collisionSteps = v),
    linearDamping: (v) => (bcs.mLinearDamping = v),
    angularDamping: (v) => (bcs.mAngularDamping = v),
    maxLinearVelocity: (v) => (bcs.mMaxLinearVelocity = v),
    maxAngularVelocity: (v) => (bcs.mMaxAngularVelocity = v),
    allowSleeping: (v) => (bcs.mAllowSleeping = v),
    numVelocitySteps: (v) => (physics.mNumVelocitySteps = v),
  });
  system.SetPhysicsSettings(physics);
  const body = bodies.CreateBody(bcs);
  Jolt.destroy(bcs);
  bodies.AddBody(body.GetID(), Jolt.EActivation_Activate);
  const anchor = Jolt.JoltInterface.prototype.sGetFixedToWorldBody();

  const mode = { 'jolt-frequency': 'FrequencyAndDamping', 'jolt-stiffness': 'StiffnessAndDamping' }[c.id];
  if (!mode) throw new Error(`jolt: no entry ${c.id}`);
  const motor = (ms) => springOn(Jolt, ms, mode, c);
  let constraint;
  let read;
  if (!c.angular) {
    const cs = new Jolt.SliderConstraintSettings();
    cs.mAutoDetectPoint = false;
    cs.mPoint1 = new Jolt.RVec3(0, 0, 0);
    cs.mPoint2 = new Jolt.RVec3(0, 0, 0);
    cs.mSliderAxis1 = cs.mSliderAxis2 = new Jolt.Vec3(1, 0, 0);
    cs.mNormalAxis1 = cs.mNormalAxis2 = new Jolt.Vec3(0, 1, 0);
    const ms = cs.mMotorSettings;
    motor(ms);
    cs.mMotorSettings = ms;
    constraint = Jolt.castObject(cs.Create(anchor, body), Jolt.SliderConstraint);
    Jolt.destroy(cs);
    constraint.SetMotorState(Jolt.EMotorState_Position);
    constraint.SetTargetPosition(TARGET);
    read = () => body.GetPosition().GetX();
  } else {
    const cs = new Jolt.HingeConstraintSettings();
    cs.mPoint1 = new Jolt.RVec3(0, 0, 0);
    cs.mPoint2 = new Jolt.RVec3(0, 0, 0);
    cs.mHingeAxis1 = cs.mHingeAxis2 = new Jolt.Vec3(0, 0, 1);
    cs.mNormalAxis1 = cs.mNormalAxis2 = new Jolt.Vec3(1, 0, 0);
    const ms = cs.mMotorSettings;
    motor(ms);
    cs.mMotorSettings = ms;
    constraint = Jolt.castObject(cs.Create(anchor, body), Jolt.HingeConstraint);
    Jolt.destroy(cs);
    constraint.SetMotorState(Jolt.EMotorState_Position);
    constraint.SetTargetAngle(TARGET);
    read = () => {
      const q = body.GetRotation();
      return 2 * Math.atan2(q.GetZ(), q.GetW());
    };
  }
  system.AddConstraint(constraint);
  const positions = [];
  for (let i = 0; i < c.steps; i++) {
    jolt.Step(c.dt, collisionSteps);
    positions.push(read());
  }
  system.RemoveConstraint(constraint);
  bodies.RemoveBody(body.GetID());
  bodies.DestroyBody(body.GetID());
  Jolt.destroy(jolt);
  return positions;
}
