use crate::angle;
use crate::error::{in_range, positive, Error};
use crate::math;
use crate::random::SplitMix64;

/// Half the side of the square the swarm flies in, m: start positions and target paths
/// lie in `[-ARENA, ARENA]^2`.
pub const ARENA: f64 = 100.0;

/// The most missiles one swarm holds (a guard against a count typed with a few zeros
/// too many: 1,000,000 missiles is 60 MB of state).
pub const MAX_MISSILES: usize = 1_000_000;

/// The largest gain or limit a swarm accepts (see [`SwarmGains::validate`]).
pub const MAX_GAIN: f64 = 1e6;

/// The heading PID and motor limit every missile of a [`MissileSwarm`] shares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SwarmGains {
    /// Proportional gain on the heading error, 1/s^2 (angular acceleration per rad).
    pub kp: f64,
    /// Integral gain, 1/s^3.
    pub ki: f64,
    /// Derivative gain, 1/s.
    pub kd: f64,
    /// Largest magnitude of the integral term, rad/s^2.
    pub integral_limit: f64,
    /// Largest angular acceleration the motor gives, rad/s^2.
    pub max_angular_acceleration: f64,
}

impl Default for SwarmGains {
    /// Article 001's heading gains as in [`crate::controllers::HeadingController`]:
    /// `kp = 40`, `ki = 2`, `kd = 12`, the integral held within 20 rad/s^2, the motor
    /// clamped at 60 rad/s^2.
    fn default() -> Self {
        SwarmGains {
            kp: 40.0,
            ki: 2.0,
            kd: 12.0,
            integral_limit: 20.0,
            max_angular_acceleration: 60.0,
        }
    }
}

impl SwarmGains {
    /// Checks every field: gains in `[0, 1e6]`, limits positive and at most 1e6. The
    /// swarm has no per-missile divergence flag, so gains that could overflow its
    /// arithmetic (`kp e` with `e` up to pi) are refused up front.
    pub fn validate(&self) -> Result<(), Error> {
        in_range("kp", self.kp, 0.0, MAX_GAIN)?;
        in_range("ki", self.ki, 0.0, MAX_GAIN)?;
        in_range("kd", self.kd, 0.0, MAX_GAIN)?;
        positive("integral_limit", self.integral_limit)?;
        in_range("integral_limit", self.integral_limit, 0.0, MAX_GAIN)?;
        positive("max_angular_acceleration", self.max_angular_acceleration)?;
        in_range(
            "max_angular_acceleration",
            self.max_angular_acceleration,
            0.0,
            MAX_GAIN,
        )?;
        Ok(())
    }
}

/// One moving target: a Lissajous path `x = cx + rx sin(fx t + px)`,
/// `y = cy + ry sin(fy t + py)` (m, rad/s, rad).
#[derive(Clone, Copy, Debug, PartialEq)]
struct TargetPath {
    centre: [f64; 2],
    radius: [f64; 2],
    frequency: [f64; 2],
    phase: [f64; 2],
}

impl TargetPath {
    fn at(&self, t: f64) -> [f64; 2] {
        [0, 1].map(|k| {
            self.centre[k] + self.radius[k] * math::sin(self.frequency[k] * t + self.phase[k])
        })
    }
}

/// Article 001's missiles at scale: many bodies that can only fly where their nose
/// points, each turned toward its moving target by a heading PID whose output is an
/// angular acceleration, each at its own cruise speed. Struct of arrays; one call
/// steps them all at a fixed `dt`.
///
/// Per missile and step, with heading `a`, turn rate `w`, integral `I` and last error
/// `e'` (the target's position taken at the step's start time `t`):
///
/// `e = wrap(a - atan2(ty - y, tx - x))`,
/// `I = clamp(I + ki e dt, +-integral_limit)`,
/// `alpha = clamp(-(kp e + I + kd wrap(e - e') / dt), +-max_angular_acceleration)`,
/// `w += alpha dt`, `a += w dt`, then the thrust sets the velocity to
/// `speed (cos a, sin a)` and `x += v dt` (semi-implicit Euler throughout).
///
/// The derivative differentiates the wrapped change of the error, so a target passing
/// behind a missile (the error jumping from `pi` to `-pi`) gives no spike. Unlike the
/// single [`crate::controllers::Missile`], whose windowed PID keeps seven samples, the
/// swarm's PID keeps one: a running integral, clamped.
#[derive(Clone, Debug)]
pub struct MissileSwarm {
    dt: f64,
    /// Steps taken: the time is `steps_taken dt`, not a running sum that drifts.
    steps_taken: u64,
    gains: SwarmGains,
    rng: SplitMix64,
    /// x, y (m), heading (rad, within [-pi, pi]), turn rate (rad/s).
    x: Vec<f64>,
    y: Vec<f64>,
    heading: Vec<f64>,
    turn_rate: Vec<f64>,
    /// The integral term, rad/s^2, and the last heading error, rad.
    integral: Vec<f64>,
    last_error: Vec<f64>,
    /// Cruise speed, m/s.
    speed: Vec<f64>,
    /// Which target each missile chases.
    target_of: Vec<u32>,
    paths: Vec<TargetPath>,
    /// Target positions at `time`, m.
    target_x: Vec<f64>,
    target_y: Vec<f64>,
}

impl MissileSwarm {
    /// `count` missiles chasing `targets` moving targets, stepped at `dt` s, all drawn
    /// from `seed`: starts uniform in the arena at rest turning, headings uniform,
    /// speeds uniform in 20..40 m/s, target paths with radii 20..60 m and angular
    /// frequencies 0.2..0.6 rad/s. Missile `k` chases target `k mod targets`.
    pub fn new(
        count: usize,
        targets: usize,
        seed: u64,
        dt: f64,
        gains: SwarmGains,
    ) -> Result<MissileSwarm, Error> {
        positive("dt", dt)?;
        in_range("dt", dt, 0.0, 1.0)?;
        gains.validate()?;
        if targets == 0 || targets > 4096 {
            return Err(Error::OutOfRange {
                field: "targets",
                value: targets as f64,
                min: 1.0,
                max: 4096.0,
            });
        }
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |lo: f64, hi: f64| lo + (hi - lo) * rng.next_open01();
        let paths: Vec<TargetPath> = (0..targets)
            .map(|_| TargetPath {
                centre: [uniform(-40.0, 40.0), uniform(-40.0, 40.0)],
                radius: [uniform(20.0, 60.0), uniform(20.0, 60.0)],
                frequency: [uniform(0.2, 0.6), uniform(0.2, 0.6)],
                phase: [
                    uniform(-core::f64::consts::PI, core::f64::consts::PI),
                    uniform(-core::f64::consts::PI, core::f64::consts::PI),
                ],
            })
            .collect();
        let (target_x, target_y) = paths.iter().map(|p| p.at(0.0)).map(|[x, y]| (x, y)).unzip();
        let mut swarm = MissileSwarm {
            dt,
            steps_taken: 0,
            gains,
            rng,
            x: Vec::new(),
            y: Vec::new(),
            heading: Vec::new(),
            turn_rate: Vec::new(),
            integral: Vec::new(),
            last_error: Vec::new(),
            speed: Vec::new(),
            target_of: Vec::new(),
            paths,
            target_x,
            target_y,
        };
        swarm.set_count(count)?;
        Ok(swarm)
    }

    /// Grows the swarm with new missiles drawn from the generator (continuing where it
    /// stopped) or drops the last ones, keeping every other missile as it is.
    pub fn set_count(&mut self, count: usize) -> Result<(), Error> {
        if count > MAX_MISSILES {
            return Err(Error::OutOfRange {
                field: "count",
                value: count as f64,
                min: 0.0,
                max: MAX_MISSILES as f64,
            });
        }
        let pi = core::f64::consts::PI;
        while self.len() > count {
            for v in self.columns() {
                v.pop();
            }
            self.target_of.pop();
        }
        while self.len() < count {
            let k = self.len();
            let mut uniform = |lo: f64, hi: f64| lo + (hi - lo) * self.rng.next_open01();
            let (x, y, a, s) = (
                uniform(-ARENA, ARENA),
                uniform(-ARENA, ARENA),
                uniform(-pi, pi),
                uniform(20.0, 40.0),
            );
            let t = k % self.paths.len();
            let error = self.error(x, y, a, t);
            for (v, value) in self
                .columns()
                .into_iter()
                .zip([x, y, a, 0.0, 0.0, error, s])
            {
                v.push(value);
            }
            self.target_of.push(t as u32);
        }
        Ok(())
    }

    fn columns(&mut self) -> [&mut Vec<f64>; 7] {
        [
            &mut self.x,
            &mut self.y,
            &mut self.heading,
            &mut self.turn_rate,
            &mut self.integral,
            &mut self.last_error,
            &mut self.speed,
        ]
    }

    fn error(&self, x: f64, y: f64, heading: f64, target: usize) -> f64 {
        let desired = math::atan2(self.target_y[target] - y, self.target_x[target] - x);
        angle::wrap(heading - desired)
    }

    /// Number of missiles.
    pub fn len(&self) -> usize {
        self.x.len()
    }

    /// True with no missile.
    pub fn is_empty(&self) -> bool {
        self.x.is_empty()
    }

    /// Replaces the shared gains (the integrals and errors carry on).
    pub fn set_gains(&mut self, gains: SwarmGains) -> Result<(), Error> {
        gains.validate()?;
        self.gains = gains;
        Ok(())
    }

    /// The shared gains.
    pub fn gains(&self) -> SwarmGains {
        self.gains
    }

    /// Simulated time, s.
    pub fn time(&self) -> f64 {
        self.steps_taken as f64 * self.dt
    }

    /// Positions x, m.
    pub fn x(&self) -> &[f64] {
        &self.x
    }

    /// Positions y, m.
    pub fn y(&self) -> &[f64] {
        &self.y
    }

    /// Headings, rad, within [-pi, pi].
    pub fn heading(&self) -> &[f64] {
        &self.heading
    }

    /// Target positions x, m, at [`MissileSwarm::time`].
    pub fn target_x(&self) -> &[f64] {
        &self.target_x
    }

    /// Target positions y, m.
    pub fn target_y(&self) -> &[f64] {
        &self.target_y
    }

    /// Sum of every position x + y: the run's checksum.
    pub fn checksum(&self) -> f64 {
        self.x.iter().sum::<f64>() + self.y.iter().sum::<f64>()
    }

    /// Advances every missile and target by `steps` steps of `dt`.
    pub fn step(&mut self, steps: u32) {
        let dt = self.dt;
        let g = self.gains;
        for _ in 0..steps {
            let n = self.len();
            let (x, y, a, w) = (
                &mut self.x[..n],
                &mut self.y[..n],
                &mut self.heading[..n],
                &mut self.turn_rate[..n],
            );
            let (integral, last, speed, target_of) = (
                &mut self.integral[..n],
                &mut self.last_error[..n],
                &self.speed[..n],
                &self.target_of[..n],
            );
            for k in 0..n {
                let t = target_of[k] as usize;
                let desired = math::atan2(self.target_y[t] - y[k], self.target_x[t] - x[k]);
                let e = angle::wrap(a[k] - desired);
                integral[k] =
                    (integral[k] + g.ki * e * dt).clamp(-g.integral_limit, g.integral_limit);
                let d = g.kd * angle::wrap(e - last[k]) / dt;
                last[k] = e;
                let alpha = (-(g.kp * e + integral[k] + d))
                    .clamp(-g.max_angular_acceleration, g.max_angular_acceleration);
                w[k] += alpha * dt;
                a[k] = angle::wrap(a[k] + w[k] * dt);
                x[k] += speed[k] * math::cos(a[k]) * dt;
                y[k] += speed[k] * math::sin(a[k]) * dt;
            }
            self.steps_taken += 1;
            let time = self.time();
            for (k, path) in self.paths.iter().enumerate() {
                [self.target_x[k], self.target_y[k]] = path.at(time);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn swarm(count: usize, targets: usize) -> MissileSwarm {
        MissileSwarm::new(count, targets, 11, 1.0 / 60.0, SwarmGains::default()).unwrap()
    }

    /// The same law written the way one would for one missile object, to check the
    /// struct-of-arrays bookkeeping (which missile reads which target and column).
    #[test]
    fn agrees_with_one_missile_at_a_time() {
        let mut s = swarm(40, 7);
        let mut missiles: Vec<[f64; 7]> = (0..40)
            .map(|k| {
                [
                    s.x[k],
                    s.y[k],
                    s.heading[k],
                    0.0,
                    0.0,
                    s.last_error[k],
                    s.speed[k],
                ]
            })
            .collect();
        let paths = s.paths.clone();
        let g = SwarmGains::default();
        let dt = 1.0 / 60.0;
        for step in 0..600 {
            let time = step as f64 * dt;
            for (k, m) in missiles.iter_mut().enumerate() {
                let [x, y, a, w, i, last, speed] = *m;
                let [tx, ty] = paths[k % 7].at(time);
                let e = angle::wrap(a - math::atan2(ty - y, tx - x));
                let i = (i + g.ki * e * dt).clamp(-20.0, 20.0);
                let alpha =
                    (-(g.kp * e + i + g.kd * angle::wrap(e - last) / dt)).clamp(-60.0, 60.0);
                let w = w + alpha * dt;
                let a = angle::wrap(a + w * dt);
                *m = [
                    x + speed * math::cos(a) * dt,
                    y + speed * math::sin(a) * dt,
                    a,
                    w,
                    i,
                    e,
                    speed,
                ];
            }
        }
        s.step(600);
        for (k, m) in missiles.iter().enumerate() {
            assert_eq!(
                (s.x[k], s.y[k], s.heading[k]),
                (m[0], m[1], m[2]),
                "missile {k}"
            );
        }
    }

    #[test]
    fn missiles_catch_their_targets_and_stay_close() {
        let mut s = swarm(200, 5);
        s.step(60 * 20);
        let mut near = 0;
        for k in 0..s.len() {
            let t = s.target_of[k] as usize;
            let d = math::sqrt((s.x[k] - s.target_x[t]).powi(2) + (s.y[k] - s.target_y[t]).powi(2));
            // A missile faster than its target cannot sit on it: it circles through it.
            // Its turning circle at 40 m/s and 60 rad/s^2 is well under 20 m across.
            if d < 25.0 {
                near += 1;
            }
        }
        assert!(near >= 190, "only {near} of 200 within 25 m after 20 s");
        assert!(s.x.iter().chain(&s.y).all(|v| v.abs() < 3.0 * ARENA));
    }

    #[test]
    fn resizing_keeps_the_others_and_is_reproducible() {
        let mut a = swarm(100, 4);
        a.step(30);
        let before: Vec<f64> = a.x()[..50].to_vec();
        a.set_count(50).unwrap();
        assert_eq!(a.x(), &before[..]);
        a.set_count(120).unwrap();
        assert_eq!(a.len(), 120);
        let mut b = swarm(100, 4);
        b.step(30);
        b.set_count(50).unwrap();
        b.set_count(120).unwrap();
        a.step(60);
        b.step(60);
        assert_eq!(a.checksum().to_bits(), b.checksum().to_bits());
    }

    #[test]
    fn refuses_bad_input_by_name() {
        let bad = |gains: SwarmGains| MissileSwarm::new(1, 1, 1, 0.01, gains).unwrap_err().field();
        assert_eq!(
            bad(SwarmGains {
                kp: f64::NAN,
                ..SwarmGains::default()
            }),
            "kp"
        );
        assert_eq!(
            bad(SwarmGains {
                max_angular_acceleration: 0.0,
                ..SwarmGains::default()
            }),
            "max_angular_acceleration"
        );
        let err = |r: Result<MissileSwarm, Error>| r.unwrap_err().field();
        assert_eq!(
            err(MissileSwarm::new(1, 0, 1, 0.01, SwarmGains::default())),
            "targets"
        );
        assert_eq!(
            err(MissileSwarm::new(1, 1, 1, -1.0, SwarmGains::default())),
            "dt"
        );
        assert_eq!(
            err(MissileSwarm::new(
                MAX_MISSILES + 1,
                1,
                1,
                0.01,
                SwarmGains::default()
            )),
            "count"
        );
    }
}
