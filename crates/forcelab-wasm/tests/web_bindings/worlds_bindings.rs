//! The batched worlds (World2, the swarms, World3) and their setters.

use super::*;

/// Adds `body` to the bindings' world through its flat-argument `addBody`.
fn add_planar(w: &mut World2, body: forcelab::world::PlanarBody) -> usize {
    w.add_body(
        body.x,
        body.y,
        body.angle,
        body.mass,
        body.inertia,
        body.kp,
        body.kd,
    )
    .unwrap()
}

#[wasm_bindgen_test]
fn world2_matches_the_core_and_its_setters_reach_their_body() {
    let mut w = World2::new(DT, "backward-pd").unwrap();
    let mut native = forcelab::World2::new(DT, forcelab::catalogue::LawId::BackwardPd).unwrap();
    w.reserve(3);
    for k in 0..3 {
        let f = k as f64;
        let body = forcelab::world::PlanarBody {
            x: f,
            y: -f,
            angle: 0.1 * f,
            mass: 1.0 + f,
            inertia: 0.2 + f,
            kp: 40.0 + f,
            kd: 5.0 + f,
        };
        assert_eq!(add_planar(&mut w, body), native.add(body).unwrap());
    }
    assert_eq!(w.length(), 3);
    w.set_target(1, 4.0, 5.0, 6.0).unwrap();
    native.set_target(1, 4.0, 5.0, 6.0).unwrap();
    w.set_gains(2, 90.0, 9.0).unwrap();
    native.set_gains(2, 90.0, 9.0).unwrap();
    assert_eq!(w.gains_of(2).unwrap(), vec![90.0, 9.0]);
    assert_eq!(w.gains_of(0).unwrap(), vec![40.0, 5.0]);
    w.step(30);
    native.step(30);
    assert_eq!(w.x().to_vec(), native.x());
    assert_eq!(w.y().to_vec(), native.y());
    assert_eq!(w.angle().to_vec(), native.angle());
    assert_eq!(w.vx().to_vec(), native.vx());
    assert_eq!(w.vy().to_vec(), native.vy());
    assert_eq!(w.angular_velocity().to_vec(), native.angular_velocity());
    assert_eq!(w.checksum(), native.checksum());
    assert_eq!(w.diverged().to_vec(), vec![0, 0, 0]);
    let poses = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0];
    w.set_targets(&poses).unwrap();
    native.set_targets(&poses).unwrap();
    w.step(5);
    native.step(5);
    assert_eq!(w.x().to_vec(), native.x());
    assert_eq!(w.angle().to_vec(), native.angle());
    let e = World2::new(DT, "spd").err().unwrap();
    assert_eq!(
        message(e),
        "law must be one of pd, backward-pd, got \"spd\""
    );
    assert!(message(w.set_target(3, 0.0, 0.0, 0.0).unwrap_err()).starts_with("index must be"));
}

#[wasm_bindgen_test]
fn the_benchmark_swarm_and_its_one_call_per_body_path_match_the_core() {
    let mut native = forcelab::world::planar_swarm::<f64>(20, 9).unwrap();
    let mut batched = worlds::planar_swarm(20, 9).unwrap();
    let mut per_body = worlds::planar_swarm(20, 9).unwrap();
    native.step(3);
    batched.step(3);
    for _ in 0..3 {
        for k in 0..20 {
            per_body.step_body(k).unwrap();
        }
    }
    assert_eq!(batched.checksum().to_bits(), native.checksum().to_bits());
    assert_eq!(per_body.checksum().to_bits(), native.checksum().to_bits());
    assert_eq!(per_body.angle().to_vec(), native.angle());
    assert!(message(per_body.step_body(20).unwrap_err()).starts_with("index must be"));
}

#[wasm_bindgen_test]
fn the_f32_mode_steps_as_its_core_and_refuses_what_f32_cannot_hold() {
    // 21 bodies: five groups of four lanes and one body for the scalar loop.
    let mut native = forcelab::world::planar_swarm::<f32>(21, 9).unwrap();
    let mut batched = worlds::planar_swarm_f32(21, 9).unwrap();
    let mut per_body = worlds::planar_swarm_f32(21, 9).unwrap();
    native.step(30);
    batched.step(30);
    for _ in 0..30 {
        for k in 0..21 {
            per_body.step_body(k).unwrap();
        }
    }
    assert_eq!(batched.x().to_vec(), native.x());
    assert_eq!(per_body.x().to_vec(), native.x());
    assert_eq!(per_body.angle().to_vec(), batched.angle().to_vec());
    assert_eq!(batched.checksum().to_bits(), native.checksum().to_bits());
    let mut w = World2F32::new(DT, "pd").unwrap();
    let e = w.add_body(1e39, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0).unwrap_err();
    assert!(message(e).starts_with("x must be"), "names the field");
    assert_eq!(w.length(), 0);
}

/// The wasm build steps bodies two per simd128 instruction; freezing one lane of a pair
/// must leave the other lane, and every bit, as the native step does.
#[wasm_bindgen_test]
fn a_diverging_body_freezes_alone_in_its_simd_pair_as_natively() {
    use forcelab::world::PlanarBody;
    let mut native = forcelab::World2::new(DT, LawId::ForwardPd).unwrap();
    let mut w = World2::new(DT, "pd").unwrap();
    for k in 0..5 {
        // Bodies 1 and 4 have gains far past forward PD's limit at this dt.
        let kp = if k % 3 == 1 { 1e6 } else { 50.0 };
        let body = PlanarBody {
            x: k as f64,
            y: 1.0,
            angle: 0.3,
            mass: 1.0,
            inertia: 0.2,
            kp,
            kd: 2.0,
        };
        native.add(body).unwrap();
        add_planar(&mut w, body);
        native.set_target(k, -1.0, 2.0, 3.0).unwrap();
        w.set_target(k, -1.0, 2.0, 3.0).unwrap();
    }
    native.step(200);
    w.step(200);
    assert_eq!(w.diverged().to_vec(), vec![0, 1, 0, 0, 1]);
    assert_eq!(w.diverged().to_vec(), native.diverged());
    assert_eq!(w.x().to_vec(), native.x());
    assert_eq!(w.angle().to_vec(), native.angle());
    assert_eq!(w.vy().to_vec(), native.vy());
}

#[wasm_bindgen_test]
fn the_missile_swarm_matches_the_core_and_its_setters_reach_it() {
    use forcelab::world::SwarmGains;
    let gains = SwarmGains {
        kp: 30.0,
        ki: 1.5,
        kd: 9.0,
        integral_limit: 12.0,
        max_angular_acceleration: 45.0,
    };
    let mut native =
        forcelab::world::MissileSwarm::new(30, 4, 5, DT, SwarmGains::default()).unwrap();
    let mut swarm = MissileSwarm::new(30, 4, 5, DT).unwrap();
    native.set_gains(gains).unwrap();
    swarm.set_gains(30.0, 1.5, 9.0, 12.0, 45.0).unwrap();
    assert_eq!(swarm.gains(), vec![30.0, 1.5, 9.0, 12.0, 45.0]);
    native.step(40);
    swarm.step(40);
    native.set_count(35).unwrap();
    swarm.set_count(35).unwrap();
    native.step(10);
    swarm.step(10);
    assert_eq!(swarm.length(), 35);
    assert_eq!(swarm.time(), native.time());
    assert_eq!(swarm.x().to_vec(), native.x());
    assert_eq!(swarm.y().to_vec(), native.y());
    assert_eq!(swarm.heading().to_vec(), native.heading());
    assert_eq!(swarm.target_x().to_vec(), native.target_x());
    assert_eq!(swarm.target_y().to_vec(), native.target_y());
    assert_eq!(swarm.checksum(), native.checksum());
    assert!(message(swarm.set_gains(-1.0, 0.0, 0.0, 1.0, 1.0).unwrap_err()).starts_with("kp"));
    assert!(message(swarm.set_count(2_000_000).unwrap_err()).starts_with("count"));
    assert!(message(MissileSwarm::new(1, 0, 1, DT).err().unwrap()).starts_with("targets"));
}

#[wasm_bindgen_test]
fn world3_matches_the_core_and_its_setters_reach_their_body() {
    let mut w = World3::new(DT).unwrap();
    let mut native = forcelab::World3::new(DT).unwrap();
    let laws = [
        ("backward-pd", core::LawId::BackwardPd),
        ("spd", core::LawId::Spd),
    ];
    for (k, (id, kind)) in laws.into_iter().enumerate() {
        let kp = 3.0 + k as f64;
        w.add_box(2.0, 1.0, 0.5, 0.25, id, kp, 0.6, 0.2).unwrap();
        let body = Body3::cuboid(2.0, DVec3::new(1.0, 0.5, 0.25));
        native
            .add(body, core::Controller3::new(kind, kp, 0.6, 0.2).unwrap())
            .unwrap();
    }
    assert_eq!(w.length(), 2);
    let q = from_rotation_vector(DVec3::new(0.5, 0.3, -0.2));
    let rate = DVec3::new(0.0, 0.2, 0.1);
    w.set_target(1, &q.to_array(), &rate.to_array()).unwrap();
    native
        .set_target(
            1,
            Target3 {
                orientation: q,
                angular_velocity: rate,
                ..Target3::default()
            },
        )
        .unwrap();
    w.set_law(0, "pd", 2.0, 0.5, 0.3).unwrap();
    native
        .set_law(
            0,
            core::Controller3::new(core::LawId::ForwardPd, 2.0, 0.5, 0.3).unwrap(),
        )
        .unwrap();
    w.set_target(0, &q.to_array(), &[0.0; 3]).unwrap();
    native.set_target(0, Target3::facing(q)).unwrap();
    w.step(40);
    native.step(40);
    assert_eq!(w.orientations().to_vec(), native.orientations());
    assert_eq!(w.angular_velocities().to_vec(), native.angular_velocities());
    assert_eq!(w.torques().to_vec(), native.torques());
    assert_eq!(w.diverged().to_vec(), vec![0, 0]);
    let e = message(
        w.set_target(0, &[0.0, 0.0, 0.0, 2.0], &[0.0; 3])
            .unwrap_err(),
    );
    assert!(
        e.starts_with("target.orientation must be a unit quaternion"),
        "{e}"
    );
    let e = w
        .add_box(1.0, 1.0, 1.0, 1.0, "pid", 1.0, 1.0, 1.0)
        .unwrap_err();
    assert!(message(e).starts_with("controller must be one of pd, backward-pd"));
    let _ = DQuat::IDENTITY;
}
