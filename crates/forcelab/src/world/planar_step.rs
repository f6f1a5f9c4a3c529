//! One step of a [`super::PlanarWorld`]'s bodies: a scalar loop, generic over the
//! precision, after the 128-bit lanes (`planar_lanes.rs`: wasm simd128, x86-64 SSE2)
//! have done what they take (two bodies per instruction in f64, four in f32). On other
//! targets the scalar loop does every body.
//!
//! The compiler does not vectorise the scalar loop by itself: the divergence check's
//! selects and the flag store keep LLVM's loop vectoriser out (checked in the emitted
//! wasm), so the lanes are spelt out. Every lane operation is one IEEE 754 operation
//! (no fused multiply-add), in the scalar code's order, so both paths give the same
//! bits; the tests compare them natively, and the browser tests with the native build.

use super::precision::Real;

/// The columns one step reads and writes, all of the same length. `pub` only so that
/// [`Real`]'s hidden lane hook may name it: the module is private to `world`.
pub struct Columns<'a, F> {
    pub x: &'a mut [F],
    pub y: &'a mut [F],
    pub a: &'a mut [F],
    pub vx: &'a mut [F],
    pub vy: &'a mut [F],
    pub w: &'a mut [F],
    pub tx: &'a [F],
    pub ty: &'a [F],
    pub ta: &'a [F],
    pub kp: &'a mut [F],
    pub kd: &'a mut [F],
    pub diverged: &'a mut [u8],
}

/// Bodies stepped between two checks for a body that ran away.
const CHUNK: usize = 128;

/// Fewer bodies than this are stepped one by one, each checked as it goes.
const FEW: usize = 16;

/// One body's next velocity `[vx, vy, w]` (m/s, rad/s) and pose `[x, y, a]` (m, rad)
/// after `dt` s of semi-implicit Euler under effective gains `(kp, kd)` (per unit mass
/// and inertia): `v' = v + (kp (target - pose) - kd v) dt`, `pose' = pose + v' dt`, the
/// heading error taken the short way round. Both scalar loops call it, and the 128-bit
/// lanes repeat its operations in this order, so every path gives the same bits.
#[inline(always)]
fn advance<F: Real>(
    (kp, kd): (F, F),
    pose: [F; 3],
    velocity: [F; 3],
    target: [F; 3],
    dt: F,
) -> ([F; 3], [F; 3]) {
    let ax = kp * (target[0] - pose[0]) - kd * velocity[0];
    let ay = kp * (target[1] - pose[1]) - kd * velocity[1];
    let alpha = kp * F::wrap(target[2] - pose[2]) - kd * velocity[2];
    let v = [
        velocity[0] + ax * dt,
        velocity[1] + ay * dt,
        velocity[2] + alpha * dt,
    ];
    (
        v,
        [
            pose[0] + v[0] * dt,
            pose[1] + v[1] * dt,
            pose[2] + v[2] * dt,
        ],
    )
}

/// Advances every body of `c` by one step of `dt` s (see [`super::PlanarWorld`]).
///
/// Each body: semi-implicit Euler under its effective gains, frozen at its last pose (at
/// rest, gains zeroed, flag set) if the next pose would leave [`Real::LIMIT`] or not
/// be a number. Testing the pose alone is enough: it is the last value computed from the
/// velocity, so a velocity that overflows or turns NaN makes the pose do so in the same
/// step.
///
/// A test and a branch per body cost as much as the step itself (criterion's baseline),
/// so the bodies go by chunks: the new velocities are stored as they come, the new poses
/// into a buffer, and whether any body left the limit is gathered without a branch; a
/// chunk with none copies its poses in, and only a chunk with one looks body by body.
pub(super) fn step<F: Real>(c: &mut Columns<'_, F>, dt: F) {
    let done = F::step_lanes(c, dt);
    scalar(c, dt, done);
}

/// Advances bodies `from..` of `c` by one step of `dt` s, without lanes: the bodies
/// the lanes leave (fewer than a group), and every body on a target without lanes.
fn scalar<F: Real>(c: &mut Columns<'_, F>, dt: F, from: usize) {
    let done = from;
    let n = c.x.len();
    // Every column as a local slice cut to one length, once: the loops index locals of a
    // known length, so the compiler keeps their pointers in registers and drops the
    // bounds checks.
    let (x, y, a) = (&mut c.x[..n], &mut c.y[..n], &mut c.a[..n]);
    let (vx, vy, w) = (&mut c.vx[..n], &mut c.vy[..n], &mut c.w[..n]);
    let (tx, ty, ta) = (&c.tx[..n], &c.ty[..n], &c.ta[..n]);
    let (kp, kd, diverged) = (&mut c.kp[..n], &mut c.kd[..n], &mut c.diverged[..n]);
    let within = |v: F| v.abs() <= F::LIMIT;
    // A few bodies (one per call on the "one call per body" path, the last few after
    // the lanes) go one by one: the chunks' buffers would cost more than they save.
    if n - done < FEW {
        for k in done..n {
            let ([nvx, nvy, nw], [nx, ny, na]) = advance(
                (kp[k], kd[k]),
                [x[k], y[k], a[k]],
                [vx[k], vy[k], w[k]],
                [tx[k], ty[k], ta[k]],
                dt,
            );
            if within(nx) & within(ny) & within(na) {
                (vx[k], vy[k], w[k], x[k], y[k], a[k]) = (nvx, nvy, nw, nx, ny, na);
            } else {
                (vx[k], vy[k], w[k]) = (F::ZERO, F::ZERO, F::ZERO);
                (kp[k], kd[k], diverged[k]) = (F::ZERO, F::ZERO, 1);
            }
        }
        return;
    }
    let (mut px, mut py, mut pa) = ([F::ZERO; CHUNK], [F::ZERO; CHUNK], [F::ZERO; CHUNK]);
    let mut start = done;
    while start < n {
        let end = (start + CHUNK).min(n);
        let mut away = false;
        for k in start..end {
            let ([nvx, nvy, nw], [nx, ny, na]) = advance(
                (kp[k], kd[k]),
                [x[k], y[k], a[k]],
                [vx[k], vy[k], w[k]],
                [tx[k], ty[k], ta[k]],
                dt,
            );
            (vx[k], vy[k], w[k]) = (nvx, nvy, nw);
            (px[k - start], py[k - start], pa[k - start]) = (nx, ny, na);
            away |= !(within(nx) & within(ny) & within(na));
        }
        if !away {
            let len = end - start;
            x[start..end].copy_from_slice(&px[..len]);
            y[start..end].copy_from_slice(&py[..len]);
            a[start..end].copy_from_slice(&pa[..len]);
        } else {
            for k in start..end {
                let (nx, ny, na) = (px[k - start], py[k - start], pa[k - start]);
                if within(nx) & within(ny) & within(na) {
                    (x[k], y[k], a[k]) = (nx, ny, na);
                } else {
                    (vx[k], vy[k], w[k]) = (F::ZERO, F::ZERO, F::ZERO);
                    (kp[k], kd[k], diverged[k]) = (F::ZERO, F::ZERO, 1);
                }
            }
        }
        start = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    /// `n` bodies in columns: seeded poses and targets, gains that settle most and run
    /// a few away (every seventh, and the last), in precision `F`.
    struct Bodies<F> {
        columns: [Vec<F>; 11],
        diverged: Vec<u8>,
    }

    impl<F: Real> Bodies<F> {
        fn new(n: usize) -> Bodies<F> {
            let mut rng = SplitMix64::new(3);
            let mut draw = |lo: f64, hi: f64| F::of(lo + (hi - lo) * rng.next_open01());
            let mut columns: [Vec<F>; 11] = Default::default();
            for k in 0..n {
                let stiff = k % 7 == 3 || k + 1 == n;
                let (kp, kd) = if stiff { (1e7, 0.0) } else { (9.0, 6.0) };
                let row = [
                    draw(-100.0, 100.0),
                    draw(-100.0, 100.0),
                    draw(-40.0, 40.0),
                    draw(-5.0, 5.0),
                    draw(-5.0, 5.0),
                    draw(-5.0, 5.0),
                    draw(-100.0, 100.0),
                    draw(-100.0, 100.0),
                    draw(-40.0, 40.0),
                    F::of(kp),
                    F::of(kd),
                ];
                for (column, v) in columns.iter_mut().zip(row) {
                    column.push(v);
                }
            }
            Bodies {
                columns,
                diverged: vec![0; n],
            }
        }

        fn columns(&mut self) -> Columns<'_, F> {
            let [x, y, a, vx, vy, w, tx, ty, ta, kp, kd] = &mut self.columns;
            Columns {
                x,
                y,
                a,
                vx,
                vy,
                w,
                tx,
                ty,
                ta,
                kp,
                kd,
                diverged: &mut self.diverged,
            }
        }

        fn bits(&self) -> (Vec<u64>, Vec<u8>) {
            let values = self.columns.iter().flatten().map(|v| v.to_f64().to_bits());
            (values.collect(), self.diverged.clone())
        }
    }

    fn lanes_equal_the_scalar_loop<F: Real>() {
        // 300 bodies: more than two chunks of the scalar loop, and a remainder the
        // lanes leave in either width.
        let dt = F::of(1.0 / 60.0);
        let mut lanes = Bodies::<F>::new(301);
        let mut plain = Bodies::<F>::new(301);
        for _ in 0..200 {
            step(&mut lanes.columns(), dt);
            scalar(&mut plain.columns(), dt, 0);
        }
        assert!(plain.diverged.contains(&1), "some bodies run away");
        assert!(plain.diverged.contains(&0), "most settle");
        assert_eq!(lanes.bits(), plain.bits());
    }

    /// Wherever this build has lanes (x86-64 natively, wasm with simd128), they give
    /// the chunked scalar loop's bits for every body, those that run away included, in
    /// both precisions; the scalar loop is what every other target runs.
    #[test]
    fn the_lanes_give_the_scalar_loops_bits() {
        lanes_equal_the_scalar_loop::<f64>();
        lanes_equal_the_scalar_loop::<f32>();
    }
}
