//! The 128-bit lanes of a planar world's step: two f64 bodies or four f32 bodies per
//! instruction, in wasm's simd128 and in x86-64's SSE2 (which every x86-64 processor
//! has). One generic step is written once over a [`Lane`](simd::Lane) that names each
//! operation for its width and instruction set. Every lane operation is the IEEE 754
//! operation the scalar loop (`planar_step.rs`) does, in its order, so every path gives
//! the same bits: natively, in the browser, lanes or no lanes.

use super::planar_step::Columns;

/// Steps the f64 bodies two at a time; returns how many it did (0 without lanes).
#[inline(always)]
pub fn step_f64(c: &mut Columns<'_, f64>, dt: f64) -> usize {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return simd::step::<simd::wasm::F64x2>(c, dt);
    #[cfg(target_arch = "x86_64")]
    return simd::step::<simd::sse2::F64x2>(c, dt);
    #[cfg(not(any(
        all(target_arch = "wasm32", target_feature = "simd128"),
        target_arch = "x86_64"
    )))]
    {
        let _ = (c, dt);
        0
    }
}

/// Steps the f32 bodies four at a time; returns how many it did (0 without lanes).
#[inline(always)]
pub fn step_f32(c: &mut Columns<'_, f32>, dt: f32) -> usize {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return simd::step::<simd::wasm::F32x4>(c, dt);
    #[cfg(target_arch = "x86_64")]
    return simd::step::<simd::sse2::F32x4>(c, dt);
    #[cfg(not(any(
        all(target_arch = "wasm32", target_feature = "simd128"),
        target_arch = "x86_64"
    )))]
    {
        let _ = (c, dt);
        0
    }
}

#[cfg(any(
    all(target_arch = "wasm32", target_feature = "simd128"),
    target_arch = "x86_64"
))]
mod simd {
    use super::Columns;
    use crate::world::precision::Real;

    /// One 128-bit width of one instruction set: its float type, lane count, vector
    /// type and operations.
    pub trait Lane {
        type F: Real;
        type V: Copy;
        const WIDTH: usize;
        /// The lanes of `s[k..k + WIDTH]`.
        ///
        /// # Safety
        /// `k + WIDTH <= s.len()`.
        unsafe fn load(s: &[Self::F], k: usize) -> Self::V;
        /// Writes the lanes to `s[k..k + WIDTH]`.
        ///
        /// # Safety
        /// `k + WIDTH <= s.len()`.
        unsafe fn store(s: &mut [Self::F], k: usize, v: Self::V);
        fn splat(v: Self::F) -> Self::V;
        fn add(a: Self::V, b: Self::V) -> Self::V;
        fn sub(a: Self::V, b: Self::V) -> Self::V;
        fn mul(a: Self::V, b: Self::V) -> Self::V;
        /// The largest integer not above each lane, with `Real::floor`'s bits.
        fn floor(a: Self::V) -> Self::V;
        fn abs(a: Self::V) -> Self::V;
        /// All ones in each lane where `a <= b` (false for NaN).
        fn le(a: Self::V, b: Self::V) -> Self::V;
        /// The bitwise and of two masks.
        fn and(a: Self::V, b: Self::V) -> Self::V;
        /// `a` in the lanes where `mask` is all ones, `b` in the others.
        fn select(a: Self::V, b: Self::V, mask: Self::V) -> Self::V;
        /// Bit `j` set where lane `j` of `mask` is all ones.
        fn bits(mask: Self::V) -> u32;
    }

    /// wasm simd128: `v128`, with a floor instruction of its own.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    pub mod wasm {
        use super::Lane;
        use core::arch::wasm32::*;

        /// Two f64 lanes.
        pub struct F64x2;
        /// Four f32 lanes.
        pub struct F32x4;

        macro_rules! wasm_lane {
            ($lane:ident, $f:ty, $width:expr, $splat:ident, $add:ident, $sub:ident, $mul:ident, $floor:ident, $abs:ident, $le:ident, $bitmask:ident) => {
                impl Lane for $lane {
                    type F = $f;
                    type V = v128;
                    const WIDTH: usize = $width;
                    #[inline(always)]
                    unsafe fn load(s: &[$f], k: usize) -> v128 {
                        // SAFETY: in bounds by the caller's promise; wasm loads need no
                        // alignment.
                        unsafe { v128_load(s.as_ptr().add(k).cast()) }
                    }
                    #[inline(always)]
                    unsafe fn store(s: &mut [$f], k: usize, v: v128) {
                        // SAFETY: as for `load`.
                        unsafe { v128_store(s.as_mut_ptr().add(k).cast(), v) }
                    }
                    #[inline(always)]
                    fn splat(v: $f) -> v128 {
                        $splat(v)
                    }
                    #[inline(always)]
                    fn add(a: v128, b: v128) -> v128 {
                        $add(a, b)
                    }
                    #[inline(always)]
                    fn sub(a: v128, b: v128) -> v128 {
                        $sub(a, b)
                    }
                    #[inline(always)]
                    fn mul(a: v128, b: v128) -> v128 {
                        $mul(a, b)
                    }
                    #[inline(always)]
                    fn floor(a: v128) -> v128 {
                        $floor(a)
                    }
                    #[inline(always)]
                    fn abs(a: v128) -> v128 {
                        $abs(a)
                    }
                    #[inline(always)]
                    fn le(a: v128, b: v128) -> v128 {
                        $le(a, b)
                    }
                    #[inline(always)]
                    fn and(a: v128, b: v128) -> v128 {
                        v128_and(a, b)
                    }
                    #[inline(always)]
                    fn select(a: v128, b: v128, mask: v128) -> v128 {
                        v128_bitselect(a, b, mask)
                    }
                    #[inline(always)]
                    fn bits(mask: v128) -> u32 {
                        u32::from($bitmask(mask))
                    }
                }
            };
        }

        wasm_lane!(
            F64x2,
            f64,
            2,
            f64x2_splat,
            f64x2_add,
            f64x2_sub,
            f64x2_mul,
            f64x2_floor,
            f64x2_abs,
            f64x2_le,
            i64x2_bitmask
        );
        wasm_lane!(
            F32x4,
            f32,
            4,
            f32x4_splat,
            f32x4_add,
            f32x4_sub,
            f32x4_mul,
            f32x4_floor,
            f32x4_abs,
            f32x4_le,
            i32x4_bitmask
        );
    }

    /// x86-64 SSE2, the instruction set every x86-64 processor has (the native build
    /// targets no more). SSE2 has no floor instruction (`roundpd` came with SSE4.1),
    /// so each lane's floor is computed exactly: below `2^52` (`2^23` in f32) adding and
    /// then subtracting that power with the lane's sign rounds to the nearest integer
    /// (the default rounding mode), one is taken off where that rounded up, and the
    /// lane's sign bit is put back so that `-0.0` stays `-0.0`; larger values, which are
    /// integers already, infinities and NaN are kept as they are. That is
    /// `crate::math::floor`'s result, bit for bit.
    #[cfg(target_arch = "x86_64")]
    pub mod sse2 {
        use super::Lane;
        use core::arch::x86_64::*;

        /// Two f64 lanes.
        pub struct F64x2;
        /// Four f32 lanes.
        pub struct F32x4;

        macro_rules! sse2_lane {
            ($lane:ident, $f:ty, $v:ty, $width:expr, $integral:expr, $loadu:ident, $storeu:ident, $set1:ident, $add:ident, $sub:ident, $mul:ident, $and:ident, $andnot:ident, $or:ident, $cmple:ident, $cmplt:ident, $cmpgt:ident, $movemask:ident) => {
                impl Lane for $lane {
                    type F = $f;
                    type V = $v;
                    const WIDTH: usize = $width;
                    #[inline(always)]
                    unsafe fn load(s: &[$f], k: usize) -> $v {
                        // SAFETY: in bounds by the caller's promise; unaligned load.
                        unsafe { $loadu(s.as_ptr().add(k)) }
                    }
                    #[inline(always)]
                    unsafe fn store(s: &mut [$f], k: usize, v: $v) {
                        // SAFETY: as for `load`; unaligned store.
                        unsafe { $storeu(s.as_mut_ptr().add(k), v) }
                    }
                    #[inline(always)]
                    fn splat(v: $f) -> $v {
                        // SAFETY (here and below): SSE2 is part of every x86-64 target.
                        unsafe { $set1(v) }
                    }
                    #[inline(always)]
                    fn add(a: $v, b: $v) -> $v {
                        unsafe { $add(a, b) }
                    }
                    #[inline(always)]
                    fn sub(a: $v, b: $v) -> $v {
                        unsafe { $sub(a, b) }
                    }
                    #[inline(always)]
                    fn mul(a: $v, b: $v) -> $v {
                        unsafe { $mul(a, b) }
                    }
                    #[inline(always)]
                    fn floor(a: $v) -> $v {
                        unsafe {
                            let sign_bit = $set1(-0.0);
                            let sign = $and(a, sign_bit);
                            let magnitude = $andnot(sign_bit, a);
                            let big = $or($set1($integral), sign);
                            let nearest = $sub($add(a, big), big);
                            let one_over = $and($cmpgt(nearest, a), $set1(1.0));
                            let floored = $or($sub(nearest, one_over), sign);
                            Self::select(floored, a, $cmplt(magnitude, $set1($integral)))
                        }
                    }
                    #[inline(always)]
                    fn abs(a: $v) -> $v {
                        unsafe { $andnot($set1(-0.0), a) }
                    }
                    #[inline(always)]
                    fn le(a: $v, b: $v) -> $v {
                        unsafe { $cmple(a, b) }
                    }
                    #[inline(always)]
                    fn and(a: $v, b: $v) -> $v {
                        unsafe { $and(a, b) }
                    }
                    #[inline(always)]
                    fn select(a: $v, b: $v, mask: $v) -> $v {
                        unsafe { $or($and(mask, a), $andnot(mask, b)) }
                    }
                    #[inline(always)]
                    fn bits(mask: $v) -> u32 {
                        unsafe { $movemask(mask) as u32 }
                    }
                }
            };
        }

        sse2_lane!(
            F64x2,
            f64,
            __m128d,
            2,
            4_503_599_627_370_496.0,
            _mm_loadu_pd,
            _mm_storeu_pd,
            _mm_set1_pd,
            _mm_add_pd,
            _mm_sub_pd,
            _mm_mul_pd,
            _mm_and_pd,
            _mm_andnot_pd,
            _mm_or_pd,
            _mm_cmple_pd,
            _mm_cmplt_pd,
            _mm_cmpgt_pd,
            _mm_movemask_pd
        );
        sse2_lane!(
            F32x4,
            f32,
            __m128,
            4,
            8_388_608.0,
            _mm_loadu_ps,
            _mm_storeu_ps,
            _mm_set1_ps,
            _mm_add_ps,
            _mm_sub_ps,
            _mm_mul_ps,
            _mm_and_ps,
            _mm_andnot_ps,
            _mm_or_ps,
            _mm_cmple_ps,
            _mm_cmplt_ps,
            _mm_cmpgt_ps,
            _mm_movemask_ps
        );
    }

    /// `Real::wrap` on every lane, operation for operation.
    #[inline(always)]
    fn wrap<L: Lane>(a: L::V) -> L::V {
        let (pi, tau) = (L::splat(L::F::PI), L::splat(L::F::TAU));
        let turns = L::floor(L::mul(L::add(a, pi), L::splat(L::F::INV_TAU)));
        let r = L::sub(a, L::mul(tau, turns));
        let minus_pi = L::splat(L::F::ZERO - L::F::PI);
        L::select(L::add(r, tau), r, L::le(r, minus_pi))
    }

    /// Steps bodies `WIDTH` at a time; returns how many it did.
    pub fn step<L: Lane>(c: &mut Columns<'_, L::F>, dt: L::F) -> usize {
        let n = c.x.len();
        // One check here instead of one per load: every column is n long, so every
        // group `k..k + WIDTH` with `k + WIDTH <= n` is in bounds in all of them.
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
        let groups = n / L::WIDTH;
        for k in (0..groups).map(|g| g * L::WIDTH) {
            // SAFETY: k + WIDTH <= n, the length of every column (asserted above).
            unsafe { step_group::<L>(c, k, dt) };
        }
        groups * L::WIDTH
    }

    /// Bodies `k..k + WIDTH`, exactly as the scalar loop does each.
    ///
    /// # Safety
    /// `k + WIDTH` is at most the length of every column.
    #[inline(always)]
    unsafe fn step_group<L: Lane>(c: &mut Columns<'_, L::F>, k: usize, dt: L::F) {
        let (dt, zero, limit) = (L::splat(dt), L::splat(L::F::ZERO), L::splat(L::F::LIMIT));
        let all = (1u32 << L::WIDTH) - 1;
        let within = |v: L::V| L::le(L::abs(v), limit);
        let mad = |v: L::V, a: L::V| L::add(v, L::mul(a, dt));
        // SAFETY (every load and store): k + WIDTH is in bounds, by the caller's promise.
        unsafe {
            let (x, y, a) = (L::load(c.x, k), L::load(c.y, k), L::load(c.a, k));
            let (vx, vy, w) = (L::load(c.vx, k), L::load(c.vy, k), L::load(c.w, k));
            let (kp, kd) = (L::load(c.kp, k), L::load(c.kd, k));
            let accel = |e: L::V, v: L::V| L::sub(L::mul(kp, e), L::mul(kd, v));
            let ax = accel(L::sub(L::load(c.tx, k), x), vx);
            let ay = accel(L::sub(L::load(c.ty, k), y), vy);
            let alpha = accel(wrap::<L>(L::sub(L::load(c.ta, k), a)), w);
            let (nvx, nvy, nw) = (mad(vx, ax), mad(vy, ay), mad(w, alpha));
            let (nx, ny, na) = (mad(x, nvx), mad(y, nvy), mad(a, nw));
            let ok = L::and(L::and(within(nx), within(ny)), within(na));
            let bits = L::bits(ok);
            if bits == all {
                // Every body in range, the case in every step of a sane run: no selects.
                L::store(c.x, k, nx);
                L::store(c.y, k, ny);
                L::store(c.a, k, na);
                L::store(c.vx, k, nvx);
                L::store(c.vy, k, nvy);
                L::store(c.w, k, nw);
            } else {
                L::store(c.x, k, L::select(nx, x, ok));
                L::store(c.y, k, L::select(ny, y, ok));
                L::store(c.a, k, L::select(na, a, ok));
                L::store(c.vx, k, L::select(nvx, zero, ok));
                L::store(c.vy, k, L::select(nvy, zero, ok));
                L::store(c.w, k, L::select(nw, zero, ok));
                L::store(c.kp, k, L::select(kp, zero, ok));
                L::store(c.kd, k, L::select(kd, zero, ok));
                for j in 0..L::WIDTH {
                    c.diverged[k + j] |= u8::from(bits >> j & 1 == 0);
                }
            }
        }
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::simd::sse2::{F32x4, F64x2};
    use super::simd::Lane;
    use proptest::prelude::*;

    /// Each lane of `L::floor` over `values`, as the bits of the lane's float.
    fn floors<L: Lane>(values: &[L::F]) -> Vec<L::F> {
        let mut out = values.to_vec();
        // SAFETY: `values` holds exactly one group of lanes.
        unsafe { L::store(&mut out, 0, L::floor(L::load(values, 0))) };
        out
    }

    const EDGES: [f64; 16] = [
        0.0,
        -0.0,
        0.5,
        -0.5,
        -1e-300,
        2.5,
        -2.5,
        4_503_599_627_370_495.5,
        -4_503_599_627_370_495.5,
        4_503_599_627_370_496.0,
        -4_503_599_627_370_497.0,
        1e300,
        f64::MAX,
        f64::MIN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];

    #[test]
    fn the_sse2_floor_has_the_bits_of_the_scalar_floor_at_the_edges() {
        for pair in EDGES.chunks(2) {
            let got = floors::<F64x2>(pair);
            for (x, f) in pair.iter().zip(got) {
                assert_eq!(
                    f.to_bits(),
                    crate::math::floor(*x).to_bits(),
                    "floor({x:e})"
                );
            }
        }
        for quad in EDGES.chunks(4) {
            let quad: Vec<f32> = quad.iter().map(|&x| x as f32).collect();
            for (x, f) in quad.iter().zip(floors::<F32x4>(&quad)) {
                assert_eq!(
                    f.to_bits(),
                    crate::math::floor_f32(*x).to_bits(),
                    "floor({x:e})"
                );
            }
        }
        assert!(floors::<F64x2>(&[f64::NAN, 1.0])[0].is_nan());
        assert!(floors::<F32x4>(&[f32::NAN, 1.0, 2.0, 3.0])[0].is_nan());
    }

    proptest! {
        /// For every f64 and f32 (NaN aside), the lanes' floor gives the scalar
        /// floor's bits, so the lanes wrap an angle exactly as the scalar loop does.
        #[test]
        fn the_sse2_floor_has_the_bits_of_the_scalar_floor(a in any::<u64>(), b in any::<u32>(), near in -1e6..1e6f64) {
            for x in [f64::from_bits(a), near] {
                prop_assume!(!x.is_nan());
                prop_assert_eq!(floors::<F64x2>(&[x, x])[0].to_bits(), crate::math::floor(x).to_bits());
            }
            for x in [f32::from_bits(b), near as f32] {
                prop_assume!(!x.is_nan());
                prop_assert_eq!(floors::<F32x4>(&[x, x, x, x])[3].to_bits(), crate::math::floor_f32(x).to_bits());
            }
        }
    }
}
