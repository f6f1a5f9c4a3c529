//! PhysX's `f32` foundation types as the PhysX of npm physx-js-webidl computes them:
//! `PxVec3`, `PxQuat` and `PxMat33` with each operation in the source's order
//! (`foundation/PxVec3.h`, `PxQuat.h`, `PxMat33.h`, `PxSIMDHelpers.h`, and
//! `PxVecMathAoSScalarInline.h`, the scalar path of PhysX's vector maths, which the
//! package's build takes: it is compiled `-O3 -msimd128` without `-msse2`, so
//! `COMPILE_VECTOR_INTRINSICS` is off; WebAssembly has no fused multiply-add, so every
//! product and sum is rounded as written). `sinf` and `cosf` are musl's, which `libm`
//! ports. A twin that rounds where PhysX rounds follows it bit for bit, also where the
//! motion is chaotic and any other rounding would be amplified.

/// `PxVec3`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct V3 {
    pub x: f32,
    pub y: f32,
    pub z: f32,
}

impl V3 {
    pub const ZERO: V3 = V3::new(0.0, 0.0, 0.0);

    pub const fn new(x: f32, y: f32, z: f32) -> V3 {
        V3 { x, y, z }
    }

    /// Rounds each component of an `f64` triple to `f32` (`Math.fround`, as the binding does).
    pub fn of(v: [f64; 3]) -> V3 {
        V3::new(v[0] as f32, v[1] as f32, v[2] as f32)
    }

    pub fn add(self, o: V3) -> V3 {
        V3::new(self.x + o.x, self.y + o.y, self.z + o.z)
    }

    pub fn sub(self, o: V3) -> V3 {
        V3::new(self.x - o.x, self.y - o.y, self.z - o.z)
    }

    pub fn scale(self, s: f32) -> V3 {
        V3::new(self.x * s, self.y * s, self.z * s)
    }

    /// `multiply`: component by component.
    pub fn mul(self, o: V3) -> V3 {
        V3::new(self.x * o.x, self.y * o.y, self.z * o.z)
    }

    pub fn neg(self) -> V3 {
        V3::new(-self.x, -self.y, -self.z)
    }

    /// `x a + y b + z c`, summed left to right.
    pub fn dot(self, o: V3) -> f32 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }

    pub fn cross(self, v: V3) -> V3 {
        V3::new(
            self.y * v.z - self.z * v.y,
            self.z * v.x - self.x * v.z,
            self.x * v.y - self.y * v.x,
        )
    }

    pub fn magnitude_squared(self) -> f32 {
        self.dot(self)
    }

    pub fn magnitude(self) -> f32 {
        self.magnitude_squared().sqrt()
    }

    /// `x / o` component by component, 0 where `o` is 0 (`invertDiagInertia`, `safeRecip`).
    pub fn recip(self) -> V3 {
        let r = |a: f32| if a == 0.0 { 0.0 } else { 1.0 / a };
        V3::new(r(self.x), r(self.y), r(self.z))
    }

    /// `computeSafeSqrtInertia`.
    pub fn sqrt(self) -> V3 {
        let r = |a: f32| if a == 0.0 { 0.0 } else { a.sqrt() };
        V3::new(r(self.x), r(self.y), r(self.z))
    }

    pub fn get(self, i: usize) -> f32 {
        [self.x, self.y, self.z][i]
    }
}

/// `PxQuat` (`x, y, z, w`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Q {
    pub x: f32,
    pub y: f32,
    pub z: f32,
    pub w: f32,
}

impl Q {
    pub const IDENTITY: Q = Q {
        x: 0.0,
        y: 0.0,
        z: 0.0,
        w: 1.0,
    };

    pub fn vector(self) -> V3 {
        V3::new(self.x, self.y, self.z)
    }

    /// `operator*`.
    pub fn mul(self, q: Q) -> Q {
        let (x, y, z, w) = (self.x, self.y, self.z, self.w);
        Q {
            x: w * q.x + q.w * x + y * q.z - q.y * z,
            y: w * q.y + q.w * y + z * q.x - q.z * x,
            z: w * q.z + q.w * z + x * q.y - q.x * y,
            w: w * q.w - x * q.x - y * q.y - z * q.z,
        }
    }

    pub fn add(self, q: Q) -> Q {
        Q {
            x: self.x + q.x,
            y: self.y + q.y,
            z: self.z + q.z,
            w: self.w + q.w,
        }
    }

    pub fn scale(self, r: f32) -> Q {
        Q {
            x: self.x * r,
            y: self.y * r,
            z: self.z * r,
            w: self.w * r,
        }
    }

    pub fn neg(self) -> Q {
        self.scale(-1.0)
    }

    pub fn conjugate(self) -> Q {
        Q {
            x: -self.x,
            y: -self.y,
            z: -self.z,
            w: self.w,
        }
    }

    pub fn dot(self, v: Q) -> f32 {
        self.x * v.x + self.y * v.y + self.z * v.z + self.w * v.w
    }

    /// `getNormalized`: each component times `1 / sqrt(|q|^2)`.
    pub fn normalized(self) -> Q {
        self.scale(1.0 / self.dot(self).sqrt())
    }

    /// `rotate`.
    pub fn rotate(self, v: V3) -> V3 {
        let (x, y, z, w) = (self.x, self.y, self.z, self.w);
        let (vx, vy, vz) = (2.0 * v.x, 2.0 * v.y, 2.0 * v.z);
        let w2 = w * w - 0.5;
        let dot2 = x * vx + y * vy + z * vz;
        V3::new(
            vx * w2 + (y * vz - z * vy) * w + x * dot2,
            vy * w2 + (z * vx - x * vz) * w + y * dot2,
            vz * w2 + (x * vy - y * vx) * w + z * dot2,
        )
    }

    /// `rotateInv`.
    pub fn rotate_inv(self, v: V3) -> V3 {
        let (x, y, z, w) = (self.x, self.y, self.z, self.w);
        let (vx, vy, vz) = (2.0 * v.x, 2.0 * v.y, 2.0 * v.z);
        let w2 = w * w - 0.5;
        let dot2 = x * vx + y * vy + z * vz;
        V3::new(
            vx * w2 - (y * vz - z * vy) * w + x * dot2,
            vy * w2 - (z * vx - x * vz) * w + y * dot2,
            vz * w2 - (x * vy - y * vx) * w + z * dot2,
        )
    }

    /// `getBasisVector0`: the rotated x axis.
    pub fn basis0(self) -> V3 {
        let (x2, w2) = (self.x * 2.0, self.w * 2.0);
        V3::new(
            (self.w * w2) - 1.0 + self.x * x2,
            (self.z * w2) + self.y * x2,
            (-self.y * w2) + self.z * x2,
        )
    }
}

/// `PxMat33` by columns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct M3 {
    pub c0: V3,
    pub c1: V3,
    pub c2: V3,
}

impl M3 {
    /// `PxMat33Padded(q)` (`QuatGetMat33V`).
    pub fn from_quat(q: Q) -> M3 {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w);
        let (x2, y2, z2) = (x + x, y + y, z + z);
        let (xx, yy, zz) = (x2 * x, y2 * y, z2 * z);
        let (xy, xz, xw) = (x2 * y, x2 * z, x2 * w);
        let (yz, yw, zw) = (y2 * z, y2 * w, z2 * w);
        let v = 1.0 - xx;
        M3 {
            c0: V3::new(1.0 - yy - zz, xy + zw, xz - yw),
            c1: V3::new(xy - zw, v - zz, yz + xw),
            c2: V3::new(xz + yw, yz - xw, v - yy),
        }
    }

    /// `M v = c0 v.x + c1 v.y + c2 v.z` (`PxMat33::transform`, `M33MulV3`).
    pub fn transform(&self, v: V3) -> V3 {
        self.c0
            .scale(v.x)
            .add(self.c1.scale(v.y))
            .add(self.c2.scale(v.z))
    }

    /// `Cm::transformInertiaTensor(d, rot)`: `rot diag(d) rot^T`.
    pub fn inertia(d: V3, m: &M3) -> M3 {
        let (axx, axy, axz) = (d.x * m.c0.x, d.x * m.c0.y, d.x * m.c0.z);
        let (byx, byy, byz) = (d.y * m.c1.x, d.y * m.c1.y, d.y * m.c1.z);
        let (czx, czy, czz) = (d.z * m.c2.x, d.z * m.c2.y, d.z * m.c2.z);
        let xx = axx * m.c0.x + byx * m.c1.x + czx * m.c2.x;
        let yy = axy * m.c0.y + byy * m.c1.y + czy * m.c2.y;
        let zz = axz * m.c0.z + byz * m.c1.z + czz * m.c2.z;
        let xy = axx * m.c0.y + byx * m.c1.y + czx * m.c2.y;
        let xz = axx * m.c0.z + byx * m.c1.z + czx * m.c2.z;
        let yz = axy * m.c0.z + byy * m.c1.z + czy * m.c2.z;
        M3 {
            c0: V3::new(xx, xy, xz),
            c1: V3::new(xy, yy, yz),
            c2: V3::new(xz, yz, zz),
        }
    }
}

/// `integrateCore` / `integrateCoreStep`'s closed-form rotation of `q` by the world
/// angular velocity `w` over `dt`: `normalize((w s, 0) q + q cos)`, `s = sin(dt|w|/2)/|w|`,
/// `|w|` held to 1e7.
pub(super) fn integrate(q: Q, w: V3, dt: f32) -> Q {
    let squared = w.magnitude_squared();
    if squared == 0.0 {
        return q;
    }
    let (mut w, mut speed) = (w, squared.sqrt());
    const MAX: f32 = 1e7;
    if speed > MAX {
        w = w.scale(1.0 / squared.sqrt()).scale(MAX);
        speed = MAX;
    }
    let v = dt * speed * 0.5;
    let (s, c) = (libm::sinf(v) / speed, libm::cosf(v));
    let p = w.scale(s);
    let velocity = Q {
        x: p.x,
        y: p.y,
        z: p.z,
        w: 0.0,
    };
    velocity.mul(q).add(q.scale(c)).normalized()
}
