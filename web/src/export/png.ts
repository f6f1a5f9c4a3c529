/**
 * Several plot canvases stacked top to bottom on a white ground, as one PNG at the
 * canvases' own pixel size (so at the screen's pixel ratio, as drawn).
 */
export function stackedPng(canvases: readonly HTMLCanvasElement[]): Promise<Blob | null> {
  const out = document.createElement('canvas');
  out.width = Math.max(1, ...canvases.map((c) => c.width));
  out.height = Math.max(1, canvases.reduce((h, c) => h + c.height, 0));
  const ctx = out.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, out.width, out.height);
  let y = 0;
  for (const c of canvases) {
    ctx.drawImage(c, 0, y);
    y += c.height;
  }
  return new Promise((resolve) => out.toBlob(resolve, 'image/png'));
}
