//! The arm's tuner held to what it promises: a wish one law meets and another cannot,
//! its answers re-run by code that shares nothing with the search (a loop of the law and
//! the chain's own step, its figures read afresh), and a bad wish refused by name.
use super::*;
use crate::body::chain::ChainState;
use crate::controllers::chain::{ChainGains, ChainLaw};
use crate::engines::mujoco_chain::ChainIntegrator;
use crate::scenes::ARM_SETTLED;

/// The stiff, fast pose at 60 Hz: every joint within 0.02 rad in 1 s, no joint past its
/// target by more than 5 % of its move.
fn stiff_and_fast() -> ArmWish {
    ArmWish {
        settle: Some(1.0),
        overshoot: Some(0.05),
        max_torque: None,
    }
}

fn spec(wish: ArmWish, drives: Vec<ArmDrive>) -> ArmTuneSpec {
    ArmTuneSpec {
        drives,
        ..ArmTuneSpec::new(ArmSettings::default(), wish)
    }
}

/// The arm's settle, worst overshoot and peak torque, from `q` (the start first) and
/// the torques, read without the tuner's code.
fn read(
    q: &[Vec<f64>],
    tau: &[Vec<f64>],
    start: &[f64],
    target: &[f64],
    dt: f64,
) -> (f64, f64, f64) {
    let mut settle = 0.0;
    let mut worst: f64 = 0.0;
    for (k, row) in q.iter().enumerate() {
        let mut off: f64 = 0.0;
        for i in 0..row.len() {
            off = off.max((row[i] - target[i]).abs());
            let dir = if target[i] > start[i] { 1.0 } else { -1.0 };
            worst = worst.max((row[i] - target[i]) * dir / (target[i] - start[i]).abs());
        }
        if off > ARM_SETTLED {
            settle = k as f64 * dt;
        }
    }
    let last = q.last().unwrap();
    let end: f64 = last
        .iter()
        .zip(target)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    assert!(end <= ARM_SETTLED, "it does not end settled: {last:?}");
    let peak = tau.iter().flatten().fold(0.0, |m: f64, t| m.max(t.abs()));
    (settle, worst, peak)
}

#[test]
fn at_60_hz_the_mass_matrix_spd_meets_a_stiff_fast_pose_that_pd_per_joint_cannot() {
    let rows = tune_arm(&spec(
        stiff_and_fast(),
        vec![
            ArmDrive::Law(ChainLawId::MassMatrixSpd),
            ArmDrive::Law(ChainLawId::JointPd),
        ],
    ))
    .unwrap();
    let (spd, pd) = (&rows[0], &rows[1]);
    assert_eq!((spd.drive, pd.drive), ("mass-matrix-spd", "joint-pd"));
    assert!(spd.meets, "{spd:?}");
    assert_eq!((spd.binding, spd.nearest), (None, None));
    assert!(spd.margins.settle.unwrap() >= -1e-9 && spd.margins.overshoot.unwrap() >= 0.0);
    // Stiff enough to hold the weight within 0.02 rad: a spring of hundreds of N m/rad.
    assert!(spd.gains.kp > 300.0, "{:?}", spd.gains);
    // PD per joint cannot: at gains that hold the weight that close it blows up at this
    // step, so the closest it comes never settles; it says so, and how far off it ends.
    assert!(!pd.meets, "{pd:?}");
    assert_eq!(pd.binding, Some("settle"));
    assert_eq!(pd.figures.settle, None);
    assert!(
        !pd.figures.failed && pd.figures.final_error > ARM_SETTLED,
        "{pd:?}"
    );
    assert_eq!(pd.margins.settle, Some(f64::NEG_INFINITY));
    assert_eq!(pd.nearest, None);
}

#[test]
fn the_laws_answer_rerun_by_its_own_loop_meets_the_wish() {
    let wish = ArmWish {
        max_torque: Some(900.0),
        ..stiff_and_fast()
    };
    let row = &tune_arm(&spec(wish, vec![ArmDrive::Law(ChainLawId::MassMatrixSpd)])).unwrap()[0];
    assert!(row.meets, "{row:?}");
    // The law and the chain's own step, in a loop of this test's.
    let s = ArmSettings::default();
    let chain = arm_chain(&s).unwrap();
    let g = ChainGains::uniform(2, row.gains.kp, row.gains.kd, 0.0);
    let mut law = ChainLaw::new(ChainLawId::MassMatrixSpd, g, &chain).unwrap();
    let mut state = ChainState::at_rest(&chain, s.start.clone()).unwrap();
    let (mut q, mut tau) = (vec![s.start.clone()], vec![]);
    for _ in 0..240 {
        let t: Vec<f64> = law
            .torques(&chain, &state, &s.target, s.dt)
            .unwrap()
            .iter()
            .map(|t| t.total)
            .collect();
        state.step(&chain, &t, s.dt, s.integrator).unwrap();
        q.push(state.q.clone());
        tau.push(t);
    }
    let (settle, overshoot, peak) = read(&q, &tau, &s.start, &s.target, s.dt);
    assert!(
        settle <= 1.0 + 1e-9 && overshoot <= 0.05 && peak <= 900.0,
        "{settle} {overshoot} {peak}"
    );
    // The same figures the tuner reported.
    assert!((settle - row.figures.settle.unwrap()).abs() < 1e-12);
    assert!((peak - row.figures.peak_torque).abs() < 1e-9 * peak);
    // Gentlest: the torque limit binds no more than it must; a looser limit is not beaten.
    assert!(row.figures.peak_torque <= 900.0);
}

#[test]
fn the_engines_answers_rerun_on_their_twins_meet_the_wish() {
    let rows = tune_arm(&spec(
        stiff_and_fast(),
        vec![
            ArmDrive::Mujoco(ChainIntegrator::ImplicitFast),
            ArmDrive::Mujoco(ChainIntegrator::Euler),
        ],
    ))
    .unwrap();
    let s = ArmSettings::default();
    let chain = arm_chain(&s).unwrap();
    let fast = &rows[0];
    assert!(fast.meets, "{fast:?}");
    let run = mujoco_arm(
        &chain,
        &s.start,
        &s.target,
        Position {
            kp: fast.gains.kp,
            kv: fast.gains.kd,
        },
        s.dt,
        ChainIntegrator::ImplicitFast,
        240,
    )
    .unwrap();
    assert!(run.resets.is_empty());
    let q: Vec<Vec<f64>> = [s.start.clone()].into_iter().chain(run.q).collect();
    // The actuator force written out: kp (u - q) - kv v, v from the angles.
    let tau: Vec<Vec<f64>> = (1..q.len())
        .map(|k| {
            (0..2)
                .map(|i| {
                    let v = if k > 1 {
                        (q[k - 1][i] - q[k - 2][i]) / s.dt
                    } else {
                        0.0
                    };
                    fast.gains.kp * (s.target[i] - q[k - 1][i]) - fast.gains.kd * v
                })
                .collect()
        })
        .collect();
    let (settle, overshoot, peak) = read(&q, &tau, &s.start, &s.target, s.dt);
    assert!(
        settle <= 1.0 + 1e-9 && overshoot <= 0.05,
        "{settle} {overshoot}"
    );
    assert!((peak - fast.figures.peak_torque).abs() < 1e-6 * peak);
    // MuJoCo's default Euler is PD per joint stepped semi-implicitly: it misses as PD does.
    assert!(
        !rows[1].meets && rows[1].binding == Some("settle"),
        "{:?}",
        rows[1]
    );
}

#[test]
fn the_arm_scene_and_a_trace_read_the_same_settle_and_overshoot() {
    let s = ArmSettings::default();
    for run in run_arm(&s).unwrap() {
        let by_run = ArmFigures::of_run(&run, &s.start, &s.target);
        let by_trace =
            ArmFigures::of_trace(&run.q[1..], &run.tau, &s.start, &s.target, s.dt, false);
        assert_eq!(by_run, by_trace, "{:?}", run.law);
    }
    // A joint asked not to move counts its excursion in rad.
    let o = overshoot(&[vec![0.5, 0.1], vec![1.2, -0.3]], &[0.0, 0.0], &[1.0, 0.0]);
    assert!(
        (o[0] - 0.2).abs() < 1e-12 && (o[1] - 0.3).abs() < 1e-12,
        "{o:?}"
    );
}

#[test]
fn a_bad_wish_is_named() {
    let field = |wish: ArmWish| {
        tune_arm(&spec(wish, vec![ArmDrive::Law(ChainLawId::JointPd)]))
            .unwrap_err()
            .0
    };
    let starts = |w: ArmWish, name: &str| {
        let e = field(w);
        assert!(e.starts_with(name), "{e}");
    };
    let w = ArmWish::default();
    starts(
        ArmWish {
            settle: Some(f64::NAN),
            ..w
        },
        "settle",
    );
    starts(
        ArmWish {
            settle: Some(0.0),
            ..w
        },
        "settle",
    );
    starts(
        ArmWish {
            settle: Some(5.0),
            ..w
        },
        "settle",
    );
    starts(
        ArmWish {
            overshoot: Some(-0.1),
            ..w
        },
        "overshoot",
    );
    starts(
        ArmWish {
            overshoot: Some(f64::INFINITY),
            ..w
        },
        "overshoot",
    );
    starts(
        ArmWish {
            max_torque: Some(0.0),
            ..w
        },
        "max_torque",
    );
    starts(
        ArmWish {
            max_torque: Some(f64::NAN),
            ..w
        },
        "max_torque",
    );
    // The arm is checked as the arm scene checks it; an empty table is refused.
    let bad_dt = ArmTuneSpec {
        arm: ArmSettings {
            dt: 0.0,
            ..ArmSettings::default()
        },
        ..spec(w, vec![ArmDrive::Law(ChainLawId::JointPd)])
    };
    assert!(tune_arm(&bad_dt).unwrap_err().0.starts_with("dt"));
    assert!(tune_arm(&spec(w, vec![]))
        .unwrap_err()
        .0
        .starts_with("drives"));
    assert_eq!(
        ArmDrive::parse("bullet").unwrap_err(),
        "drive must be one of joint-pd, joint-spd, mass-matrix-spd, pd-gravity, joint-pid, \
         mujoco-euler, mujoco-implicitfast, physx-drive, physx-joint-pd, got \"bullet\""
    );
    for d in ArmDrive::all() {
        assert_eq!(ArmDrive::parse(d.id()), Ok(d));
    }
}
