/**
 * The real Box2D v3 (npm box2d3-wasm): a circle of BODY_RADIUS with mass m and
 * rotational inertia m (b2Body_SetMassData), on a prismatic joint along x or a
 * revolute joint to a static body, with enableSpring, hertz, dampingRatio and
 * targetTranslation / targetAngle at TARGET, no gravity. Reads x, or the exact angle
 * atan2(s, c) of the body's rotation.
 */
import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';
import { applyAll, knob, BODY_RADIUS, TARGET } from './common.mjs';

// The package's exports hide its package.json: read it from the installed folder.
const pkg = JSON.parse(readFileSync(new URL('../../../node_modules/box2d3-wasm/package.json', import.meta.url), 'utf8'));

export async function open() {
  // The threaded build sizes its pool from navigator.hardwareConcurrency, which Node 20
  // lacks; the world itself runs on one thread (workerCount 0).
  globalThis.navigator ??= {};
  globalThis.navigator.hardwareConcurrency ??= cpus().length;
  const { default: factory } = await import('box2d3-wasm');
  const B = await factory();
  return { version: `box2d3-wasm ${pkg.version} (Box2D v3.1.1-18, commit 3a4f0da8)`, run: (c) => run(B, c) };
}

function run(B, c) {
  if (c.id !== 'box2d-v3') throw new Error(`box2d: no entry ${c.id}`);
  const world = B.b2DefaultWorldDef();
  world.gravity = new B.b2Vec2(0, 0);
  const def = B.b2DefaultBodyDef();
  def.type = B.b2BodyType.b2_dynamicBody;
  def.position = new B.b2Vec2(0, 0);
  let subSteps = 4;
  let warmStarting = true;
  applyAll('box2d', c.settings, {
    subStepCount: (v) => (subSteps = v),
    enableSleep: (v) => (world.enableSleep = v),
    sleepThreshold: (v) => (def.sleepThreshold = v),
    allowFastRotation: (v) => (def.allowFastRotation = v),
    linearDamping: (v) => (def.linearDamping = v),
    angularDamping: (v) => (def.angularDamping = v),
    maximumLinearSpeed: (v) => (world.maximumLinearSpeed = v),
    enableWarmStarting: (v) => (warmStarting = v),
  });
  const worldId = B.b2CreateWorld(world);
  B.b2World_EnableWarmStarting(worldId, warmStarting);
  const ground = B.b2DefaultBodyDef();
  ground.position = new B.b2Vec2(0, 0);
  const groundId = B.b2CreateBody(worldId, ground);
  const bodyId = B.b2CreateBody(worldId, def);
  const circle = new B.b2Circle();
  circle.center = new B.b2Vec2(0, 0);
  circle.radius = BODY_RADIUS;
  B.b2CreateCircleShape(bodyId, B.b2DefaultShapeDef(), circle);
  const mass = new B.b2MassData();
  mass.mass = c.mass;
  mass.center = new B.b2Vec2(0, 0);
  mass.rotationalInertia = c.mass;
  B.b2Body_SetMassData(bodyId, mass);
  const joint = c.angular ? B.b2DefaultRevoluteJointDef() : B.b2DefaultPrismaticJointDef();
  if (c.angular) joint.targetAngle = TARGET;
  else joint.targetTranslation = TARGET;
  joint.base.bodyIdA = groundId;
  joint.base.bodyIdB = bodyId;
  joint.enableSpring = true;
  joint.hertz = knob(c, 'hertz');
  joint.dampingRatio = knob(c, 'dampingRatio');
  if (c.angular) B.b2CreateRevoluteJoint(worldId, joint);
  else B.b2CreatePrismaticJoint(worldId, joint);
  const positions = [];
  for (let i = 0; i < c.steps; i++) {
    B.b2World_Step(worldId, c.dt, subSteps);
    if (c.angular) {
      const q = B.b2Body_GetRotation(bodyId);
      positions.push(Math.atan2(q.s, q.c));
    } else positions.push(B.b2Body_GetPosition(bodyId).x);
  }
  B.b2DestroyWorld(worldId);
  return positions;
}
