//! Native timings (criterion): one step of each 1-D law on a cube, and issue 8's
//! batched scenario (`forcelab::world::planar_swarm`) per body-step at N = 1,000,
//! 10,000 and 100,000, beside a plain struct-of-arrays loop of the same arithmetic (the
//! baseline: what the hardware does with no world around it), one step of the missile swarm at 20,000 and 100,000, and the
//! tuner answering one wish for each law (`forcelab::design`, [`TUNER_WISH`]).
//! `npm run bench` runs this and reads criterion's estimates.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use forcelab::catalogue::{LawId, PlantId};
use forcelab::controllers::Controller1;
use forcelab::design::{tune, DesignSpec, Requirements};
use forcelab::world::{planar_swarm, MissileSwarm, SwarmGains, World1};
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

/// The same law step plus body step on many independent cubes (1,024, each with its own
/// controller, started apart so no two do the same arithmetic), each stepped once per
/// iteration: criterion reports time per cube-step (the restart every 64 steps, one
/// step in 64, is counted in). Unlike [`controller_steps`], whose
/// steps each wait for the one before (the latency of a dependent chain of about 40
/// cycles), here the processor overlaps the cubes, so the figure is what one more
/// controlled body costs a game that steps many: the throughput of the same checked
/// code, validation, `Result` and dispatch included.
/// The many-cube benches' cube count.
const CUBES: usize = 1024;

/// Where many-cube bench cube `k` starts, m: apart, so no two do the same arithmetic.
fn cube_start(k: usize) -> f64 {
    k as f64 / CUBES as f64
}

/// Counts a many-cube bench's steps and says when every cube must restart: after 64
/// steps, still moving. A cube left to rest can keep the smallest subnormal velocity
/// forever (its decay, `kd v dt`, rounds to zero), and each operation on a subnormal
/// costs about a hundred cycles on Intel processors, which would time the processor's
/// slow path instead of the law.
#[derive(Default)]
struct Restarts(u32);

impl Restarts {
    fn due(&mut self) -> bool {
        self.0 = (self.0 + 1) % 64;
        self.0 == 0
    }
}

fn controller_steps_many(c: &mut Criterion) {
    let mut group = c.benchmark_group("controller-step-many");
    group.throughput(Throughput::Elements(CUBES as u64));
    let dt = 1.0 / 60.0;
    let target = Target1::at(1.0);
    for kind in LawId::driving(PlantId::Cube) {
        let fresh = Controller1::new(kind, 400.0, 20.0, 1.0).unwrap();
        let mut laws = vec![fresh.clone(); CUBES];
        let start = |k: usize| Body1 {
            x: cube_start(k),
            ..Body1::default()
        };
        let mut bodies: Vec<Body1> = (0..CUBES).map(start).collect();
        let mut restarts = Restarts::default();
        group.bench_function(kind.id(), |b| {
            b.iter(|| {
                if restarts.due() {
                    for (k, (law, body)) in laws.iter_mut().zip(&mut bodies).enumerate() {
                        *law = fresh.clone();
                        *body = start(k);
                    }
                }
                for (law, body) in laws.iter_mut().zip(&mut bodies) {
                    let f = law.force(black_box(body), &target, dt).unwrap().total;
                    body.step(f, dt).unwrap();
                }
            })
        });
    }
    group.finish();
}

/// The same cubes in a [`World1`], which checks every input on the way in and steps
/// the linear laws with their constants worked out once ([`forcelab::controllers::Prepared1`]):
/// one `World1::step(1)` over 1,024 cubes, per cube-step (the restart every 64 steps,
/// by `place`, counted in, as in [`controller_steps_many`]).
fn world1_steps(c: &mut Criterion) {
    let mut group = c.benchmark_group("world1-body-step");
    group.throughput(Throughput::Elements(CUBES as u64));
    for kind in LawId::driving(PlantId::Cube) {
        let mut world = World1::new(1.0 / 60.0).unwrap();
        for k in 0..CUBES {
            let body = Body1::new(cube_start(k), 1.0).unwrap();
            world.add(body, kind, 400.0, 20.0).unwrap();
        }
        world.set_target(Target1::at(1.0)).unwrap();
        let mut restarts = Restarts::default();
        group.bench_function(kind.id(), |b| {
            b.iter(|| {
                if restarts.due() {
                    for k in 0..CUBES {
                        world.place(k, cube_start(k), 0.0).unwrap();
                    }
                }
                world.step(1);
                black_box(world.positions());
            })
        });
    }
    group.finish();
}

/// The 1-D baseline: forward PD and SPD on a cube written as bare arithmetic (no
/// validation, no `Result`, no enum), semi-implicit Euler, f64, the same cube, gains and
/// step as [`controller_steps`]. Each step depends on the one before, so this is the
/// floor that the latency of the arithmetic alone sets for one law step plus a body
/// step on one body.
fn baseline_law_steps(c: &mut Criterion) {
    const DT: f64 = 1.0 / 60.0;
    const KP: f64 = 400.0;
    const KD: f64 = 20.0;
    const TX: f64 = 1.0;
    fn bare(
        group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
        id: &str,
        force: impl Fn(f64, f64, f64) -> f64,
    ) {
        let (mut x, mut v) = (0.0f64, 0.0f64);
        let m = black_box(1.0f64);
        group.bench_function(id, |b| {
            b.iter(|| {
                let f = force(black_box(x), v, m);
                v += f / m * DT;
                x += v * DT;
                if x.abs() > 10.0 {
                    (x, v) = (0.0, 0.0);
                }
            })
        });
    }
    let mut group = c.benchmark_group("baseline-controller-step");
    bare(&mut group, "pd", |x, v, _| KP * (TX - x) - KD * v);
    bare(&mut group, "spd", |x, v, m| {
        let p = KP * (TX - x - v * DT);
        let a = (p - KD * v) / (m + KD * DT);
        p + KD * (-v - a * DT)
    });
    group.finish();
}

fn batched_swarm(c: &mut Criterion) {
    let mut group = c.benchmark_group("batched-body-step");
    for n in [1_000usize, 10_000, 100_000] {
        let mut world = planar_swarm::<f64>(n, 1).unwrap();
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

/// The baseline: the scenario's bodies in plain columns, stepped by a bare loop of the
/// same arithmetic as `World2::step` (Wu's backward PD as gains per unit mass on x, y and
/// the heading taken the short way round, semi-implicit Euler, f64), without the world's
/// bookkeeping (no check for a body that ran away). `World2::step` over this is what
/// that bookkeeping costs.
fn baseline_soa(c: &mut Criterion) {
    use forcelab::angle::wrap;
    struct Columns {
        x: Vec<f64>,
        y: Vec<f64>,
        a: Vec<f64>,
        vx: Vec<f64>,
        vy: Vec<f64>,
        w: Vec<f64>,
        tx: Vec<f64>,
        ty: Vec<f64>,
        ta: Vec<f64>,
        kp: Vec<f64>,
        kd: Vec<f64>,
    }
    let mut group = c.benchmark_group("baseline-body-step");
    for n in [1_000usize, 10_000, 100_000] {
        let world = planar_swarm::<f64>(n, 1).unwrap();
        let [tx, ty, ta] = world.targets();
        let [kp, kd] = world.step_gains();
        let mut b = Columns {
            x: world.x().to_vec(),
            y: world.y().to_vec(),
            a: world.angle().to_vec(),
            vx: world.vx().to_vec(),
            vy: world.vy().to_vec(),
            w: world.angular_velocity().to_vec(),
            tx: tx.to_vec(),
            ty: ty.to_vec(),
            ta: ta.to_vec(),
            kp: kp.to_vec(),
            kd: kd.to_vec(),
        };
        let dt = world.dt();
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |bench, _| {
            bench.iter(|| {
                let Columns {
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
                } = &mut b;
                // Equal lengths, stated once, let the compiler drop the bounds checks.
                let (x, y, a, vx, vy, w) = (
                    &mut x[..n],
                    &mut y[..n],
                    &mut a[..n],
                    &mut vx[..n],
                    &mut vy[..n],
                    &mut w[..n],
                );
                let (tx, ty, ta, kp, kd) = (&tx[..n], &ty[..n], &ta[..n], &kp[..n], &kd[..n]);
                for k in 0..n {
                    let (p, d) = (kp[k], kd[k]);
                    let ax = p * (tx[k] - x[k]) - d * vx[k];
                    let ay = p * (ty[k] - y[k]) - d * vy[k];
                    let alpha = p * wrap(ta[k] - a[k]) - d * w[k];
                    vx[k] += ax * dt;
                    vy[k] += ay * dt;
                    w[k] += alpha * dt;
                    x[k] += vx[k] * dt;
                    y[k] += vy[k] * dt;
                    a[k] += w[k] * dt;
                }
                black_box(&b.x);
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
    controller_steps_many,
    world1_steps,
    baseline_law_steps,
    batched_swarm,
    baseline_soa,
    missile_swarm,
    tuner
);
criterion_main!(benches);
