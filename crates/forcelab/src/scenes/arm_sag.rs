//! How far each chain law lets the arm sag under its weight, as the stiffness grows
//! (issue 48's "how the steady error under gravity depends on kp"): for each kp on a log
//! axis, where each law's loop comes to rest ([`ChainLoop::rest`]) against the target,
//! beside the rule of thumb `G(q*) / kp`. The figure draws it on log axes, where PD's
//! sag is a straight line of slope -1 that the rule meets as kp grows.

use super::arm::{arm_chain, ArmSettings};
use super::arm_map::{arm_loop, check_log_range};
use crate::analysis::log_axis;
use crate::body::chain::bias;
use crate::controllers::chain::ChainLawId;
use crate::error::{in_range, Error};

/// The stiffnesses a sag curve is drawn at: `points` log-spaced from `kp_min` to `kp_max`
/// (N m/rad), ends included.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase", deny_unknown_fields)
)]
pub struct SagAxis {
    /// The least stiffness, N m/rad.
    pub kp_min: f64,
    /// The greatest stiffness, N m/rad.
    pub kp_max: f64,
    /// How many stiffnesses.
    pub points: usize,
}

impl Default for SagAxis {
    /// 20 to 20 000 N m/rad, 31 values (10 a decade): from where the default arm's
    /// springs barely hold its weight (about 15 N m at the shoulder) to where the sag is
    /// under a milliradian.
    fn default() -> Self {
        SagAxis {
            kp_min: 20.0,
            kp_max: 2e4,
            points: 31,
        }
    }
}

impl SagAxis {
    /// The most stiffnesses a curve may take (a bad axis cannot hang the page).
    pub const MAX_POINTS: usize = 200;

    /// The axis, or an error naming the first bound that cannot be.
    pub fn validate(&self) -> Result<(), Error> {
        check_log_range(("kpMin", self.kp_min), ("kpMax", self.kp_max))?;
        in_range("points", self.points as f64, 2.0, Self::MAX_POINTS as f64)?;
        Ok(())
    }
}

/// One law's sag: at each stiffness of the axis, the target less where the arm rests,
/// rad per joint (`None` where no pose near the target holds the weight).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct LawSag {
    /// The law's id.
    pub law: &'static str,
    /// Its name for a reader.
    pub label: &'static str,
    /// Per stiffness, `q* - q_rest` per joint, rad.
    pub sag: Vec<Option<Vec<f64>>>,
}

/// Every law's sag on an arm over a stiffness axis, with the rule of thumb.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct ArmSag {
    /// The stiffnesses, N m/rad, least first.
    pub kp: Vec<f64>,
    /// One per law of the settings, in their order.
    pub laws: Vec<LawSag>,
    /// Per stiffness, `G(q*) / kp` per joint, rad: the weight's torque at the target over
    /// the stiffness, the sag a PD would have if the weight did not change as it sags.
    pub predicted: Vec<Vec<f64>>,
}

/// Each law of `s` on its arm (its links, gravity, target, `kd`, `ki`, step and
/// integrator; `kp` is the axis's) at every stiffness of `axis`: where it rests and by how
/// much that falls short of the target. An error names a setting of `s` or a bound of
/// `axis`.
pub fn arm_sag(s: &ArmSettings, axis: &SagAxis) -> Result<ArmSag, Error> {
    axis.validate()?;
    let chain = arm_chain(s)?;
    let kps = log_axis(axis.kp_min, axis.kp_max, axis.points);
    let weight = bias(&chain, &s.target, &vec![0.0; chain.dofs()]);
    let laws = s
        .laws
        .iter()
        .map(|&law| sag_of(s, law, &kps))
        .collect::<Result<_, _>>()?;
    Ok(ArmSag {
        predicted: kps
            .iter()
            .map(|kp| weight.iter().map(|g| g / kp).collect())
            .collect(),
        kp: kps,
        laws,
    })
}

fn sag_of(s: &ArmSettings, law: ChainLawId, kps: &[f64]) -> Result<LawSag, Error> {
    let sag = kps
        .iter()
        .map(|&kp| {
            let at = arm_loop(&ArmSettings { kp, ..s.clone() }, law)?;
            Ok(at
                .rest()
                .ok()
                .map(|(q, _)| s.target.iter().zip(q).map(|(t, q)| t - q).collect()))
        })
        .collect::<Result<_, Error>>()?;
    Ok(LawSag {
        law: law.id(),
        label: law.label(),
        sag,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::chain::ChainState;
    use crate::controllers::chain::{ChainGains, ChainLaw};

    #[test]
    fn pd_sags_by_the_weight_over_kp_as_kp_grows_and_the_compensated_laws_not_at_all() {
        let s = ArmSettings::default();
        let sag = arm_sag(&s, &SagAxis::default()).unwrap();
        assert_eq!(sag.kp.len(), 31);
        let of = |id: &str| sag.laws.iter().find(|l| l.law == id).unwrap();
        let pd = of("joint-pd");
        // The stiffest: within 0.2 % of the shoulder's G(q*)/kp on every joint (the
        // forearm stands upright at the pose, so the elbow's own is 0); softer: further.
        let last = sag.kp.len() - 1;
        let scale = sag.predicted[last][0];
        for (j, p) in sag.predicted[last].iter().enumerate() {
            let got = pd.sag[last].as_ref().unwrap()[j];
            assert!(
                (got - p).abs() < 2e-3 * scale,
                "joint {j}: {got} against {p}"
            );
        }
        let k = sag.kp.iter().position(|&kp| kp >= 200.0).unwrap();
        let got = pd.sag[k].as_ref().unwrap()[0];
        assert!(
            got > sag.predicted[k][0] * 1.02,
            "the weight's moment grows as the arm sags: {got}"
        );
        // Sag falls as kp rises, PD's about as 1/kp (slope -1 on log axes, within 5 %).
        let (a, b) = (
            pd.sag[10].as_ref().unwrap()[0],
            pd.sag[30].as_ref().unwrap()[0],
        );
        let slope = (b / a).ln() / (sag.kp[30] / sag.kp[10]).ln();
        assert!((slope + 1.0).abs() < 0.05, "{slope}");
        for id in ["pd-gravity", "joint-pid"] {
            for row in &of(id).sag {
                assert_eq!(row.as_ref().unwrap(), &vec![0.0; 2], "{id}");
            }
        }
        // The articles' SPD per joint sags further than PD; the paper's SPD as much as PD.
        let (spd, mass) = (of("joint-spd"), of("mass-matrix-spd"));
        for k in 0..sag.kp.len() {
            if let (Some(p), Some(q), Some(m)) = (&pd.sag[k], &spd.sag[k], &mass.sag[k]) {
                assert!(q[0] > p[0], "kp {}: {q:?} against {p:?}", sag.kp[k]);
                assert!(
                    (m[0] - p[0]).abs() < 1e-9,
                    "kp {}: {m:?} against {p:?}",
                    sag.kp[k]
                );
            }
        }
    }

    /// The sag is where the real loop comes to rest: PD run long at kp 300 ends there.
    #[test]
    fn the_sag_is_where_the_arm_really_comes_to_rest() {
        let s = ArmSettings {
            laws: vec![ChainLawId::JointPd],
            ..ArmSettings::default()
        };
        let axis = SagAxis {
            kp_min: 300.0,
            kp_max: 600.0,
            points: 2,
        };
        let sag = arm_sag(&s, &axis).unwrap();
        let chain = arm_chain(&s).unwrap();
        let mut state = ChainState::at_rest(&chain, s.target.clone()).unwrap();
        let mut law = ChainLaw::new(
            ChainLawId::JointPd,
            ChainGains::uniform(2, 300.0, s.kd, 0.0),
            &chain,
        )
        .unwrap();
        for _ in 0..6000 {
            let terms = law.torques(&chain, &state, &s.target, s.dt).unwrap();
            let tau: Vec<f64> = terms.iter().map(|t| t.total).collect();
            state.step(&chain, &tau, s.dt, s.integrator).unwrap();
        }
        let want = sag.laws[0].sag[0].as_ref().unwrap();
        for (j, want) in want.iter().enumerate() {
            assert!((s.target[j] - state.q[j] - want).abs() < 1e-9, "joint {j}");
        }
    }

    #[test]
    fn an_axis_that_cannot_be_is_named() {
        let s = ArmSettings::default();
        let field = |axis: SagAxis| arm_sag(&s, &axis).unwrap_err().field();
        let d = SagAxis::default();
        assert_eq!(field(SagAxis { kp_min: 0.0, ..d }), "kpMin");
        assert_eq!(
            field(SagAxis {
                kp_max: d.kp_min,
                ..d
            }),
            "kpMax"
        );
        assert_eq!(field(SagAxis { points: 1, ..d }), "points");
        assert_eq!(
            field(SagAxis {
                points: 10_000,
                ..d
            }),
            "points"
        );
    }
}
