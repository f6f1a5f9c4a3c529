//! One step of [`super::World2`]'s bodies: a scalar loop, and on WebAssembly with
//! simd128 the same arithmetic on two bodies per instruction.
//!
//! The compiler does not vectorise the scalar loop by itself: the divergence check's
//! selects and the flag store keep LLVM's loop vectoriser out (checked in the emitted
//! wasm), so the wasm path spells the lanes out. Every lane operation is an IEEE 754
//! operation on one f64 (no fused multiply-add), in the scalar code's order, so both
//! paths give the same bits; the browser tests compare them with the native build.

use crate::angle;
use crate::limits::DIVERGED_LIMIT;

/// The columns one step reads and writes, all of the same length.
pub(super) struct Columns<'a> {
    pub x: &'a mut [f64],
    pub y: &'a mut [f64],
    pub a: &'a mut [f64],
    pub vx: &'a mut [f64],
    pub vy: &'a mut [f64],
    pub w: &'a mut [f64],
    pub tx: &'a [f64],
    pub ty: &'a [f64],
    pub ta: &'a [f64],
    pub kp: &'a mut [f64],
    pub kd: &'a mut [f64],
    pub diverged: &'a mut [u8],
}

/// Bodies stepped between two checks for a body that ran away.
const CHUNK: usize = 128;

/// Fewer bodies than this are stepped one by one, each checked as it goes.
const FEW: usize = 16;

/// One body's next velocity `[vx, vy, w]` (m/s, rad/s) and pose `[x, y, a]` (m, rad)
/// after `dt` s of semi-implicit Euler under effective gains `(kp, kd)` (per unit mass
/// and inertia): `v' = v + (kp (target - pose) - kd v) dt`, `pose' = pose + v' dt`, the
/// heading error taken the short way round. Both scalar loops call it, and the wasm
/// lanes repeat its operations in this order, so every path gives the same bits.
#[inline(always)]
fn advance(
    (kp, kd): (f64, f64),
    pose: [f64; 3],
    velocity: [f64; 3],
    target: [f64; 3],
    dt: f64,
) -> ([f64; 3], [f64; 3]) {
    let ax = kp * (target[0] - pose[0]) - kd * velocity[0];
    let ay = kp * (target[1] - pose[1]) - kd * velocity[1];
    let alpha = kp * angle::difference(pose[2], target[2]) - kd * velocity[2];
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

/// Advances every body of `c` by one step of `dt` s (see [`super::World2`]).
///
/// Each body: semi-implicit Euler under its effective gains, frozen at its last pose (at
/// rest, gains zeroed, flag set) if the next pose would leave [`DIVERGED_LIMIT`] or not
/// be a number. Testing the pose alone is enough: it is the last value computed from the
/// velocity, so a velocity that overflows or turns NaN makes the pose do so in the same
/// step.
///
/// A test and a branch per body cost as much as the step itself (criterion's baseline),
/// so the bodies go by chunks: the new velocities are stored as they come, the new poses
/// into a buffer, and whether any body left the limit is gathered without a branch; a
/// chunk with none copies its poses in, and only a chunk with one looks body by body.
pub(super) fn step(c: &mut Columns, dt: f64) {
    let done = lanes::step_pairs(c, dt);
    let n = c.x.len();
    // Every column as a local slice cut to one length, once: the loops index locals of a
    // known length, so the compiler keeps their pointers in registers and drops the
    // bounds checks.
    let (x, y, a) = (&mut c.x[..n], &mut c.y[..n], &mut c.a[..n]);
    let (vx, vy, w) = (&mut c.vx[..n], &mut c.vy[..n], &mut c.w[..n]);
    let (tx, ty, ta) = (&c.tx[..n], &c.ty[..n], &c.ta[..n]);
    let (kp, kd, diverged) = (&mut c.kp[..n], &mut c.kd[..n], &mut c.diverged[..n]);
    let within = |v: f64| v.abs() <= DIVERGED_LIMIT;
    // A few bodies (one per call on the "one call per body" path, the odd one after
    // wasm's pairs) go one by one: the chunks' buffers would cost more than they save.
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
                (vx[k], vy[k], w[k]) = (0.0, 0.0, 0.0);
                (kp[k], kd[k], diverged[k]) = (0.0, 0.0, 1);
            }
        }
        return;
    }
    let (mut px, mut py, mut pa) = ([0.0f64; CHUNK], [0.0f64; CHUNK], [0.0f64; CHUNK]);
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
                    (vx[k], vy[k], w[k]) = (0.0, 0.0, 0.0);
                    (kp[k], kd[k], diverged[k]) = (0.0, 0.0, 1);
                }
            }
        }
        start = end;
    }
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
mod lanes {
    /// Without simd128 the scalar loop does every body.
    pub fn step_pairs(_: &mut super::Columns, _: f64) -> usize {
        0
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod lanes {
    use super::Columns;
    use crate::angle::INV_TAU;
    use crate::limits::DIVERGED_LIMIT;
    use core::arch::wasm32::*;
    use core::f64::consts::{PI, TAU};

    /// Both lanes of `s[k..k + 2]`.
    ///
    /// # Safety
    /// `k + 1 < s.len()`.
    #[inline(always)]
    unsafe fn load(s: &[f64], k: usize) -> v128 {
        // SAFETY: in bounds by the caller's promise; wasm loads need no alignment.
        unsafe { v128_load(s.as_ptr().add(k).cast()) }
    }

    /// Writes both lanes to `s[k..k + 2]`.
    ///
    /// # Safety
    /// `k + 1 < s.len()`.
    #[inline(always)]
    unsafe fn store(s: &mut [f64], k: usize, v: v128) {
        // SAFETY: as for `load`.
        unsafe { v128_store(s.as_mut_ptr().add(k).cast(), v) }
    }

    /// `crate::angle::wrap` on both lanes, operation for operation.
    #[inline(always)]
    fn wrap(a: v128) -> v128 {
        let turns = f64x2_floor(f64x2_mul(
            f64x2_add(a, f64x2_splat(PI)),
            f64x2_splat(INV_TAU),
        ));
        let r = f64x2_sub(a, f64x2_mul(f64x2_splat(TAU), turns));
        v128_bitselect(
            f64x2_add(r, f64x2_splat(TAU)),
            r,
            f64x2_le(r, f64x2_splat(-PI)),
        )
    }

    /// Steps bodies two at a time; returns how many it did (the even part).
    pub fn step_pairs(c: &mut Columns, dt: f64) -> usize {
        let n = c.x.len();
        // One check here instead of one per load: every column is n long, so every
        // pair `k, k + 1` with `k + 1 < n` is in bounds in all of them.
        let lengths = [
            c.y.len(),
            c.a.len(),
            c.vx.len(),
            c.vy.len(),
            c.w.len(),
            c.tx.len(),
        ];
        let more = [
            c.ty.len(),
            c.ta.len(),
            c.kp.len(),
            c.kd.len(),
            c.diverged.len(),
        ];
        assert!(lengths.iter().chain(&more).all(|&l| l == n));
        for k in (0..n / 2).map(|p| 2 * p) {
            // SAFETY: k + 1 < n, the length of every column (asserted above).
            unsafe { step_pair(c, k, dt) };
        }
        n / 2 * 2
    }

    /// Bodies `k` and `k + 1`, exactly as `super::step_one` does each.
    ///
    /// # Safety
    /// `k + 1` is below the length of every column.
    #[inline(always)]
    unsafe fn step_pair(c: &mut Columns, k: usize, dt: f64) {
        let (dt, zero, limit) = (
            f64x2_splat(dt),
            f64x2_splat(0.0),
            f64x2_splat(DIVERGED_LIMIT),
        );
        let within = |v: v128| f64x2_le(f64x2_abs(v), limit);
        let mad = |v: v128, a: v128| f64x2_add(v, f64x2_mul(a, dt));
        // SAFETY (every load and store): k + 1 is in bounds, by the caller's promise.
        unsafe {
            let (x, y, a) = (load(c.x, k), load(c.y, k), load(c.a, k));
            let (vx, vy, w) = (load(c.vx, k), load(c.vy, k), load(c.w, k));
            let (kp, kd) = (load(c.kp, k), load(c.kd, k));
            let accel = |e: v128, v: v128| f64x2_sub(f64x2_mul(kp, e), f64x2_mul(kd, v));
            let ax = accel(f64x2_sub(load(c.tx, k), x), vx);
            let ay = accel(f64x2_sub(load(c.ty, k), y), vy);
            let alpha = accel(wrap(f64x2_sub(load(c.ta, k), a)), w);
            let (nvx, nvy, nw) = (mad(vx, ax), mad(vy, ay), mad(w, alpha));
            let (nx, ny, na) = (mad(x, nvx), mad(y, nvy), mad(a, nw));
            let ok = v128_and(v128_and(within(nx), within(ny)), within(na));
            if i64x2_all_true(ok) {
                // Both bodies in range, the case in every step of a sane run: no selects.
                store(c.x, k, nx);
                store(c.y, k, ny);
                store(c.a, k, na);
                store(c.vx, k, nvx);
                store(c.vy, k, nvy);
                store(c.w, k, nw);
            } else {
                store(c.x, k, v128_bitselect(nx, x, ok));
                store(c.y, k, v128_bitselect(ny, y, ok));
                store(c.a, k, v128_bitselect(na, a, ok));
                store(c.vx, k, v128_bitselect(nvx, zero, ok));
                store(c.vy, k, v128_bitselect(nvy, zero, ok));
                store(c.w, k, v128_bitselect(nw, zero, ok));
                store(c.kp, k, v128_bitselect(kp, zero, ok));
                store(c.kd, k, v128_bitselect(kd, zero, ok));
                c.diverged[k] |= u8::from(i64x2_extract_lane::<0>(ok) == 0);
                c.diverged[k + 1] |= u8::from(i64x2_extract_lane::<1>(ok) == 0);
            }
        }
    }
}
