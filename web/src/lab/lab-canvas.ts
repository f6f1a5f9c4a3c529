/**
 * Draws the Lab's bodies from a trace row: cubes on lanes, plates seen from above,
 * boxes in a fixed oblique projection. It computes no motion, only where to draw
 * what the core computed. The reader drags the target along the horizontal axis.
 */
import type { LabSnapshot } from '../core/wasm';
import type { PlantId } from './lab-state';

export interface Look {
  fg: string;
  muted: string;
  colors: readonly string[];
  dashed: readonly boolean[];
}

/** The world range shown across the canvas for a plant (m, or rad for the box). */
export function viewRange(plant: PlantId, values: readonly number[]): [number, number] {
  if (plant === 'box') return [-Math.PI, 2 * Math.PI];
  const lo = Math.min(-1, ...values) - 0.5;
  const hi = Math.max(2, ...values) + 0.5;
  return [lo, hi];
}

const BOX: readonly [number, number, number][] = [-1, 1].flatMap((x) =>
  [-1, 1].flatMap((y) => [-1, 1].map((z) => [0.5 * x, 0.25 * y, 0.125 * z] as [number, number, number])),
);
const EDGES: readonly [number, number][] = [
  [0, 1], [2, 3], [4, 5], [6, 7], [0, 2], [1, 3], [4, 6], [5, 7], [0, 4], [1, 5], [2, 6], [3, 7],
];
/** The box plant's turning axis, (1, 2, 3) / |(1, 2, 3)| (see the core's BoxPlant). */
const AXIS = [1, 2, 3].map((c) => c / Math.sqrt(14)) as [number, number, number];

function rotate(q: readonly number[], v: readonly number[]): [number, number, number] {
  const [x, y, z, w] = q as [number, number, number, number];
  const [vx, vy, vz] = v as [number, number, number];
  // v + 2 w (q x v) + 2 q x (q x v)
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  return [vx + w * tx + (y * tz - z * ty), vy + w * ty + (z * tx - x * tz), vz + w * tz + (x * ty - y * tx)];
}

/** Oblique view: world x right, y up, z toward the viewer and down-left. */
function project(p: readonly number[]): [number, number] {
  return [p[0]! - 0.45 * p[2]!, p[1]! - 0.3 * p[2]!];
}

export function drawLab(
  ctx: CanvasRenderingContext2D,
  plant: PlantId,
  snap: LabSnapshot,
  row: number,
  targetNow: number,
  range: [number, number],
  look: Look,
): void {
  const { width, height } = ctx.canvas;
  ctx.clearRect(0, 0, width, height);
  const n = snap.n;
  if (n === 0) return;
  const toX = (v: number) => ((v - range[0]) / (range[1] - range[0])) * width;
  const lane = height / n;
  ctx.lineWidth = 2;
  if (plant !== 'box') {
    ctx.strokeStyle = look.fg;
    ctx.setLineDash([6, 4]);
    ctx.beginPath();
    ctx.moveTo(toX(targetNow), 0);
    ctx.lineTo(toX(targetNow), height);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  for (let k = 0; k < n; k++) {
    const pose = Array.from(snap.pose.subarray((row * n + k) * snap.poseSize, (row * n + k + 1) * snap.poseSize));
    const color = look.colors[k] ?? look.fg;
    const cy = lane * (k + 0.5);
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.setLineDash(look.dashed[k] ? [5, 3] : []);
    const scale = Math.min(width / (range[1] - range[0]), lane * 1.2);
    if (plant === 'cube') {
      const s = Math.min(lane * 0.6, 28);
      ctx.globalAlpha = snap.diverged[k] ? 0.35 : 1;
      ctx.fillRect(toX(pose[0]!) - s / 2, cy - s / 2, s, s);
    } else if (plant === 'plate') {
      const [x, y, a] = pose as [number, number, number];
      ctx.save();
      ctx.translate(toX(x), cy - y * scale);
      ctx.rotate(-a);
      ctx.globalAlpha = snap.diverged[k] ? 0.35 : 0.85;
      ctx.fillRect(-0.5 * scale * 0.5, -0.25 * scale * 0.5, scale * 0.5, 0.25 * scale);
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.lineTo(0.4 * scale, 0);
      ctx.strokeStyle = look.fg;
      ctx.stroke();
      ctx.restore();
    } else {
      const cell = width / n;
      const cx = cell * (k + 0.5);
      const size = Math.min(cell, height) * 0.7;
      const half = targetNow / 2;
      const qt = [AXIS[0] * Math.sin(half), AXIS[1] * Math.sin(half), AXIS[2] * Math.sin(half), Math.cos(half)];
      // The target orientation is drawn over the body, thin and dashed in the ink: once
      // the box has turned onto it, it still shows (drawn under, it vanished there).
      for (const [q, style, dash, width] of [[pose, color, [], 2], [qt, look.fg, [3, 4], 1.5]] as const) {
        const pts = BOX.map((v) => project(rotate(q, v)));
        ctx.strokeStyle = style;
        ctx.lineWidth = width;
        ctx.setLineDash([...dash]);
        ctx.globalAlpha = snap.diverged[k] && q === pose ? 0.35 : 1;
        ctx.beginPath();
        for (const [a, b] of EDGES) {
          ctx.moveTo(cx + pts[a]![0] * size, height / 2 - pts[a]![1] * size);
          ctx.lineTo(cx + pts[b]![0] * size, height / 2 - pts[b]![1] * size);
        }
        ctx.stroke();
      }
    }
    ctx.globalAlpha = 1;
    ctx.lineWidth = 2;
    ctx.setLineDash([]);
  }
}
