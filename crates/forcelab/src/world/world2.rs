use super::planar_step::{self, Columns};
use super::precision::{rounded, Real};
use crate::catalogue::LawId;
use crate::error::{finite, non_negative, positive, Error};

/// One 2-D body's start for [`PlanarWorld::add`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlanarBody {
    /// Position, m.
    pub x: f64,
    /// Position, m.
    pub y: f64,
    /// Angle, rad.
    pub angle: f64,
    /// Mass, kg.
    pub mass: f64,
    /// Moment of inertia, kg m^2.
    pub inertia: f64,
    /// Stiffness per unit mass (and per unit inertia for the turn), 1/s^2.
    pub kp: f64,
    /// Damping per unit mass (and inertia), 1/s.
    pub kd: f64,
}

/// The batched planar world in f64, the default: the precision of the rest of the
/// core, the same bits natively and in wasm.
pub type World2 = PlanarWorld<f64>;

/// The batched planar world in f32: a separate fast mode, four bodies per 128-bit
/// instruction instead of two. Positions carry about seven significant digits (a
/// tenth of a millimetre at 100 m), so its runs agree with [`World2`]'s to about six
/// digits, as rapier's (which computes in f32) do; f32 natively and in wasm give the
/// same bits as each other.
pub type World2F32 = PlanarWorld<f32>;

/// Many 2-D bodies, each driven toward its own resting target pose by one law on
/// position (force) and angle (torque, the short way round), stepped by semi-implicit
/// Euler at a fixed `dt`: the batched path for thousands of bodies, in precision `F`
/// ([`World2`] in f64, [`World2F32`] in f32).
///
/// Struct of arrays, one `Vec<F>` per quantity and no allocation per step; in
/// WebAssembly with simd128, and natively on x86-64 (SSE2), the step runs two f64 or
/// four f32 bodies per instruction (`planar_lanes.rs`). Inputs are f64 (validated there) and rounded to `F` once;
/// the effective gains are computed in f64 and then rounded.
/// Per body and step:
///
/// `F = m (kp' (x_t - x) - kd' v)`, `tau = I (kp' wrap(a_t - a) - kd' w)`,
/// `v += F / m dt`, `x += v dt` (likewise y and the angle), with `(kp', kd')` the
/// law's effective gains ([`LawId`]). The gains are per unit mass and inertia, so
/// the mass cancels: the loop computes the acceleration `F / m` directly, which saves
/// two multiplications per axis and keeps the masses out of the memory it streams.
#[derive(Clone, Debug, Default)]
pub struct PlanarWorld<F: Real> {
    dt: f64,
    law: LawId,
    /// x, y, angle, vx, vy, w.
    state: [Vec<F>; 6],
    /// Target x, y, angle.
    target: [Vec<F>; 3],
    /// Kept for the record: the step does not need them (see above).
    mass: Vec<f64>,
    inertia: Vec<f64>,
    /// Effective gains (kp', kd') per body at `dt`.
    kp: Vec<F>,
    kd: Vec<F>,
    raw: Vec<(f64, f64)>,
    diverged: Vec<u8>,
}

impl<F: Real> PlanarWorld<F> {
    /// An empty world stepping at `dt` s with `law`.
    pub fn new(dt: f64, law: LawId) -> Result<PlanarWorld<F>, Error> {
        positive("dt", dt)?;
        if !law.law().planar {
            return Err(Error::Unsupported {
                field: "law",
                reason:
                    "the batched 2-D world runs pd and backward-pd only (catalogue::planar_laws)",
            });
        }
        Ok(PlanarWorld {
            dt,
            law,
            ..PlanarWorld::default()
        })
    }

    /// Number of bodies.
    pub fn len(&self) -> usize {
        self.mass.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.mass.is_empty()
    }

    /// Makes room for `n` more bodies (so adding them does not reallocate).
    pub fn reserve(&mut self, n: usize) {
        for v in self.state.iter_mut().chain(&mut self.target) {
            v.reserve(n);
        }
        self.kp.reserve(n);
        self.kd.reserve(n);
        self.mass.reserve(n);
        self.inertia.reserve(n);
        self.raw.reserve(n);
        self.diverged.reserve(n);
    }

    fn effective(&self, kp: f64, kd: f64) -> (f64, f64) {
        match self.law {
            LawId::ForwardPd => (kp, kd),
            // `new` admits only the planar laws, so every other id here is Wu's.
            _ => {
                let dt = self.dt;
                let g = 1.0 / (1.0 + kd * dt + kp * dt * dt);
                (g * kp, g * (kd + kp * dt))
            }
        }
    }

    /// The law's effective gains for raw gains `(kp, kd)`, rounded to `F`: refused by
    /// name where they leave `F`'s range.
    fn step_gains_of(&self, kp: f64, kd: f64) -> Result<(F, F), Error> {
        let (p, d) = self.effective(kp, kd);
        Ok((rounded("kp", p)?, rounded("kd", d)?))
    }

    /// Adds a body at rest whose target is its start; returns its index.
    pub fn add(&mut self, b: PlanarBody) -> Result<usize, Error> {
        finite("x", b.x)?;
        finite("y", b.y)?;
        finite("angle", b.angle)?;
        positive("mass", b.mass)?;
        positive("inertia", b.inertia)?;
        non_negative("kp", b.kp)?;
        non_negative("kd", b.kd)?;
        let pose = [
            rounded("x", b.x)?,
            rounded("y", b.y)?,
            rounded("angle", b.angle)?,
        ];
        let (kp, kd) = self.step_gains_of(b.kp, b.kd)?;
        let start = [pose[0], pose[1], pose[2], F::ZERO, F::ZERO, F::ZERO];
        for (v, value) in self.state.iter_mut().zip(start) {
            v.push(value);
        }
        for (v, value) in self.target.iter_mut().zip(pose) {
            v.push(value);
        }
        self.mass.push(b.mass);
        self.inertia.push(b.inertia);
        self.kp.push(kp);
        self.kd.push(kd);
        self.raw.push((b.kp, b.kd));
        self.diverged.push(0);
        Ok(self.len() - 1)
    }

    /// Sets body `index`'s target pose (m, m, rad).
    pub fn set_target(&mut self, index: usize, x: f64, y: f64, angle: f64) -> Result<(), Error> {
        self.check(index)?;
        finite("target.x", x)?;
        finite("target.y", y)?;
        finite("target.angle", angle)?;
        let pose = [
            rounded("target.x", x)?,
            rounded("target.y", y)?,
            rounded("target.angle", angle)?,
        ];
        for (column, value) in self.target.iter_mut().zip(pose) {
            column[index] = value;
        }
        Ok(())
    }

    /// Sets every target from `[x, y, angle]` per body (length `3 n`).
    pub fn set_targets(&mut self, poses: &[f64]) -> Result<(), Error> {
        if poses.len() != 3 * self.len() {
            return Err(Error::OutOfRange {
                field: "targets.length",
                value: poses.len() as f64,
                min: (3 * self.len()) as f64,
                max: (3 * self.len()) as f64,
            });
        }
        for &v in poses {
            finite("targets", v)?;
            rounded::<F>("targets", v)?;
        }
        for (k, &v) in poses.iter().enumerate() {
            self.target[k % 3][k / 3] = F::of(v);
        }
        Ok(())
    }

    /// Sets body `index`'s raw gains per unit mass (1/s^2, 1/s).
    pub fn set_gains(&mut self, index: usize, kp: f64, kd: f64) -> Result<(), Error> {
        self.check(index)?;
        non_negative("kp", kp)?;
        non_negative("kd", kd)?;
        let (p, d) = self.step_gains_of(kp, kd)?;
        self.raw[index] = (kp, kd);
        if self.diverged[index] == 0 {
            self.kp[index] = p;
            self.kd[index] = d;
        }
        Ok(())
    }

    /// Body `index`'s raw gains `(kp, kd)`.
    pub fn gains(&self, index: usize) -> Result<(f64, f64), Error> {
        self.check(index)?;
        Ok(self.raw[index])
    }

    fn check(&self, index: usize) -> Result<(), Error> {
        crate::error::index(index, self.len()).map(|_| ())
    }

    /// The step, s.
    pub fn dt(&self) -> f64 {
        self.dt
    }

    /// The gains the step uses, per body: the law's effective `kp'` (1/s^2) and `kd'`
    /// (1/s) per unit mass and inertia at `dt` (zero for a body that ran away).
    pub fn step_gains(&self) -> [&[F]; 2] {
        [&self.kp, &self.kd]
    }

    /// The targets: x (m), y (m) and angle (rad) per body.
    pub fn targets(&self) -> [&[F]; 3] {
        [&self.target[0], &self.target[1], &self.target[2]]
    }

    /// Positions x, m.
    pub fn x(&self) -> &[F] {
        &self.state[0]
    }

    /// Positions y, m.
    pub fn y(&self) -> &[F] {
        &self.state[1]
    }

    /// Angles, rad (not wrapped: a body that turned twice reads 4 pi).
    pub fn angle(&self) -> &[F] {
        &self.state[2]
    }

    /// Velocities x, m/s.
    pub fn vx(&self) -> &[F] {
        &self.state[3]
    }

    /// Velocities y, m/s.
    pub fn vy(&self) -> &[F] {
        &self.state[4]
    }

    /// Angular velocities, rad/s.
    pub fn angular_velocity(&self) -> &[F] {
        &self.state[5]
    }

    /// 1 for each body that would have left [`DIVERGED_LIMIT`](crate::limits::DIVERGED_LIMIT) (it is frozen at its
    /// last state inside it), else 0.
    pub fn diverged(&self) -> &[u8] {
        &self.diverged
    }

    /// The sum of every final position, x + y, in f64: the scenario's checksum.
    pub fn checksum(&self) -> f64 {
        let sum = |v: &[F]| v.iter().map(|p| p.to_f64()).sum::<f64>();
        sum(&self.state[0]) + sum(&self.state[1])
    }

    /// Advances every body by `steps` steps. A body whose next pose would leave
    /// [`DIVERGED_LIMIT`](crate::limits::DIVERGED_LIMIT) (or not be a number) keeps its
    /// last pose, at rest, with its gains zeroed and its flag set: frozen where it was.
    pub fn step(&mut self, steps: u32) {
        self.step_range(0..self.len(), steps);
    }

    /// Advances body `index` alone by one step, exactly as [`PlanarWorld::step`] would: the
    /// bodies are independent, so stepping each once equals stepping all once. This is
    /// the benchmark's "one call per body" path, which measures the cost of a call.
    pub fn step_body(&mut self, index: usize) -> Result<(), Error> {
        self.check(index)?;
        self.step_range(index..index + 1, 1);
        Ok(())
    }

    fn step_range(&mut self, range: core::ops::Range<usize>, steps: u32) {
        let [x, y, a, vx, vy, w] = &mut self.state;
        let [tx, ty, ta] = &self.target;
        let r = range;
        let mut columns = Columns {
            x: &mut x[r.clone()],
            y: &mut y[r.clone()],
            a: &mut a[r.clone()],
            vx: &mut vx[r.clone()],
            vy: &mut vy[r.clone()],
            w: &mut w[r.clone()],
            tx: &tx[r.clone()],
            ty: &ty[r.clone()],
            ta: &ta[r.clone()],
            kp: &mut self.kp[r.clone()],
            kd: &mut self.kd[r.clone()],
            diverged: &mut self.diverged[r],
        };
        let dt = F::of(self.dt);
        for _ in 0..steps {
            planar_step::step(&mut columns, dt);
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::body::Body2;
    use crate::controllers::{BackwardPd, BackwardPdTorque, Target2};
    use crate::limits::DIVERGED_LIMIT;
    use crate::testing::{ALGEBRA_TOL, ROUND_OFF};
    use glam::DVec2;

    /// A body at `(x, -x)`, 2 kg, 0.3 kg m^2, angle 0.5 rad, with gains `kp`, `kd`.
    pub(in crate::world) fn body(x: f64, kp: f64, kd: f64) -> PlanarBody {
        PlanarBody {
            x,
            y: -x,
            angle: 0.5,
            mass: 2.0,
            inertia: 0.3,
            kp,
            kd,
        }
    }

    #[test]
    fn agrees_with_wus_laws_on_a_body2_to_rounding() {
        let dt = 1.0 / 60.0;
        let mut w = World2::new(dt, LawId::BackwardPd).unwrap();
        w.add(body(0.0, 300.0, 20.0)).unwrap();
        w.set_target(0, 1.0, 2.0, 3.0).unwrap();
        let mut b = Body2 {
            position: DVec2::new(0.0, 0.0),
            angle: 0.5,
            mass: 2.0,
            inertia: 0.3,
            ..Body2::default()
        };
        let target = Target2 {
            position: DVec2::new(1.0, 2.0),
            angle: 3.0,
            ..Target2::default()
        };
        let (f, t) = (
            BackwardPd {
                kp: 300.0,
                kd: 20.0,
            },
            BackwardPdTorque {
                kp: 300.0,
                kd: 20.0,
            },
        );
        for _ in 0..300 {
            // Wu's force takes gains in N/m: per unit mass here, so scale by the mass.
            let force = BackwardPd {
                kp: f.kp * b.mass,
                kd: f.kd * b.mass,
            }
            .force2(&b, &target, dt)
            .unwrap()
            .total;
            let torque = t.torque2(&b, &target, dt).unwrap().total;
            b.step(force, torque, dt).unwrap();
            w.step(1);
            assert!((w.x()[0] - b.position.x).abs() < ROUND_OFF);
            assert!((w.y()[0] - b.position.y).abs() < ROUND_OFF);
            assert!((w.angle()[0] - b.angle).abs() < ROUND_OFF);
        }
    }

    /// Every value of `v` as the bits of an f64 (exact for f32 too).
    fn bits<F: Real>(v: &[F]) -> Vec<u64> {
        v.iter().map(|x| x.to_f64().to_bits()).collect()
    }

    #[test]
    fn stepping_each_body_once_equals_one_step_of_all_bit_for_bit() {
        each_body_equals_all::<f64>();
        each_body_equals_all::<f32>();
    }

    fn each_body_equals_all<F: Real>() {
        let mut all = crate::world::planar_swarm::<F>(50, 3).unwrap();
        let mut each = all.clone();
        for _ in 0..30 {
            all.step(1);
            for k in (0..each.len()).rev() {
                each.step_body(k).unwrap();
            }
        }
        assert_eq!(all.checksum().to_bits(), each.checksum().to_bits());
        assert_eq!(bits(all.angle()), bits(each.angle()));
        assert_eq!(each.step_body(50).unwrap_err().field(), "index");
    }

    #[test]
    fn a_body_that_runs_away_in_a_chunk_of_calm_ones_freezes_alone_bit_for_bit() {
        runaway_in_a_calm_chunk::<f64>();
        runaway_in_a_calm_chunk::<f32>();
    }

    fn runaway_in_a_calm_chunk<F: Real>() {
        // Forward PD on 300 bodies (more than two of the step's chunks), three of them
        // stiff enough to run away, in different chunks and at a chunk's edge.
        let dt = 1.0 / 60.0;
        let mut all = PlanarWorld::<F>::new(dt, LawId::ForwardPd).unwrap();
        for k in 0..300 {
            let stiff = [5, 127, 128].contains(&k) || k == 299;
            all.add(body(k as f64 * 0.01, if stiff { 1e6 } else { 300.0 }, 20.0))
                .unwrap();
            all.set_target(k, 1.0, 2.0, 3.0).unwrap();
        }
        let mut each = all.clone();
        for _ in 0..120 {
            all.step(1);
            for k in 0..each.len() {
                each.step_body(k).unwrap();
            }
        }
        let ran_away: Vec<usize> = (0..300).filter(|&k| all.diverged()[k] == 1).collect();
        assert_eq!(ran_away, vec![5, 127, 128, 299]);
        for k in ran_away {
            assert_eq!((all.vx()[k], all.angular_velocity()[k]), (F::ZERO, F::ZERO));
            assert_eq!(all.step_gains()[0][k], F::ZERO);
            assert!(all.x()[k].to_f64().abs() <= DIVERGED_LIMIT);
        }
        for (ours, alone) in [
            (all.x(), each.x()),
            (all.y(), each.y()),
            (all.angle(), each.angle()),
            (all.vx(), each.vx()),
        ] {
            assert_eq!(bits(ours), bits(alone));
        }
    }

    #[test]
    fn wu_holds_where_forward_pd_explodes() {
        let dt = 1.0 / 60.0;
        for (law, bounded) in [(LawId::ForwardPd, false), (LawId::BackwardPd, true)] {
            let mut w = World2::new(dt, law).unwrap();
            w.add(body(0.0, 1e5, 10.0)).unwrap();
            w.set_target(0, 1.0, 0.0, 0.0).unwrap();
            for _ in 0..60 {
                w.step(10);
            }
            assert_eq!(w.diverged()[0] == 0, bounded, "{}", law.id());
            assert!(w.x()[0].is_finite());
            if bounded {
                // Settled on the target, at rest.
                assert!((w.x()[0] - 1.0).abs() < ALGEBRA_TOL);
                assert!(w.vx()[0].abs() < ALGEBRA_TOL, "{}", w.vx()[0]);
            } else {
                // Stopped where it diverged: its velocity is zeroed, not left growing.
                assert_eq!(w.vx()[0], 0.0);
            }
        }
    }

    #[test]
    fn refuses_bad_input_by_name() {
        let mut w = World2::new(0.01, LawId::BackwardPd).unwrap();
        assert_eq!(
            w.add(PlanarBody {
                mass: 0.0,
                ..body(0.0, 1.0, 1.0)
            })
            .unwrap_err()
            .field(),
            "mass"
        );
        assert_eq!(w.set_target(3, 0.0, 0.0, 0.0).unwrap_err().field(), "index");
        w.add(body(0.0, 1.0, 1.0)).unwrap();
        assert_eq!(w.set_targets(&[1.0]).unwrap_err().field(), "targets.length");
        assert_eq!(w.set_gains(0, f64::NAN, 1.0).unwrap_err().field(), "kp");
    }
}
