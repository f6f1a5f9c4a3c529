/**
 * The z-plane: a sampled loop's poles against the unit circle. A pole inside the circle
 * is a mode that shrinks each step, one outside a mode that grows; the marks turn red
 * when any pole is outside. Poles beyond ±2.15 are drawn at that edge.
 */

/** Draws `poles` on `canvas` (square) in `ink`, with the unit circle and the axes. */
export function drawZPlane(canvas: HTMLCanvasElement, poles: readonly { re: number; im: number }[], unstable: boolean, ink: string): void {
  const ctx = canvas.getContext('2d')!;
  const { width: w, height: h } = canvas;
  const scale = w / 4.4;
  ctx.clearRect(0, 0, w, h);
  ctx.strokeStyle = ink;
  ctx.globalAlpha = 0.4;
  ctx.beginPath();
  ctx.moveTo(0, h / 2);
  ctx.lineTo(w, h / 2);
  ctx.moveTo(w / 2, 0);
  ctx.lineTo(w / 2, h);
  ctx.stroke();
  ctx.globalAlpha = 1;
  ctx.beginPath();
  ctx.arc(w / 2, h / 2, scale, 0, 2 * Math.PI);
  ctx.stroke();
  const edge = 2.15;
  const dot = Math.max(3, w / 44);
  for (const z of poles) {
    const re = Math.max(-edge, Math.min(edge, z.re));
    const im = Math.max(-edge, Math.min(edge, z.im));
    ctx.fillStyle = unstable ? '#d64550' : '#2e86de';
    ctx.beginPath();
    ctx.arc(w / 2 + re * scale, h / 2 - im * scale, dot, 0, 2 * Math.PI);
    ctx.fill();
  }
}
