/**
 * Draws the missile swarm: every missile as a short streak along its heading, written
 * straight into a pixel buffer (tens of thousands of path segments would cost more
 * than the simulation), and the targets as rings on top.
 */

/** What a frame needs: positions (m), headings (rad) and target positions (m). */
export interface SwarmFrame {
  x: Float64Array;
  y: Float64Array;
  heading: Float64Array;
  targetX: Float64Array;
  targetY: Float64Array;
}

/** Packs a CSS colour into the canvas's little-endian RGBA word. */
function rgba(context: CanvasRenderingContext2D, css: string): number {
  context.fillStyle = css;
  const hex = context.fillStyle; // normalised to #rrggbb
  const value = parseInt(hex.slice(1), 16);
  return (0xff << 24) | ((value & 0xff) << 16) | (value & 0xff00) | ((value >> 16) & 0xff);
}

/**
 * A streak three pixels long needs its direction to a degree or two, not to the last
 * bit: a table of 256 headings spares two trigonometric calls per missile, which at
 * 100,000 missiles were most of the drawing's time.
 */
const DIRECTIONS = 256;
const PER_RADIAN = DIRECTIONS / (2 * Math.PI);
const STREAK_DX = Float64Array.from({ length: DIRECTIONS }, (_, i) => Math.cos((i + 0.5) / PER_RADIAN));
const STREAK_DY = Float64Array.from({ length: DIRECTIONS }, (_, i) => -Math.sin((i + 0.5) / PER_RADIAN));

/** The table entry of `heading` (rad, any sign, any number of turns within 2^31 entries). */
export const directionIndex = (heading: number): number => Math.floor(heading * PER_RADIAN) & (DIRECTIONS - 1);

export class SwarmCanvas {
  private readonly context: CanvasRenderingContext2D;
  private image: ImageData | null = null;
  private pixels = new Uint32Array(0);
  private colours = { background: 0, ink: 0, target: '' };

  /** `halfSpan` (m) of the world is shown from the centre to each edge. */
  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly halfSpan: number,
  ) {
    this.context = canvas.getContext('2d')!;
    // Styles are read once and again when the scheme flips, not every frame: reading
    // computed style forces the browser to settle the page's styles first.
    this.readColours();
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.readColours());
  }

  private readColours(): void {
    const style = getComputedStyle(this.canvas);
    this.colours = {
      background: rgba(this.context, style.getPropertyValue('--panel') || '#f1f2ee'),
      ink: rgba(this.context, style.getPropertyValue('--c-bpd') || '#2e86de'),
      target: style.getPropertyValue('--c-pd') || '#d1495b',
    };
  }

  /** Matches the backing store to the element's size on screen. */
  private fit(): void {
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    const width = Math.max(1, Math.round(this.canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(this.canvas.clientHeight * ratio));
    if (this.image && this.image.width === width && this.image.height === height) return;
    this.canvas.width = width;
    this.canvas.height = height;
    this.image = this.context.createImageData(width, height);
    this.pixels = new Uint32Array(this.image.data.buffer);
  }

  draw(frame: SwarmFrame): void {
    this.fit();
    const image = this.image!;
    const { width, height } = image;
    const { background, ink } = this.colours;
    const pixels = this.pixels;
    pixels.fill(background);
    const scale = Math.min(width, height) / (2 * this.halfSpan);
    const cx = width / 2;
    const cy = height / 2;
    const { x, y, heading } = frame;
    for (let k = 0; k < x.length; k++) {
      const px = cx + x[k]! * scale;
      const py = cy - y[k]! * scale;
      const d = directionIndex(heading[k]!);
      const dx = STREAK_DX[d]!;
      const dy = STREAK_DY[d]!;
      // Three pixels from the nose back along the heading.
      for (let t = 0; t < 3; t++) {
        const ix = (px - dx * t) | 0;
        const iy = (py - dy * t) | 0;
        if (ix >= 0 && iy >= 0 && ix < width && iy < height) pixels[iy * width + ix] = ink;
      }
    }
    this.context.putImageData(image, 0, 0);
    this.context.strokeStyle = this.colours.target;
    this.context.lineWidth = 2;
    for (let k = 0; k < frame.targetX.length; k++) {
      this.context.beginPath();
      this.context.arc(cx + frame.targetX[k]! * scale, cy - frame.targetY[k]! * scale, 5, 0, 2 * Math.PI);
      this.context.stroke();
    }
  }
}
