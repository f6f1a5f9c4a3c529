use super::step_windows::{step_responses, StepResponse};
use super::{CubePlant, Disturbances, Drive, LawGains, Plant, SplitMix64, Trace};
use crate::analysis::StepMetrics;
use crate::controllers::{Controller1, Target1, Terms};
use crate::error::{in_range, positive, Error};
use crate::integrator::Integrator;
use crate::runner::advance;

/// Several controllers driving identical bodies in lockstep: same body, same start,
/// same target, same disturbances, same noise sample each step, one dt. A body that
/// diverges or whose law refuses its state is frozen and flagged with the reason; the
/// others go on.
#[derive(Clone, Debug)]
pub struct Lab<P: Plant> {
    plant: P,
    dt: f64,
    disturbances: Disturbances,
    initial: Vec<P::Slot>,
    slots: Vec<P::Slot>,
    failures: Vec<Option<Error>>,
    target: Target1,
    /// Simulated time, s: `steps * dt + spike`, computed rather than summed step by step,
    /// so the clock of row k reads k dt rounded once (a summed clock drifts: the CSV read
    /// 3.000006000000005 s where 3 s was meant).
    time: f64,
    /// Steps taken since the start.
    steps: u64,
    /// What a dt spike added to the clock beyond its one step (factor - 1) dt, s.
    spike: f64,
    rng: SplitMix64,
    trace: Trace,
    /// Record the rate, the terms and the pose too (what the page plots and draws).
    detail: bool,
}

/// The Lab on 1-D cubes (the original Lab; see [`CubePlant`]).
pub type Lab1 = Lab<CubePlant>;

impl Lab1 {
    /// A lab with these controllers on cubes of `mass` kg at rest at 0, stepped at `dt`.
    pub fn new(
        controllers: Vec<Controller1>,
        mass: f64,
        dt: f64,
        integrator: Integrator,
        disturbances: Disturbances,
    ) -> Result<Lab1, Error> {
        let plant = CubePlant::new(mass, integrator)?;
        let slots = plant.slots(controllers)?;
        Lab::with_plant(plant, slots, dt, disturbances)
    }
}

impl<P: Plant> Lab<P> {
    /// A lab of `slots` (bodies at their start, each with its controller) on `plant`.
    pub fn with_plant(
        plant: P,
        slots: Vec<P::Slot>,
        dt: f64,
        disturbances: Disturbances,
    ) -> Result<Lab<P>, Error> {
        positive("dt", dt)?;
        // A step longer than a second is no physics step, and with a dt spike it could
        // overflow the clock.
        in_range("dt", dt, 0.0, 1.0)?;
        disturbances.validate()?;
        let mut lab = Lab {
            plant,
            dt,
            disturbances,
            slots: slots.clone(),
            initial: slots,
            failures: Vec::new(),
            target: Target1::default(),
            time: 0.0,
            steps: 0,
            spike: 0.0,
            rng: SplitMix64::new(disturbances.seed),
            trace: Trace::default(),
            detail: true,
        };
        lab.reset();
        Ok(lab)
    }

    /// From now on records only what [`Lab::metrics`] reads (time, target, response,
    /// effort), and starts over: a run measured many times over (the tuner's candidates)
    /// need not keep the rate, the terms and the pose of every step.
    pub fn record_response_only(&mut self) {
        self.detail = false;
        self.reset();
    }

    /// Back to the start: bodies at their start, controllers' memory cleared, the noise
    /// generator re-seeded, the trace holding only the first row.
    pub fn reset(&mut self) {
        self.slots = self.initial.clone();
        self.failures = vec![None; self.slots.len()];
        self.target = Target1 {
            x: self.disturbances.target_start,
            v: self.disturbances.target_velocity,
        };
        self.time = 0.0;
        self.steps = 0;
        self.spike = 0.0;
        self.rng = SplitMix64::new(self.disturbances.seed);
        self.trace = Trace::default();
        self.record(&vec![Terms::default(); self.slots.len()]);
    }

    /// Number of bodies.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// True when there is no body.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The plant.
    pub fn plant(&self) -> &P {
        &self.plant
    }

    /// The physics step, s.
    pub fn dt(&self) -> f64 {
        self.dt
    }

    /// Simulated time, s.
    pub fn time(&self) -> f64 {
        self.time
    }

    /// The recorded trace.
    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// Whether each body has stopped (diverged or refused by its law).
    pub fn diverged(&self) -> Vec<bool> {
        self.failures.iter().map(Option::is_some).collect()
    }

    /// Why each stopped body stopped (`None` while it runs).
    pub fn failures(&self) -> &[Option<Error>] {
        &self.failures
    }

    /// The bodies with their controllers, as they are now.
    pub fn slots(&self) -> &[P::Slot] {
        &self.slots
    }

    /// Replaces body `index`'s gains live (and for the next reset); memory is kept.
    pub fn set_gains(&mut self, index: usize, gains: LawGains) -> Result<(), Error> {
        crate::error::index(index, self.slots.len())?;
        let slot = &mut self.slots[index];
        let mut fresh = self.initial[index].clone();
        self.plant.set_gains(&mut fresh, gains)?;
        self.plant.set_gains(slot, gains)?;
        self.initial[index] = fresh;
        Ok(())
    }

    /// Moves the target (a drag): position (m, or rad) and rate, from now on.
    pub fn set_target(&mut self, target: Target1) -> Result<(), Error> {
        target.validate()?;
        self.target = target;
        Ok(())
    }

    /// Advances every body by `steps` steps, recording one row per step.
    pub fn step(&mut self, steps: u32) {
        let mut terms = vec![Terms::default(); self.slots.len()];
        for _ in 0..steps {
            let d = self.disturbances;
            let t0 = self.time;
            // An event at time T belongs to the step that starts at T; the slack absorbs
            // the rounding of k dt.
            let slack = 1e-9 * self.dt;
            let crosses = |at: f64| at >= t0 - slack && at < t0 + self.dt - slack;
            let spiked = matches!(d.dt_spike, Some((at, _)) if crosses(at));
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
            let drive = Drive {
                target: self.target,
                noise,
                impulse: match d.sideswipe {
                    Some((at, impulse)) if crosses(at) => impulse,
                    _ => 0.0,
                },
                load: d.constant_force,
                dt,
            };
            advance(
                &self.plant,
                &mut self.slots,
                &mut self.failures,
                |_| drive,
                |k, t, _| terms[k] = t,
            );
            self.target.x += self.target.v * dt;
            self.steps += 1;
            if spiked {
                self.spike += dt - self.dt;
            }
            self.time = self.steps as f64 * self.dt + self.spike;
            self.record(&terms);
        }
    }

    fn record(&mut self, terms: &[Terms]) {
        let t = &mut self.trace;
        t.time.push(self.time);
        t.target.push(self.target.x);
        for (k, slot) in self.slots.iter().enumerate() {
            let (x, v) = self.plant.response(slot, self.target.x);
            let terms = if self.failures[k].is_some() {
                Terms::default()
            } else {
                terms[k]
            };
            t.x.push(x);
            t.force.push(terms.total);
            if self.detail {
                t.v.push(v);
                t.p.push(terms.p);
                t.i.push(terms.i);
                t.d.push(terms.d);
                t.ff.push(terms.ff);
                self.plant.pose(slot, &mut t.pose);
            }
        }
    }

    /// Step-response metrics of each body for the target's first step: over the trace
    /// so far, from its first response to the target's final position, or, once the
    /// run has passed a second target step ([`Disturbances::target_step`]), up to that
    /// step against the target it had then. [`Lab::step_responses`] has every step.
    pub fn metrics(&self) -> Vec<StepMetrics> {
        self.step_responses().swap_remove(0).metrics
    }

    /// Step-response metrics for each step of the target so far (one, or two after a
    /// second target step), each measured over its own part of the run, its times from
    /// its step.
    pub fn step_responses(&self) -> Vec<StepResponse> {
        let stopped: Vec<bool> = self.failures.iter().map(Option::is_some).collect();
        step_responses(&self.trace, &self.disturbances, self.dt, &stopped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::LawId;
    use crate::testing::ROUND_OFF;

    fn lab(kinds: &[LawId], d: Disturbances) -> Lab1 {
        let cs = kinds
            .iter()
            .map(|&k| Controller1::new(k, 400.0, 40.0, 1.0).unwrap())
            .collect();
        Lab1::new(cs, 1.0, 1.0 / 60.0, Integrator::SemiImplicitEuler, d).unwrap()
    }

    #[test]
    fn a_lab_recording_the_response_only_measures_the_same_bits() {
        let d = Disturbances {
            noise: 0.01,
            sideswipe: Some((1.0, 3.0)),
            constant_force: -2.0,
            ..Disturbances::default()
        };
        let kinds = [LawId::Pid, LawId::BackwardPd, LawId::OneStep];
        let mut full = lab(&kinds, d);
        let mut lean = lab(&kinds, d);
        lean.record_response_only();
        full.step(400);
        lean.step(400);
        assert_eq!(lean.metrics(), full.metrics());
        let (f, l) = (full.trace(), lean.trace());
        assert_eq!(
            (&l.time, &l.target, &l.x, &l.force),
            (&f.time, &f.target, &f.x, &f.force)
        );
        assert!(l.v.is_empty() && l.p.is_empty() && l.i.is_empty() && l.d.is_empty());
        assert!(l.ff.is_empty() && l.pose.is_empty() && !f.pose.is_empty());
    }

    #[test]
    fn the_same_controller_twice_gives_the_same_trace_in_lockstep() {
        let d = Disturbances {
            noise: 0.01,
            sideswipe: Some((1.0, 3.0)),
            ..Disturbances::default()
        };
        let mut l = lab(&[LawId::Pid, LawId::Pid], d);
        l.step(300);
        let t = l.trace();
        assert_eq!(t.time.len(), 301);
        for row in 0..301 {
            assert_eq!(t.x[2 * row].to_bits(), t.x[2 * row + 1].to_bits());
        }
    }

    /// The clock of row k is k dt rounded once, not a sum of k steps that drifts (the
    /// CSV's time column read 3.000006000000005); a dt spike adds its extra once.
    #[test]
    fn the_clock_reads_k_dt_not_a_drifting_sum() {
        let dt = 0.001;
        let pd = Controller1::new(LawId::ForwardPd, 400.0, 40.0, 1.0).unwrap();
        let mut l = Lab1::new(
            vec![pd],
            1.0,
            dt,
            Integrator::SemiImplicitEuler,
            Disturbances::default(),
        )
        .unwrap();
        l.step(6000);
        for (k, &t) in l.trace().time.iter().enumerate() {
            assert_eq!(t.to_bits(), (k as f64 * dt).to_bits(), "row {k}");
        }
        let spiked = Disturbances {
            dt_spike: Some((1.0, 5.0)),
            ..Disturbances::default()
        };
        let mut l = lab(&[LawId::ForwardPd], spiked);
        l.step(120);
        let step = l.dt();
        let extra = step * 5.0 - step;
        let t = &l.trace().time;
        assert_eq!(t[60].to_bits(), (60.0 * step).to_bits());
        assert_eq!(t[61].to_bits(), (61.0 * step + extra).to_bits());
        assert_eq!(t[120].to_bits(), (120.0 * step + extra).to_bits());
    }

    /// A moving target keeps to its own clock through a frame hitch: during the long
    /// step it moves for the step's true length, so at every row it sits at
    /// `start + speed * time`, not a fraction of a step behind for the rest of the run.
    #[test]
    fn a_moving_target_is_at_start_plus_speed_times_elapsed_time_through_a_dt_spike() {
        let (start, speed) = (0.25, 0.5);
        let d = Disturbances {
            target_start: start,
            target_velocity: speed,
            dt_spike: Some((1.0, 3.0)),
            ..Disturbances::default()
        };
        let mut l = lab(&[LawId::ForwardPd], d);
        l.step(120);
        let t = l.trace();
        assert!(
            t.time[120] > 120.0 * l.dt() * 1.01,
            "the spike lengthened the run"
        );
        for (k, (&time, &target)) in t.time.iter().zip(&t.target).enumerate() {
            let want = start + speed * time;
            assert!(
                (target - want).abs() < 1e-12,
                "row {k} at {time} s: target {target}, want {want}"
            );
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
        let mut l = lab(&[LawId::BackwardPd, LawId::Spd], d);
        l.step(400);
        let first = l.trace().clone();
        l.reset();
        l.step(400);
        assert_eq!(&first, l.trace());
        let mut other = lab(
            &[LawId::BackwardPd, LawId::Spd],
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
        let mut pid = Controller1::new(LawId::Pid, 400.0, 40.0, 1.0).unwrap();
        if let Controller1::Pid(p) = &mut pid {
            p.ki = 400.0;
        }
        let pd = Controller1::new(LawId::BackwardPd, 400.0, 40.0, 1.0).unwrap();
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
            &[LawId::OneStep, LawId::OneStepAsPrinted],
            Disturbances::default(),
        );
        l.step(1);
        let x = &l.trace().x;
        assert!(
            (x[2] - 1.0).abs() < ROUND_OFF,
            "the corrected force lands: {}",
            x[2]
        );
        assert!(
            (x[3] - 1.0 / 60.0).abs() < ROUND_OFF,
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
