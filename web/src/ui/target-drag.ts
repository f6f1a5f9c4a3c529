/**
 * Dragging a target across a canvas, as the index's cube and the Lab both let a reader
 * do: a press starts the drag (the canvas captures the pointer, so the drag goes on past
 * its edges) and each move while pressed says where the pointer is; a release or a
 * cancelled pointer (a touch turned into a scroll) ends it.
 */

/**
 * Calls `to(fraction)` on a press on `canvas` and on every move while pressed, where
 * `fraction` is the pointer's place across the canvas: 0 at its left edge, 1 at its
 * right, beyond either while the pointer is captured outside.
 */
export function dragAcross(canvas: HTMLCanvasElement, to: (fraction: number) => void): void {
  let dragging = false;
  const at = (e: PointerEvent) => {
    const rect = canvas.getBoundingClientRect();
    to(rect.width > 0 ? (e.clientX - rect.left) / rect.width : 0);
  };
  canvas.addEventListener('pointerdown', (e) => {
    dragging = true;
    canvas.setPointerCapture(e.pointerId);
    at(e);
  });
  canvas.addEventListener('pointermove', (e) => {
    if (dragging) at(e);
  });
  const end = () => {
    dragging = false;
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
}
