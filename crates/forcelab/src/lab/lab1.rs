use super::{Disturbances, SplitMix64};
use crate::analysis::{MetricsOptions, StepMetrics};
use crate::body::Body1;
use crate::controllers::{Controller1, Target1};
use crate::error::{positive, Error};
use crate::integrator::Integrator;
use crate::world::DIVERGED_LIMIT;

/// The recorded run: one row per step (row 0 is the start), and for the per-controller
/// series `n` values per row (row-major: `x[row * n + k]`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace1 {
    /// Time, s.
    pub time: Vec<f64>,
    /// Target position, m.
    pub target: Vec<f64>,
    /// Positions, m.
    pub x: Vec<f64>,
    /// Velocities, m/s.
    pub v: Vec<f64>,
    /// Forces applied, N.
    pub force: Vec<f64>,
    /// Proportional terms, N.
    pub p: Vec<f64>,
    /// Integral terms, N.
    pub i: Vec<f64>,
    /// Derivative terms, N.
    pub d: Vec<f64>,
    /// Feed-forward terms, N.
    pub ff: Vec<f64>,
}

/// Several controllers driving identical 1-D bodies in lockstep: same mass, same
/// start, same target, same disturbances, same noise sample each step, one dt, one
/// integrator. A body that diverges is frozen and flagged; the others go on.
#[derive(Clone, Debug)]
pub struct Lab1 {
    dt: f64,
    mass: f64,
    integrator: Integrator,
    disturbances: Disturbances,
    controllers: Vec<Controller1>,
    bodies: Vec<Body1>,
    diverged: Vec<bool>,
    target: Target1,
    time: f64,
    rng: SplitMix64,
    trace: Trace1,
}

impl Lab1 {
    /// A lab with these controllers on bodies of `mass` kg at rest at 0, stepped at `dt`.
    pub fn new(
        controllers: Vec<Controller1>,
        mass: f64,
        dt: f64,
        integrator: Integrator,
        disturbances: Disturbances,
    ) -> Result<Lab1, Error> {
        positive("dt", dt)?;
        positive("mass", mass)?;
        disturbances.validate()?;
        for c in &controllers {
            c.validate()?;
        }
        let mut lab = Lab1 {
            dt,
            mass,
            integrator,
            disturbances,
            bodies: Vec::new(),
            diverged: Vec::new(),
            controllers,
            target: Target1::default(),
            time: 0.0,
            rng: SplitMix64::new(disturbances.seed),
            trace: Trace1::default(),
        };
        lab.reset();
        Ok(lab)
    }

    /// Back to the start: bodies at rest at 0, controllers' memory cleared, the noise
    /// generator re-seeded, the trace holding only the first row.
    pub fn reset(&mut self) {
        let body = Body1 {
            x: 0.0,
            v: 0.0,
            mass: self.mass,
            integrator: self.integrator,
        };
        self.bodies = vec![body; self.controllers.len()];
        self.diverged = vec![false; self.controllers.len()];
        for c in &mut self.controllers {
            c.reset();
        }
        self.target = Target1 {
            x: self.disturbances.target_start,
            v: self.disturbances.target_velocity,
        };
        self.time = 0.0;
        self.rng = SplitMix64::new(self.disturbances.seed);
        self.trace = Trace1::default();
        self.record(&vec![Default::default(); self.controllers.len()]);
    }

    /// Number of controllers.
    pub fn len(&self) -> usize {
        self.controllers.len()
    }

    /// True when there is no controller.
    pub fn is_empty(&self) -> bool {
        self.controllers.is_empty()
    }

    /// The recorded trace.
    pub fn trace(&self) -> &Trace1 {
        &self.trace
    }

    /// Whether each body has diverged.
    pub fn diverged(&self) -> &[bool] {
        &self.diverged
    }

    /// The controllers (to read their settings).
    pub fn controllers(&self) -> &[Controller1] {
        &self.controllers
    }

    /// Replaces controller `index`'s gains live (kp N/m, kd N s/m).
    pub fn set_gains(&mut self, index: usize, kp: f64, kd: f64) -> Result<(), Error> {
        let n = self.controllers.len();
        let c = self.controllers.get_mut(index).ok_or(Error::OutOfRange {
            field: "index",
            value: index as f64,
            min: 0.0,
            max: n as f64 - 1.0,
        })?;
        c.set_gains(kp, kd, self.mass)
    }

    /// Advances every body by `steps` steps, recording one row per step.
    pub fn step(&mut self, steps: u32) {
        let mut terms = vec![crate::controllers::Terms::default(); self.controllers.len()];
        for _ in 0..steps {
            let d = self.disturbances;
            let t0 = self.time;
            // An event at time T belongs to the step that starts at T; the slack absorbs
            // the rounding of a clock summed from many steps.
            let slack = 1e-9 * self.dt;
            let crosses = |at: f64| at >= t0 - slack && at < t0 + self.dt - slack;
            if let Some((at, to)) = d.target_step {
                if crosses(at) {
                    self.target.x = to;
                }
            }
            let dt = match d.dt_spike {
                Some((at, factor)) if crosses(at) => self.dt * factor,
                _ => self.dt,
            };
            let noise = if d.noise > 0.0 {
                d.noise * self.rng.next_normal()
            } else {
                0.0
            };
            let kick = match d.sideswipe {
                Some((at, impulse)) if crosses(at) => impulse / self.mass,
                _ => 0.0,
            };
            for (k, slot) in terms.iter_mut().enumerate() {
                if self.diverged[k] {
                    continue;
                }
                let body = self.bodies[k];
                let measured = Body1 {
                    x: body.x + noise,
                    ..body
                };
                let stepped = self.controllers[k]
                    .force(&measured, &self.target, dt)
                    .and_then(|t| {
                        let mut next = body;
                        next.v += kick;
                        next.step(t.total + d.constant_force, dt)
                            .map(|()| (next, t))
                    });
                match stepped {
                    Ok((next, t))
                        if next.x.abs() <= DIVERGED_LIMIT && next.v.abs() <= DIVERGED_LIMIT =>
                    {
                        self.bodies[k] = next;
                        *slot = t;
                    }
                    _ => self.diverged[k] = true,
                }
            }
            self.target.x += self.target.v * dt;
            self.time += dt;
            self.record(&terms);
        }
    }

    fn record(&mut self, terms: &[crate::controllers::Terms]) {
        let t = &mut self.trace;
        t.time.push(self.time);
        t.target.push(self.target.x);
        for (k, b) in self.bodies.iter().enumerate() {
            t.x.push(b.x);
            t.v.push(b.v);
            let terms = if self.diverged[k] {
                Default::default()
            } else {
                terms[k]
            };
            t.force.push(terms.total);
            t.p.push(terms.p);
            t.i.push(terms.i);
            t.d.push(terms.d);
            t.ff.push(terms.ff);
        }
    }

    /// Step-response metrics of each controller over the trace so far, against the
    /// target's final position.
    pub fn metrics(&self) -> Vec<StepMetrics> {
        let n = self.controllers.len();
        let t = &self.trace;
        let goal = *t.target.last().unwrap_or(&0.0);
        (0..n)
            .map(|k| {
                let xs: Vec<f64> = t.x.iter().skip(k).step_by(n).copied().collect();
                let fs: Vec<f64> = t.force.iter().skip(k).step_by(n).copied().collect();
                let mut m =
                    StepMetrics::of(&t.time, &xs, &fs, 0.0, goal, MetricsOptions::default())
                        .unwrap_or(StepMetrics {
                            rise_time: None,
                            settling_time: None,
                            overshoot_percent: 0.0,
                            steady_state_error: f64::INFINITY,
                            iae: f64::INFINITY,
                            peak_effort: f64::INFINITY,
                            diverged: true,
                        });
                m.diverged |= self.diverged[k];
                m
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controllers::ControllerKind;

    fn lab(kinds: &[ControllerKind], d: Disturbances) -> Lab1 {
        let cs = kinds
            .iter()
            .map(|&k| Controller1::new(k, 400.0, 40.0, 1.0).unwrap())
            .collect();
        Lab1::new(cs, 1.0, 1.0 / 60.0, Integrator::SemiImplicitEuler, d).unwrap()
    }

    #[test]
    fn the_same_controller_twice_gives_the_same_trace_in_lockstep() {
        let d = Disturbances {
            noise: 0.01,
            sideswipe: Some((1.0, 3.0)),
            ..Disturbances::default()
        };
        let mut l = lab(&[ControllerKind::Pid, ControllerKind::Pid], d);
        l.step(300);
        let t = l.trace();
        assert_eq!(t.time.len(), 301);
        for row in 0..301 {
            assert_eq!(t.x[2 * row].to_bits(), t.x[2 * row + 1].to_bits());
        }
    }

    #[test]
    fn a_reset_replays_the_same_noise_bit_for_bit() {
        let d = Disturbances {
            noise: 0.05,
            seed: 42,
            dt_spike: Some((2.0, 5.0)),
            ..Disturbances::default()
        };
        let mut l = lab(&[ControllerKind::BackwardPd, ControllerKind::Spd], d);
        l.step(400);
        let first = l.trace().clone();
        l.reset();
        l.step(400);
        assert_eq!(&first, l.trace());
        let mut other = lab(
            &[ControllerKind::BackwardPd, ControllerKind::Spd],
            Disturbances { seed: 43, ..d },
        );
        other.step(400);
        assert_ne!(first.x, other.trace().x);
    }

    #[test]
    fn pid_beats_pd_against_the_hill_and_the_sideswipe_moves_everyone() {
        let d = Disturbances {
            constant_force: -30.0,
            sideswipe: Some((5.0, 2.0)),
            ..Disturbances::default()
        };
        let mut pid = Controller1::new(ControllerKind::Pid, 400.0, 40.0, 1.0).unwrap();
        if let Controller1::Pid(p) = &mut pid {
            p.ki = 400.0;
        }
        let pd = Controller1::new(ControllerKind::BackwardPd, 400.0, 40.0, 1.0).unwrap();
        let mut l = Lab1::new(
            vec![pd, pid],
            1.0,
            1.0 / 60.0,
            Integrator::SemiImplicitEuler,
            d,
        )
        .unwrap();
        l.step(299);
        let m = l.metrics();
        // Against a steady load Wu's law holds with its effective stiffness kp g, not kp.
        let (ksg, _) = crate::controllers::BackwardPd {
            kp: 400.0,
            kd: 40.0,
        }
        .effective_gains(1.0, 1.0 / 60.0)
        .unwrap();
        assert!(
            (m[0].steady_state_error - 30.0 / ksg).abs() < 1e-3,
            "{:?}",
            m[0]
        );
        assert!(m[1].steady_state_error < 1e-3, "{:?}", m[1]);
        // Rows 300 (t = 5 s) and 301: the step that starts at 5 s takes the 2 m/s kick.
        l.step(2);
        let v = &l.trace().v;
        assert!(
            v[602] > v[600] + 1.5 && v[603] > v[601] + 1.5,
            "{:?}",
            &v[598..604]
        );
    }

    #[test]
    fn as_printed_twins_run_beside_the_corrected_laws() {
        let mut l = lab(
            &[ControllerKind::OneStep, ControllerKind::OneStepAsPrinted],
            Disturbances::default(),
        );
        l.step(1);
        let x = &l.trace().x;
        assert!(
            (x[2] - 1.0).abs() < 1e-12,
            "the corrected force lands: {}",
            x[2]
        );
        assert!(
            (x[3] - 1.0 / 60.0).abs() < 1e-12,
            "the printed one covers dt of the way: {}",
            x[3]
        );
    }

    #[test]
    fn refuses_bad_disturbances_by_name() {
        let bad = Disturbances {
            noise: -1.0,
            ..Disturbances::default()
        };
        let e = Lab1::new(vec![], 1.0, 0.01, Integrator::SemiImplicitEuler, bad).unwrap_err();
        assert_eq!(e.field(), "noise");
        let bad = Disturbances {
            dt_spike: Some((1.0, 0.0)),
            ..Disturbances::default()
        };
        let e = Lab1::new(vec![], 1.0, 0.01, Integrator::SemiImplicitEuler, bad).unwrap_err();
        assert_eq!(e.field(), "dt_spike.factor");
    }
}
