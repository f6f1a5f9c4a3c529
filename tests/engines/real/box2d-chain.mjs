/**
 * The real Box2D v3 (npm box2d3-wasm, Box2D v3.1.1-18) on the arm of the chain command
 * (issue 48), in maximal coordinates: one dynamic body per link (its origin at the
 * link's centre of mass, `b2Body_SetMassData` with the link's mass and inertia about
 * it, no shape), each joined to the link before (the first to a static body at the
 * origin) by a revolute joint whose local frames sit at the two links' ends with no
 * turn, so the joint angle is the chain's. Gravity along -y. See
 * tests/engines/real/arm.mjs for the case and the result.
 *
 * Drives:
 * - `spring`: `enableSpring` toward `targetAngle`. Box2D's revolute spring
 *   (src/revolute_joint.c, `b2PrepareRevoluteJoint` and the spring block of
 *   `b2SolveRevoluteJoint`) is a soft row on the joint's axial mass
 *   `m = 1 / (iA + iB)` (the two bodies' inverse inertias about their centres; 0 for the
 *   static body) with `b2MakeSoft(hertz, dampingRatio, h)` (src/solver.h), which is the
 *   implicit spring of stiffness `m w^2` and damping `2 m zeta w`, `w = 2 pi hertz`; so
 *   `hertz = sqrt(kp / m) / (2 pi)` and `dampingRatio = kd / (2 sqrt(kp m))` give kp and
 *   kd (the core's twin of one spring, crates/forcelab/src/engines/box2d.rs, is checked
 *   against this package).
 * - `torque`: no spring; the per-joint PD as body torques (`b2Body_ApplyTorque`, waking;
 *   Box2D clears them after each step) before each step.
 *
 * Box2D's defaults otherwise: 4 sub-steps (`b2World_Step`'s subStepCount, as its
 * documentation and samples use), warm starting, the joints' own softness at the
 * world's defaults (the binding exposes no setting for it; `contactHertz` 30 and
 * `contactDampingRatio` 10 are what it shows of `b2DefaultWorldDef`), sleeping, no body
 * damping; gravity set to 9.81 (Box2D's default is 10). `settings` may hold `subStepCount`; anything else is
 * refused.
 */
import { cpus } from 'node:os';
import { readFileSync } from 'node:fs';
import { applyAll } from './common.mjs';
import { anchors, axialMass, jointPdTorques, pose, toWorld, largestGap, Unwrap } from './arm.mjs';

const pkg = JSON.parse(readFileSync(new URL('../../../node_modules/box2d3-wasm/package.json', import.meta.url), 'utf8'));

export const DRIVES = ['spring', 'torque'];

export async function open() {
  globalThis.navigator ??= {};
  globalThis.navigator.hardwareConcurrency ??= cpus().length;
  const { default: factory } = await import('box2d3-wasm');
  const B = await factory();
  return { version: `box2d3-wasm ${pkg.version} (Box2D v3.1.1-18, commit 3a4f0da8)`, run: (c) => run(B, c) };
}

function run(B, c) {
  if (!DRIVES.includes(c.drive)) throw new Error(`box2d-chain: no drive ${c.drive}`);
  let subSteps = 4;
  applyAll('box2d-chain', c.settings ?? {}, { subStepCount: (v) => (subSteps = v) });
  const def = B.b2DefaultWorldDef();
  def.gravity = new B.b2Vec2(0, -c.gravity);
  const worldId = B.b2CreateWorld(def);
  const groundDef = B.b2DefaultBodyDef();
  groundDef.position = new B.b2Vec2(0, 0);
  const ground = B.b2CreateBody(worldId, groundDef);
  const start = pose(c.links, c.start);
  const links = c.links.map((link, k) => {
    const bd = B.b2DefaultBodyDef();
    bd.type = B.b2BodyType.b2_dynamicBody;
    bd.position = new B.b2Vec2(start[k].center[0], start[k].center[1]);
    bd.rotation = B.b2MakeRot(start[k].angle);
    const id = B.b2CreateBody(worldId, bd);
    const mass = new B.b2MassData();
    mass.mass = link.mass;
    mass.center = new B.b2Vec2(0, 0);
    mass.rotationalInertia = link.inertia;
    B.b2Body_SetMassData(id, mass);
    return id;
  });
  const frame = (p) => {
    const t = new B.b2Transform();
    t.p = new B.b2Vec2(p[0], p[1]);
    t.q = B.b2MakeRot(0);
    return t;
  };
  c.links.forEach((_, k) => {
    const a = anchors(c.links, k);
    const jd = B.b2DefaultRevoluteJointDef();
    jd.base.bodyIdA = k === 0 ? ground : links[k - 1];
    jd.base.bodyIdB = links[k];
    jd.base.localFrameA = frame(a.parent ?? [0, 0]);
    jd.base.localFrameB = frame(a.child);
    if (c.drive === 'spring') {
      const m = axialMass(c.links, k);
      jd.enableSpring = true;
      jd.targetAngle = c.target[k];
      jd.hertz = Math.sqrt(c.kp / m) / (2 * Math.PI);
      jd.dampingRatio = c.kd / (2 * Math.sqrt(c.kp * m));
    }
    B.b2CreateRevoluteJoint(worldId, jd);
  });

  const unwrap = new Unwrap(c.links, c.start);
  const angle = (id) => {
    const r = B.b2Body_GetRotation(id);
    return Math.atan2(r.s, r.c);
  };
  const center = (id) => {
    const p = B.b2Body_GetPosition(id);
    return [p.x, p.y];
  };
  const gap = () => largestGap(c.links.map((_, k) => {
    const a = anchors(c.links, k);
    const child = toWorld(center(links[k]), angle(links[k]), a.child);
    const parent = a.parent ? toWorld(center(links[k - 1]), angle(links[k - 1]), a.parent) : [0, 0, 0];
    return [parent, child];
  }));
  let q = c.start.slice();
  const out = { q: [], gap: [] };
  for (let n = 0; n < c.steps; n++) {
    if (c.drive === 'torque') {
      const qd = Unwrap.rates(links.map((id) => B.b2Body_GetAngularVelocity(id)));
      jointPdTorques(c, q, qd).forEach((tau, k) => B.b2Body_ApplyTorque(links[k], tau, true));
    }
    B.b2World_Step(worldId, c.dt, subSteps);
    q = unwrap.joints(links.map(angle));
    out.q.push(q);
    out.gap.push(gap());
  }
  B.b2DestroyWorld(worldId);
  return out;
}
