/**
 * What the maximal-coordinate arm harnesses share (jolt-chain.mjs, rapier-chain.mjs,
 * box2d-chain.mjs, issue 48): the arm of the chain command as free bodies, one per
 * link, placed at the start pose; the joint angles read back from the bodies' own
 * angles; the per-joint PD as equal and opposite body torques; and how far apart each
 * joint's two anchors drift.
 *
 * A case is the core's description of an arm, as tests/engines/real/physx-chain.mjs
 * takes it:
 *   { links: [{ length, mass, com, inertia }, ...], gravity, start: [q...], target: [q...],
 *     kp, kd, dt, steps, drive }
 * with `drive` one of the harness's drives (its own motor or spring, or `torque`: the
 * per-joint PD `kp (target - q) - kd qd` applied before each step as +tau on the link
 * after the joint and -tau on the link before it). Angles as the chain command gives
 * them: the first joint's from +x, each later one relative to the link before, gravity
 * along -y. A harness returns `{ q, gap }`: `q` the joint angles after each step
 * (continuous, not wrapped), `gap` the largest distance between a joint's two anchors
 * after each step (m).
 *
 * Each link is a body whose origin is its centre of mass, `com` along its local x axis
 * from its joint; its inertia `inertia` about the centre of mass on every axis.
 */

/** Each link's absolute angle (rad) and centre of mass (m) at the joint angles `q`. */
export function pose(links, q) {
  let angle = 0;
  let at = [0, 0];
  return links.map((link, k) => {
    angle += q[k];
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    const body = { angle, center: [at[0] + link.com * c, at[1] + link.com * s] };
    at = [at[0] + link.length * c, at[1] + link.length * s];
    return body;
  });
}

/**
 * The anchors of joint k in its two bodies' frames (centre of mass at the origin, the
 * link along x): on the link before, its far end (`null` for the first joint, whose
 * anchor is the world's origin); on link k, its near end.
 */
export function anchors(links, k) {
  return {
    parent: k === 0 ? null : [links[k - 1].length - links[k - 1].com, 0],
    child: [-links[k].com, 0],
  };
}

/**
 * Reads the joint angles continuously from the links' absolute angles as the engine
 * gives them (each in (-pi, pi] or any other 2 pi window): every link's angle is
 * carried on from the last reading by the wrapped change, so a joint that passes pi
 * keeps counting.
 */
export class Unwrap {
  constructor(links, start) {
    this.angles = pose(links, start).map((b) => b.angle);
  }

  /** The joint angles from the links' angles as read now. */
  joints(read) {
    this.angles = this.angles.map((last, k) => {
      const d = read[k] - last;
      return last + d - 2 * Math.PI * Math.round(d / (2 * Math.PI));
    });
    return this.angles.map((a, k) => (k === 0 ? a : a - this.angles[k - 1]));
  }

  /** The joint rates from the links' spins (rad/s). */
  static rates(spins) {
    return spins.map((w, k) => (k === 0 ? w : w - spins[k - 1]));
  }
}

/**
 * The per-joint PD as body torques: `tau_k = kp (target_k - q_k) - kd qd_k` on link k,
 * and `-tau_k` on link k - 1 (none on the world). Returns each link's net torque (N m).
 */
export function jointPdTorques(c, q, qd) {
  const net = c.links.map(() => 0);
  q.forEach((qk, k) => {
    const tau = c.kp * (c.target[k] - qk) - c.kd * qd[k];
    net[k] += tau;
    if (k > 0) net[k - 1] -= tau;
  });
  return net;
}

/**
 * The axial (effective) mass of joint k's angular row in a maximal-coordinate solver:
 * `1 / (1/I_(k-1) + 1/I_k)` from the links' inertias about their centres of mass, the
 * world's inverse inertia being 0 (kg m^2). What Box2D's revolute spring
 * (`axialMass`), Jolt's frequency-mode motor and Rapier's acceleration-based motor
 * scale their softness by.
 */
export function axialMass(links, k) {
  const inv = (k === 0 ? 0 : 1 / links[k - 1].inertia) + 1 / links[k].inertia;
  return 1 / inv;
}

/** The largest anchor gap over the joints, from each joint's two anchors in world space. */
export function largestGap(pairs) {
  return Math.max(...pairs.map(([a, b]) => Math.hypot(a[0] - b[0], a[1] - b[1], (a[2] ?? 0) - (b[2] ?? 0))));
}

/** A point given in a body's frame (origin at its centre, turned by `angle` about z), in the world. */
export function toWorld(center, angle, p) {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return [center[0] + c * p[0] - s * p[1], center[1] + s * p[0] + c * p[1], center[2] ?? 0];
}

/** A point `p` of a body at `center` (x, y, z) turned by the unit quaternion `{ x, y, z, w }`, in the world. */
export function toWorld3(center, q, p) {
  // p + 2 w (u x p) + 2 u x (u x p), u the quaternion's vector part.
  const u = [q.x, q.y, q.z];
  const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const v = [p[0], p[1], p[2] ?? 0];
  const t = cross(u, v).map((x) => 2 * x);
  const ut = cross(u, t);
  return v.map((x, i) => center[i] + x + q.w * t[i] + ut[i]);
}
