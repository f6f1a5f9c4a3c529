/**
 * Draws boxes turned by a quaternion on a 2-D canvas: a fixed orthographic camera, faces
 * sorted back to front and shaded by their angle to a light. Enough to see a hull pitch
 * and roll or a plate tumble, with no 3-D engine to download. Drawing only: the
 * orientations come from the core.
 */
export type Quat = readonly [number, number, number, number];
type Vec3 = [number, number, number];

/** `q v q*` for a unit quaternion `[x, y, z, w]`. */
export function rotate(q: Quat, v: readonly number[]): Vec3 {
  const [x, y, z, w] = q;
  const [vx, vy, vz] = v as Vec3;
  // t = 2 (q.xyz × v); v' = v + w t + q.xyz × t
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  return [vx + w * tx + (y * tz - z * ty), vy + w * ty + (z * tx - x * tz), vz + w * tz + (x * ty - y * tx)];
}

/** The camera: turned `yaw` about the vertical, tilted down by `pitch` (rad). */
export function camera(yaw: number, pitch: number): (p: Vec3) => Vec3 {
  const [cy, sy, cp, sp] = [Math.cos(yaw), Math.sin(yaw), Math.cos(pitch), Math.sin(pitch)];
  return ([x, y, z]) => {
    const x1 = cy * x + sy * z;
    const z1 = -sy * x + cy * z;
    return [x1, cp * y - sp * z1, sp * y + cp * z1];
  };
}

/** The inverse of {@link camera}: a point in the view's frame back in the world's. */
export function uncamera(yaw: number, pitch: number): (p: Vec3) => Vec3 {
  const [cy, sy, cp, sp] = [Math.cos(yaw), Math.sin(yaw), Math.cos(pitch), Math.sin(pitch)];
  return ([x1, y1, z2]) => {
    const y = cp * y1 + sp * z2;
    const z1 = -sp * y1 + cp * z2;
    return [cy * x1 - sy * z1, y, sy * x1 + cy * z1];
  };
}

/** A box centred at `offset` (body frame) with edge lengths `size`. */
export interface BoxPart {
  size: readonly [number, number, number];
  offset?: readonly [number, number, number];
  color: string;
}

const FACES = [
  [0, 1, 3, 2, [-1, 0, 0]],
  [4, 6, 7, 5, [1, 0, 0]],
  [0, 4, 5, 1, [0, -1, 0]],
  [2, 3, 7, 6, [0, 1, 0]],
  [0, 2, 6, 4, [0, 0, -1]],
  [1, 5, 7, 3, [0, 0, 1]],
] as const;

/**
 * Draws `parts` turned by `q` at canvas point (`cx`, `cy`), `scale` pixels per body
 * unit, seen through `view`. Screen y grows downward, world y upward.
 */
export function drawBody(
  ctx: CanvasRenderingContext2D,
  q: Quat,
  parts: readonly BoxPart[],
  cx: number,
  cy: number,
  scale: number,
  view: (p: Vec3) => Vec3,
): void {
  // Toward the light, in camera space: above and in front.
  const light: Vec3 = [-0.3, 0.8, -0.52];
  const faces: { depth: number; points: Vec3[]; shade: number; color: string }[] = [];
  for (const part of parts) {
    const [sx, sy, sz] = part.size;
    const [ox, oy, oz] = part.offset ?? [0, 0, 0];
    const corners: Vec3[] = [];
    for (let i = 0; i < 8; i++) {
      const local = [ox + (i & 4 ? sx : -sx) / 2, oy + (i & 2 ? sy : -sy) / 2, oz + (i & 1 ? sz : -sz) / 2];
      corners.push(view(rotate(q, local)));
    }
    for (const [a, b, c, d, n] of FACES) {
      const normal = view(rotate(q, n));
      if (normal[2] > 0) continue; // faces away from the camera (which looks along +z)
      const points = [corners[a]!, corners[b]!, corners[c]!, corners[d]!];
      const depth = points.reduce((s, p) => s + p[2], 0) / 4;
      const shade = 0.55 + 0.45 * Math.max(0, normal[0] * light[0] + normal[1] * light[1] + normal[2] * light[2]);
      faces.push({ depth, points, shade, color: part.color });
    }
  }
  faces.sort((f, g) => g.depth - f.depth);
  for (const f of faces) {
    ctx.beginPath();
    f.points.forEach(([x, y], i) => {
      const px = cx + x * scale;
      const py = cy - y * scale;
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    });
    ctx.closePath();
    ctx.fillStyle = f.color;
    ctx.globalAlpha = 1;
    ctx.fill();
    ctx.fillStyle = `rgba(0,0,0,${(1 - f.shade).toFixed(3)})`;
    ctx.fill();
    ctx.strokeStyle = 'rgba(0,0,0,0.35)';
    ctx.lineWidth = 1;
    ctx.stroke();
  }
}
