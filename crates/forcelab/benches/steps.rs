//! Native timings (criterion): one step of each 1-D law on a cube, and issue 8's
//! batched scenario (`forcelab::world::planar_swarm`) per body-step at N = 1,000,
//! 10,000 and 100,000, one step of the missile swarm at 20,000 and 100,000, and the
//! tuner answering one wish for each law (`forcelab::design`, [`TUNER_WISH`]).
//! `npm run bench` runs this and reads criterion's estimates.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use forcelab::catalogue::{LawId, PlantId};
use forcelab::controllers::Controller1;
use forcelab::design::{tune, DesignSpec, Requirements};
use forcelab::world::{planar_swarm, MissileSwarm, SwarmGains};
use forcelab::{Body1, Target1};
use std::hint::black_box;

fn controller_steps(c: &mut Criterion) {
    let mut group = c.benchmark_group("controller-step");
    let dt = 1.0 / 60.0;
    for kind in LawId::driving(PlantId::Cube) {
        let mut law = Controller1::new(kind, 400.0, 20.0, 1.0).unwrap();
        let mut body = Body1::default();
        let target = Target1::at(1.0);
        group.bench_function(kind.id(), |b| {
            b.iter(|| {
                let f = law.force(black_box(&body), &target, dt).unwrap().total;
                body.step(f, dt).unwrap();
                // Keep the cube near its target so every iteration does the same work.
                if body.x.abs() > 10.0 {
                    body = Body1::default();
                }
            })
        });
    }
    group.finish();
}

fn batched_swarm(c: &mut Criterion) {
    let mut group = c.benchmark_group("batched-body-step");
    for n in [1_000usize, 10_000, 100_000] {
        let mut world = planar_swarm(n, 1).unwrap();
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| {
                world.step(1);
                black_box(&world);
            })
        });
    }
    group.finish();
}

/// One step of the missile swarm (heading PID per missile, 64 moving targets), the
/// native reference for the swarm scene's simulation time per frame.
fn missile_swarm(c: &mut Criterion) {
    let mut group = c.benchmark_group("missile-swarm-step");
    for n in [20_000usize, 100_000] {
        let mut swarm = MissileSwarm::new(n, 64, 1, 1.0 / 60.0, SwarmGains::default()).unwrap();
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| {
                swarm.step(1);
                black_box(&swarm);
            })
        });
    }
    group.finish();
}

/// The wish the tuner is timed on: settle within 0.5 s with at most 2 % overshoot, a
/// 1 kg cube at 60 Hz, semi-implicit Euler, 10 s runs (the browser bench asks the same).
pub const TUNER_WISH: (f64, f64) = (0.5, 0.02);

fn tuner(c: &mut Criterion) {
    let mut group = c.benchmark_group("tune");
    group.sample_size(10);
    for kind in LawId::driving(PlantId::Cube) {
        let spec = DesignSpec {
            requirements: Requirements {
                settle: Some(TUNER_WISH.0),
                overshoot: Some(TUNER_WISH.1),
                ..Requirements::default()
            },
            ..DesignSpec::new(kind, 1.0 / 60.0)
        };
        group.bench_function(kind.id(), |b| b.iter(|| tune(black_box(&spec)).unwrap()));
    }
    group.finish();
}

criterion_group!(
    benches,
    controller_steps,
    batched_swarm,
    missile_swarm,
    tuner
);
criterion_main!(benches);
