//! The `PxD6Joint`'s angular drive rows (`ExtD6Joint.cpp D6JointSolverPrep`,
//! `ExtConstraintHelper.h`), in PhysX's `f32`.

use super::px::{M3, Q, V3};
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

/// `D6JointSolverPrep`'s angular drive rows for the body at `q` and the drive target
/// (`drivePosition.q`). With the world as actor0 (`body_first` false) the joint frame
/// A is the world's and B the body's; with the body as actor0 (Unity's way) A is the
/// body's and B the world's, so the rows turn with the body and the target is the
/// world's frame seen from the body.
pub(super) fn rows32(drives: Drives, q: Q, target: Q, body_first: bool) -> Vec<Row32> {
    // cA2w, cB2w after applyNeighborhoodOperator (B flipped to A's side), and cB2cA.
    let (a, b) = if body_first {
        let world = if q.w < 0.0 {
            Q::IDENTITY.neg()
        } else {
            Q::IDENTITY
        };
        (q, world)
    } else {
        (Q::IDENTITY, if q.w < 0.0 { q.neg() } else { q })
    };
    let relative = if body_first { a.conjugate().mul(b) } else { b };
    let t = if relative.dot(target) > 0.0 {
        target
    } else {
        target.neg()
    };
    let d = t.conjugate().mul(relative);
    let axes = if body_first {
        let m = M3::from_quat(a);
        [m.c0, m.c1, m.c2]
    } else {
        [
            V3::new(1.0, 0.0, 0.0),
            V3::new(0.0, 1.0, 0.0),
            V3::new(0.0, 0.0, 1.0),
        ]
    };
    match drives {
        Drives::Slerp => {
            let jacobian = jacobian_axes(if body_first { a.mul(t) } else { t }, b);
            let e = d.vector();
            (0..3)
                .map(|i| Row32 {
                    axis: jacobian[i],
                    error: -e.get(i),
                    drive: 0,
                })
                .collect()
        }
        Drives::TwistSwing | Drives::TwistSwing1Swing2 => {
            let basis = d.basis0();
            let two = usize::from(drives == Drives::TwistSwing1Swing2);
            let row = |axis, error, drive| Row32 { axis, error, drive };
            vec![
                row(axes[0], -2.0 * d.x, 0),
                row(axes[1], basis.z, 1),
                row(axes[2], -basis.y, 1 + two),
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
    rows32(drives, quat32(q), quat32(target), false)
        .into_iter()
        .map(|r| Row {
            axis: DVec3::new(r.axis.x.into(), r.axis.y.into(), r.axis.z.into()),
            error: r.error.into(),
            drive: r.drive,
        })
        .collect()
}
