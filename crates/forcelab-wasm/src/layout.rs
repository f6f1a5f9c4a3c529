//! How bodies, targets and terms travel as `Float64Array`s, so hot calls pass numbers,
//! not objects. Every layout is a fixed order of `f64`s; optional trailing values take
//! their defaults when the array is shorter.
//!
//! - Body1: `[x, v, mass, integrator?]`
//! - Body2: `[x, y, angle, vx, vy, w, mass, inertia, linearDamping?, angularDamping?, integrator?]`
//! - Body3: `[px, py, pz, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz, mass, ix, iy, iz,
//!   rx, ry, rz, rw, integrator?, gyroscopic?]` (orientation `q`, world angular velocity
//!   `w`, principal inertia `i`, inertia rotation `r`)
//! - Target1: `[x, v]`; Target2: `[x, y, angle, vx, vy, w]`;
//!   Target3: `[px, py, pz, qx, qy, qz, qw, vx, vy, vz, wx, wy, wz]`
//! - Terms: `[p, i, d, ff, total]`, each with 1, 2 or 3 components in a row.
//!
//! `integrator` is an index into `forcelab::Integrator::ALL` (0 semi-implicit Euler,
//! 1 explicit Euler, 2 RK4); `gyroscopic` into `Gyroscopic` (0 off, 1 explicit,
//! 2 implicit).

use forcelab::controllers::{Target2, Target3, Terms, Terms2, Terms3};
use forcelab::{Body1, Body2, Body3, Gyroscopic, Integrator, Target1};
use glam::{DQuat, DVec2, DVec3};
use wasm_bindgen::JsError;

/// Values in a Body1 array (without the optional integrator).
pub const BODY1: usize = 3;
/// Values in a Body2 array (without the optional trailing three).
pub const BODY2: usize = 8;
/// Values in a Body3 array (without the optional trailing two).
pub const BODY3: usize = 21;
/// Values in a Target3 array.
pub const TARGET3: usize = 13;

fn length(field: &str, values: &[f64], min: usize, max: usize) -> Result<(), JsError> {
    if values.len() < min || values.len() > max {
        let want = if min == max {
            format!("{min}")
        } else {
            format!("{min} to {max}")
        };
        return Err(JsError::new(&format!(
            "{field} must hold {want} numbers, got {}",
            values.len()
        )));
    }
    Ok(())
}

fn code<T: Copy>(field: &str, all: &[T], value: Option<&f64>, default: T) -> Result<T, JsError> {
    match value {
        None => Ok(default),
        Some(&v) if v >= 0.0 && v.fract() == 0.0 && (v as usize) < all.len() => Ok(all[v as usize]),
        Some(v) => Err(JsError::new(&format!(
            "{field} must be an index from 0 to {}, got {v}",
            all.len() - 1
        ))),
    }
}

/// The integrator with index `value` (default semi-implicit Euler).
pub fn integrator(value: Option<&f64>) -> Result<Integrator, JsError> {
    code(
        "integrator",
        &Integrator::ALL,
        value,
        Integrator::SemiImplicitEuler,
    )
}

/// A Body1 from its array.
pub fn body1(v: &[f64]) -> Result<Body1, JsError> {
    length("body", v, BODY1, BODY1 + 1)?;
    Ok(Body1 {
        x: v[0],
        v: v[1],
        mass: v[2],
        integrator: integrator(v.get(3))?,
    })
}

/// A Body2 from its array.
pub fn body2(v: &[f64]) -> Result<Body2, JsError> {
    length("body", v, BODY2, BODY2 + 3)?;
    Ok(Body2 {
        position: DVec2::new(v[0], v[1]),
        angle: v[2],
        velocity: DVec2::new(v[3], v[4]),
        angular_velocity: v[5],
        mass: v[6],
        inertia: v[7],
        linear_damping: v.get(8).copied().unwrap_or(0.0),
        angular_damping: v.get(9).copied().unwrap_or(0.0),
        integrator: integrator(v.get(10))?,
    })
}

/// Writes a Body2's state back (the first six values).
pub fn write_body2(b: &Body2, out: &mut [f64]) {
    out[..6].copy_from_slice(&[
        b.position.x,
        b.position.y,
        b.angle,
        b.velocity.x,
        b.velocity.y,
        b.angular_velocity,
    ]);
}

fn quat(v: &[f64]) -> DQuat {
    DQuat::from_xyzw(v[0], v[1], v[2], v[3])
}

fn vec3(v: &[f64]) -> DVec3 {
    DVec3::new(v[0], v[1], v[2])
}

/// A Body3 from its array.
pub fn body3(v: &[f64]) -> Result<Body3, JsError> {
    length("body", v, BODY3, BODY3 + 2)?;
    let gyro = [Gyroscopic::Off, Gyroscopic::Explicit, Gyroscopic::Implicit];
    Ok(Body3 {
        position: vec3(&v[0..3]),
        orientation: quat(&v[3..7]),
        velocity: vec3(&v[7..10]),
        angular_velocity: vec3(&v[10..13]),
        mass: v[13],
        inertia: vec3(&v[14..17]),
        inertia_rotation: quat(&v[17..21]),
        linear_damping: 0.0,
        angular_damping: 0.0,
        integrator: integrator(v.get(21))?,
        gyroscopic: code("gyroscopic", &gyro, v.get(22), Gyroscopic::Implicit)?,
    })
}

/// Writes a Body3's state back (the first thirteen values).
pub fn write_body3(b: &Body3, out: &mut [f64]) {
    out[0..3].copy_from_slice(&b.position.to_array());
    out[3..7].copy_from_slice(&b.orientation.to_array());
    out[7..10].copy_from_slice(&b.velocity.to_array());
    out[10..13].copy_from_slice(&b.angular_velocity.to_array());
}

/// A Target1 from `[x, v]`.
pub fn target1(v: &[f64]) -> Result<Target1, JsError> {
    length("target", v, 2, 2)?;
    Ok(Target1 { x: v[0], v: v[1] })
}

/// A Target2 from its array.
pub fn target2(v: &[f64]) -> Result<Target2, JsError> {
    length("target", v, 6, 6)?;
    Ok(Target2 {
        position: DVec2::new(v[0], v[1]),
        angle: v[2],
        velocity: DVec2::new(v[3], v[4]),
        angular_velocity: v[5],
    })
}

/// A Target3 from its array.
pub fn target3(v: &[f64]) -> Result<Target3, JsError> {
    length("target", v, TARGET3, TARGET3)?;
    Ok(Target3 {
        position: vec3(&v[0..3]),
        orientation: quat(&v[3..7]),
        velocity: vec3(&v[7..10]),
        angular_velocity: vec3(&v[10..13]),
    })
}

/// `[p, i, d, ff, total]`.
pub fn terms1(t: Terms) -> Vec<f64> {
    vec![t.p, t.i, t.d, t.ff, t.total]
}

/// `[p.x, p.y, i.x, i.y, d.x, d.y, ff.x, ff.y, total.x, total.y]`.
pub fn terms2(t: Terms2) -> Vec<f64> {
    [t.p, t.i, t.d, t.ff, t.total]
        .iter()
        .flat_map(|v| v.to_array())
        .collect()
}

/// `[p.xyz, i.xyz, d.xyz, ff.xyz, total.xyz]`.
pub fn terms3(t: Terms3) -> Vec<f64> {
    [t.p, t.i, t.d, t.ff, t.total]
        .iter()
        .flat_map(|v| v.to_array())
        .collect()
}

/// A vector with only a total (laws that have no terms).
pub fn only3(total: DVec3) -> Vec<f64> {
    terms3(Terms3::sum(total, DVec3::ZERO, DVec3::ZERO, DVec3::ZERO))
}

/// A 2-vector argument `[x, y]`.
pub fn vec2_arg(field: &str, v: &[f64]) -> Result<DVec2, JsError> {
    length(field, v, 2, 2)?;
    Ok(DVec2::new(v[0], v[1]))
}

/// A 3-vector argument `[x, y, z]`.
pub fn vec3_arg(field: &str, v: &[f64]) -> Result<DVec3, JsError> {
    length(field, v, 3, 3)?;
    Ok(vec3(v))
}

/// A quaternion argument `[x, y, z, w]`.
pub fn quat_arg(field: &str, v: &[f64]) -> Result<DQuat, JsError> {
    length(field, v, 4, 4)?;
    Ok(quat(v))
}
