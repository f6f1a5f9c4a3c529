//! The `PxD6Joint`'s angular drive rows (`ExtD6Joint.cpp D6JointSolverPrep`,
//! `ExtConstraintHelper.h`), in PhysX's `f32`.

use super::px::{Q, V3};
use super::Drives;
use glam::{DQuat, DVec3};

/// One drive row: its world Jacobian, the error it pulls on, and which drive's gains.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    /// `J`, rad per rad of world rotation.
    pub axis: DVec3,
    /// The geometric error (`Px1DConstraint::geometricError`).
    pub error: f64,
    /// Index into [`super::gains`].
    pub drive: usize,
}

/// A row in PhysX's `f32`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Row32 {
    pub axis: V3,
    pub error: f32,
    pub drive: usize,
}

/// `computeJacobianAxes(qa, qb)`: the rows of `L(qa*) R(qb) / 2`, a little added to the
/// diagonal when the two are half a turn apart.
fn jacobian_axes(qa: Q, qb: Q) -> [V3; 3] {
    let (wa, wb) = (qa.w, qb.w);
    let (va, vb) = (qa.vector(), qb.vector());
    let c = vb.scale(wa).add(va.scale(wb));
    let (d0, d1) = (wa * wb, va.dot(vb));
    let d = d0 - d1;
    let row = |i: usize, e: V3| {
        va.scale(vb.get(i))
            .add(vb.scale(va.get(i)))
            .add(e)
            .scale(0.5)
    };
    let mut rows = [
        row(0, V3::new(d, c.z, -c.y)),
        row(1, V3::new(-c.z, d, c.x)),
        row(2, V3::new(c.y, -c.x, d)),
    ];
    if d0 + d1 == 0.0 {
        rows[0].x += f32::EPSILON;
        rows[1].y += f32::EPSILON;
        rows[2].z += f32::EPSILON;
    }
    rows
}

/// `D6JointSolverPrep`'s angular drive rows for the body at `q` and the drive target.
pub(super) fn rows32(drives: Drives, q: Q, target: Q) -> Vec<Row32> {
    let q = if q.w < 0.0 { q.neg() } else { q };
    let t = if q.dot(target) > 0.0 {
        target
    } else {
        target.neg()
    };
    let d = t.conjugate().mul(q);
    match drives {
        Drives::Slerp => {
            let axes = jacobian_axes(t, q);
            let e = d.vector();
            (0..3)
                .map(|i| Row32 {
                    axis: axes[i],
                    error: -e.get(i),
                    drive: 0,
                })
                .collect()
        }
        Drives::TwistSwing | Drives::TwistSwing1Swing2 => {
            let b = d.basis0();
            let two = usize::from(drives == Drives::TwistSwing1Swing2);
            let row = |axis, error, drive| Row32 { axis, error, drive };
            vec![
                row(V3::new(1.0, 0.0, 0.0), -2.0 * d.x, 0),
                row(V3::new(0.0, 1.0, 0.0), b.z, 1),
                row(V3::new(0.0, 0.0, 1.0), -b.y, 1 + two),
            ]
        }
    }
}

pub(super) fn quat32(q: DQuat) -> Q {
    Q {
        x: q.x as f32,
        y: q.y as f32,
        z: q.z as f32,
        w: q.w as f32,
    }
}

/// The drive rows at the pose `q` for `target`, in the solver's order (computed in `f32`).
pub fn rows(drives: Drives, q: DQuat, target: DQuat) -> Vec<Row> {
    rows32(drives, quat32(q), quat32(target))
        .into_iter()
        .map(|r| Row {
            axis: DVec3::new(r.axis.x.into(), r.axis.y.into(), r.axis.z.into()),
            error: r.error.into(),
            drive: r.drive,
        })
        .collect()
}
