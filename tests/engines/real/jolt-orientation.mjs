/**
 * The real Jolt Physics for the orientation twin (crates/forcelab/src/engines/orientation/jolt.rs):
 * one dynamic body (a sphere of BODY_RADIUS, mass 1, principal moments `inertia` given
 * through MassProperties), no gravity, joined at its centre of mass to
 * Body::sFixedToWorld with identity frames by
 *   - `jolt-swing-twist`: a SwingTwistConstraint, twist axis x and plane axis z (so the
 *     constraint frame is the body frame), limits as open as Jolt allows (cones of half
 *     angle pi, twist in [-pi, pi]: every flag "free"), swing and twist motors in
 *     EMotorState::Position;
 *   - `jolt-six-dof`: a SixDOFConstraint, translations fixed, rotations free, the three
 *     rotation motors in EMotorState::Position;
 * both driven to SetTargetOrientationCS(target), with the spring the case's parameters
 * give (mFrequency and mDamping, or mStiffness and mDamping under springMode
 * StiffnessAndDamping) and torque limit (maxTorqueLimit, either way) on every motor. The
 * case is the `orientationCase` of ./common.mjs; every setting it carries is applied (an
 * unknown one throws), everything else is Jolt's default. Returns the orientation after
 * each update.
 */
import { applyAll, BODY_RADIUS } from './common.mjs';
import { VERSION, createWorld, loadJolt, springOn } from './jolt.mjs';

/** Runs every case; returns `{ version, results: [{ orientations, resets }] }`. */
export async function runAll(cases) {
  const Jolt = await loadJolt();
  return { version: VERSION, results: cases.map((c) => run(Jolt, c)) };
}

const count = (v) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`jolt: ${v} is not a count`);
  return n;
};
const flag = (v) => {
  if (v !== 'true' && v !== 'false' && typeof v !== 'boolean') throw new Error(`jolt: ${v} is not a flag`);
  return v === true || v === 'true';
};

function run(Jolt, c) {
  const { jolt, system, bodies } = createWorld(Jolt);
  const bcs = new Jolt.BodyCreationSettings(
    new Jolt.SphereShape(BODY_RADIUS, null), new Jolt.RVec3(0, 0, 0), new Jolt.Quat(0, 0, 0, 1), Jolt.EMotionType_Dynamic, 1);
  bcs.mOverrideMassProperties = Jolt.EOverrideMassProperties_MassAndInertiaProvided;
  const mp = new Jolt.MassProperties();
  mp.mMass = 1;
  mp.mInertia = Jolt.Mat44.prototype.sScaleVec3(new Jolt.Vec3(...c.inertia));
  bcs.mMassPropertiesOverride = mp;
  bcs.mAngularVelocity = new Jolt.Vec3(...c.spin);
  let collisionSteps = 1;
  let mode = 'FrequencyAndDamping';
  let torqueLimit;
  const physics = system.GetPhysicsSettings();
  applyAll('jolt', c.settings, {
    springMode: (v) => {
      if (v !== 'FrequencyAndDamping' && v !== 'StiffnessAndDamping') throw new Error(`jolt: spring mode ${v}`);
      mode = v;
    },
    collisionSteps: (v) => (collisionSteps = count(v)),
    numVelocitySteps: (v) => (physics.mNumVelocitySteps = count(v)),
    numPositionSteps: (v) => (physics.mNumPositionSteps = count(v)),
    angularDamping: (v) => (bcs.mAngularDamping = Number(v)),
    maxAngularVelocity: (v) => (bcs.mMaxAngularVelocity = Number(v)),
    maxTorqueLimit: (v) => (torqueLimit = Number(v)),
    allowSleeping: (v) => (bcs.mAllowSleeping = flag(v)),
    applyGyroscopicForce: (v) => (bcs.mApplyGyroscopicForce = flag(v)),
  });
  system.SetPhysicsSettings(physics);
  const body = bodies.CreateBody(bcs);
  Jolt.destroy(bcs);
  bodies.AddBody(body.GetID(), Jolt.EActivation_Activate);
  const anchor = Jolt.JoltInterface.prototype.sGetFixedToWorldBody();

  /** The case's spring on one MotorSettings. */
  const motor = (ms) => {
    springOn(Jolt, ms, mode, c);
    if (torqueLimit !== undefined) {
      ms.mMinTorqueLimit = -torqueLimit;
      ms.mMaxTorqueLimit = torqueLimit;
    }
  };
  const [w, x, y, z] = c.target;
  const target = new Jolt.Quat(x, y, z, w);
  let constraint;
  if (c.id === 'jolt-swing-twist') {
    const cs = new Jolt.SwingTwistConstraintSettings();
    cs.mPosition1 = cs.mPosition2 = new Jolt.RVec3(0, 0, 0);
    cs.mTwistAxis1 = cs.mTwistAxis2 = new Jolt.Vec3(1, 0, 0);
    cs.mPlaneAxis1 = cs.mPlaneAxis2 = new Jolt.Vec3(0, 0, 1);
    cs.mNormalHalfConeAngle = cs.mPlaneHalfConeAngle = Math.PI;
    cs.mTwistMinAngle = -Math.PI;
    cs.mTwistMaxAngle = Math.PI;
    const swing = cs.mSwingMotorSettings;
    motor(swing);
    cs.mSwingMotorSettings = swing;
    const twist = cs.mTwistMotorSettings;
    motor(twist);
    cs.mTwistMotorSettings = twist;
    constraint = Jolt.castObject(cs.Create(anchor, body), Jolt.SwingTwistConstraint);
    Jolt.destroy(cs);
    constraint.SetSwingMotorState(Jolt.EMotorState_Position);
    constraint.SetTwistMotorState(Jolt.EMotorState_Position);
  } else if (c.id === 'jolt-six-dof') {
    const cs = new Jolt.SixDOFConstraintSettings();
    cs.mPosition1 = cs.mPosition2 = new Jolt.RVec3(0, 0, 0);
    cs.mAxisX1 = cs.mAxisX2 = new Jolt.Vec3(1, 0, 0);
    cs.mAxisY1 = cs.mAxisY2 = new Jolt.Vec3(0, 1, 0);
    const rotations = [Jolt.SixDOFConstraintSettings_EAxis_RotationX, Jolt.SixDOFConstraintSettings_EAxis_RotationY,
      Jolt.SixDOFConstraintSettings_EAxis_RotationZ];
    for (const a of [Jolt.SixDOFConstraintSettings_EAxis_TranslationX, Jolt.SixDOFConstraintSettings_EAxis_TranslationY,
      Jolt.SixDOFConstraintSettings_EAxis_TranslationZ]) cs.MakeFixedAxis(a);
    for (const a of rotations) {
      cs.MakeFreeAxis(a);
      const ms = cs.get_mMotorSettings(a);
      motor(ms);
      cs.set_mMotorSettings(a, ms);
    }
    constraint = Jolt.castObject(cs.Create(anchor, body), Jolt.SixDOFConstraint);
    Jolt.destroy(cs);
    for (const a of rotations) constraint.SetMotorState(a, Jolt.EMotorState_Position);
  } else throw new Error(`jolt: no orientation entry ${c.id}`);
  constraint.SetTargetOrientationCS(target);
  system.AddConstraint(constraint);

  const orientations = [];
  for (let i = 0; i < c.steps; i++) {
    jolt.Step(c.dt, collisionSteps);
    const q = body.GetRotation();
    orientations.push([q.GetW(), q.GetX(), q.GetY(), q.GetZ()]);
  }
  system.RemoveConstraint(constraint);
  bodies.RemoveBody(body.GetID());
  bodies.DestroyBody(body.GetID());
  Jolt.destroy(jolt);
  return { orientations, resets: [] };
}
