//! Determinism: a fixed 3-D scenario whose whole trace is hashed bit for bit. The same
//! constant is checked natively (`cargo test`) and in the browser (the bindings' wasm
//! tests), so any platform difference in floating point shows as a failed test.

use crate::body::{Body3, Gyroscopic};
use crate::controllers::{BackwardPd, SpdTorque, Target3};
use crate::rotation::{from_rotation_vector, integrate_exact};
use crate::world::{planar_swarm, Real};
use glam::DVec3;

/// The FNV-1a 64-bit hash of [`spinning_box_trace_hash`]'s scenario, as recorded.
pub const SPINNING_BOX_HASH: u64 = 0xdf7007da2229892a;

/// The hashes of [`planar_swarm_trace_hash`] in f64 and in f32, as recorded: the
/// browser tests check that wasm's simd128 lanes (two f64 or four f32 bodies per
/// instruction) give the native run's bits (natively, SSE2 lanes on x86-64, which
/// `planar_step`'s tests hold to the scalar loop bit for bit).
pub const PLANAR_SWARM_HASHES: [u64; 2] = [0xf814_39c7_6ce9_52e0, 0x1a6a_b336_1648_d549];

/// FNV-1a over the IEEE-754 bits of a sequence of numbers.
#[derive(Clone, Copy, Debug)]
pub struct TraceHasher(u64);

impl Default for TraceHasher {
    fn default() -> Self {
        TraceHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl TraceHasher {
    /// Mixes the eight bytes of `value`'s bit pattern in.
    pub fn add(&mut self, value: f64) {
        for byte in value.to_bits().to_le_bytes() {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// Ten seconds at 60 Hz of a box with a tilted inertia frame: SPD (paper form, torque)
/// tracks a target orientation spinning at a constant rate, while Wu's backward PD pulls
/// the centre along a circle; implicit gyroscopic term. Hashes position, orientation,
/// velocity and angular velocity after every step.
pub fn spinning_box_trace_hash() -> u64 {
    let dt = 1.0 / 60.0;
    let mut body = Body3 {
        inertia_rotation: from_rotation_vector(DVec3::new(0.2, -0.3, 0.1)),
        angular_velocity: DVec3::new(0.5, -2.0, 1.0),
        gyroscopic: Gyroscopic::Implicit,
        angular_damping: 0.05,
        ..Body3::cuboid(2.0, DVec3::new(1.0, 0.4, 0.2))
    };
    let spin = DVec3::new(0.3, 1.2, -0.4);
    let mut target = Target3 {
        orientation: from_rotation_vector(DVec3::new(1.0, 0.0, 2.0)),
        angular_velocity: spin,
        ..Target3::default()
    };
    let spd = SpdTorque { kp: 60.0, kd: 8.0 };
    let pd = BackwardPd {
        kp: 400.0,
        kd: 30.0,
    };
    let mut hash = TraceHasher::default();
    for n in 0..600 {
        let t = n as f64 * dt;
        target.position = DVec3::new(crate::math::cos(t), crate::math::sin(t), 0.5 * t);
        target.velocity = DVec3::new(-crate::math::sin(t), crate::math::cos(t), 0.5);
        let torque = spd
            .torque(&body, &target, dt)
            .expect("valid scenario")
            .total;
        let force = pd.force3(&body, &target, dt).expect("valid scenario").total;
        body.step(force, torque, dt).expect("valid scenario");
        target.orientation = integrate_exact(target.orientation, spin, dt);
        for v in body.position.to_array() {
            hash.add(v);
        }
        for v in body.orientation.to_array() {
            hash.add(v);
        }
        for v in body.velocity.to_array() {
            hash.add(v);
        }
        for v in body.angular_velocity.to_array() {
            hash.add(v);
        }
    }
    hash.finish()
}

/// Issue 8's swarm of 1,003 bodies (whole chunks, a part chunk, and a remainder the
/// lanes leave to the scalar loop in either width) in precision `F`, as the benchmark
/// runs it, hashed after every tenth of 120 steps: x, y, angle, vx, vy and the angular
/// velocity of every body, as f64 bits.
pub fn planar_swarm_trace_hash<F: Real>() -> u64 {
    let mut world = planar_swarm::<F>(1003, 5).expect("valid scenario");
    let mut hash = TraceHasher::default();
    for _ in 0..12 {
        world.step(10);
        for column in [
            world.x(),
            world.y(),
            world.angle(),
            world.vx(),
            world.vy(),
            world.angular_velocity(),
        ] {
            for v in column {
                hash.add(v.to_f64());
            }
        }
    }
    hash.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spinning_box_trace_has_not_changed() {
        assert_eq!(
            spinning_box_trace_hash(),
            SPINNING_BOX_HASH,
            "the trace changed: if the change is intended, record the new hash"
        );
    }

    #[test]
    fn the_planar_swarm_traces_have_not_changed() {
        assert_eq!(
            [
                planar_swarm_trace_hash::<f64>(),
                planar_swarm_trace_hash::<f32>()
            ],
            PLANAR_SWARM_HASHES,
            "the trace changed: if the change is intended, record the new hashes"
        );
    }
}
