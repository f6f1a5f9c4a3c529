/**
 * How a real engine's turn is read: the frequency and damping ratio of a stepped motion,
 * fitted as the core's `analysis::fit::second_order` fits it, so a turn solved for in
 * the core is measured the same way in the real engine.
 */

/**
 * The natural frequency (Hz) and damping ratio of e[k+2] = T e[k+1] - D e[k], fitted by
 * least squares over the samples in `window`, mapped back by s = ln z / dt.
 */
export function fit(positions, dt, window) {
  // x[k+2] = T x[k+1] - D x[k] + g: the constant g absorbs a rest point a little off
  // the target (Box2D's polynomial arctangent settles 1e-5 rad short of 1 rad).
  const rows = [];
  for (let k = 0; k + 2 < positions.length; k++) {
    if (window(k) && window(k + 1) && window(k + 2)) rows.push([positions[k + 1], -positions[k], 1, positions[k + 2]]);
  }
  if (rows.length < 8) return undefined;
  const [T, D] = leastSquares(rows);
  const half = T / 2;
  const disc = half * half - D;
  let wn;
  let zeta;
  if (disc < 0) {
    const [re, im] = [Math.log(Math.sqrt(D)) / dt, Math.atan2(Math.sqrt(-disc), half) / dt];
    wn = Math.hypot(re, im);
    zeta = -re / wn;
  } else {
    const [s1, s2] = [Math.log(half + Math.sqrt(disc)) / dt, Math.log(half - Math.sqrt(disc)) / dt];
    wn = Math.sqrt(s1 * s2);
    zeta = -(s1 + s2) / (2 * wn);
  }
  return { frequency: wn / (2 * Math.PI), dampingRatio: zeta, samples: rows.length };
}

/** The least-squares solution of rows [a, b, c | y] (normal equations, 3 x 3). */
function leastSquares(rows) {
  const m = [0, 1, 2].map((i) => [0, 1, 2, 3].map((j) => rows.reduce((sum, r) => sum + r[i] * r[j], 0)));
  for (let i = 0; i < 3; i++) {
    const p = m[i][i];
    for (let j = i; j < 4; j++) m[i][j] /= p;
    for (let r = 0; r < 3; r++) {
      if (r === i) continue;
      const f = m[r][i];
      for (let j = i; j < 4; j++) m[r][j] -= f * m[i][j];
    }
  }
  return m.map((row) => row[3]);
}
