/**
 * Frame-time statistics of the swarm scene: the last `capacity` frames' simulation
 * and drawing times, and their median and 95th percentile.
 */
export interface FrameSummary {
  frames: number;
  simulationP50: number;
  simulationP95: number;
  drawingP50: number;
  drawingP95: number;
  totalP50: number;
  totalP95: number;
}

/** The value below which `q` (0..1) of `sorted` lies (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

/** A ring of recent frame times, ms. */
export class FrameStats {
  private simulation: number[] = [];
  private drawing: number[] = [];
  private next = 0;

  constructor(private readonly capacity = 600) {}

  /** Records one frame's simulation and drawing times, ms. */
  record(simulationMs: number, drawingMs: number): void {
    if (this.simulation.length < this.capacity) {
      this.simulation.push(simulationMs);
      this.drawing.push(drawingMs);
    } else {
      this.simulation[this.next] = simulationMs;
      this.drawing[this.next] = drawingMs;
    }
    this.next = (this.next + 1) % this.capacity;
  }

  /** Forgets every frame (after the count changes, say). */
  clear(): void {
    this.simulation = [];
    this.drawing = [];
    this.next = 0;
  }

  /** Median and 95th percentile of simulation, drawing and their sum, ms. */
  summary(): FrameSummary {
    const sort = (v: number[]) => [...v].sort((a, b) => a - b);
    const sim = sort(this.simulation);
    const draw = sort(this.drawing);
    const total = sort(this.simulation.map((s, k) => s + this.drawing[k]!));
    return {
      frames: sim.length,
      simulationP50: quantile(sim, 0.5),
      simulationP95: quantile(sim, 0.95),
      drawingP50: quantile(draw, 0.5),
      drawingP95: quantile(draw, 0.95),
      totalP50: quantile(total, 0.5),
      totalP95: quantile(total, 0.95),
    };
  }
}
