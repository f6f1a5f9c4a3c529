//! The stability map a Lab card shows: which atlas map holds the card's law on its plant,
//! and where the card's gains sit on it. On the cube and the plate a law's map is its
//! own at the gains per unit mass (the plate's turn has the same gains per unit inertia);
//! a law without gains is a point of the forward PD's map. On the box, turning about a
//! principal axis `i` is, to first order, the 1-D law on the angle with that axis'
//! inertia `I_i` for the mass (`analysis::box_axis_tests` measures it): the laws with
//! gains per unit inertia sit at one point about every axis, SPD's torque gains at a
//! different point about each.

use super::{BoxLaw, BoxPlant, LawGains, LawOptions};
use crate::analysis::{poles, AtlasPoint, Complex};
use crate::catalogue::{LawId, PlantId};
use crate::error::{positive, Error};
use crate::integrator::Integrator;

/// One point of a card's map: the gains per unit mass (or inertia) of the law's loop,
/// about one principal axis of the box or along the body's one coordinate.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct MapMarker {
    /// The box's principal axis (`"x"`, `"y"`, `"z"`), or `None` when one point holds for
    /// every axis and coordinate.
    pub axis: Option<&'static str>,
    /// Stiffness per unit mass or inertia, 1/s^2.
    pub kp: f64,
    /// Damping per unit mass or inertia, 1/s.
    pub kd: f64,
    /// Integral gain per unit mass, 1/s^3 (the PIDs).
    pub ki: f64,
    /// The closed loop's poles there, largest modulus first.
    pub poles: Vec<Complex>,
    /// Their largest modulus.
    pub radius: f64,
}

/// The map of a card: the atlas map that holds it (`map`, drawn at the PIDs' slice
/// `integral = ki dt^3`, per unit mass) and the card's points on it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct CardMap {
    /// The law whose atlas map holds the card.
    pub map: LawId,
    /// The PIDs' slice, `ki dt^3` per unit mass (0 for the other laws).
    pub integral: f64,
    /// The card's points.
    pub markers: Vec<MapMarker>,
}

const BOX_PID: Error = Error::Unsupported {
    field: "kind",
    reason: "the box's PID has torque gains, so each principal axis has its own integral slice and no one map holds it",
};

impl CardMap {
    /// The map of a card running `law` with raw `gains` (N/m, N s/m, N/(m s)) on `plant`
    /// (body of `mass` kg, stepped by `integrator` every `dt` s).
    pub fn of(
        plant: PlantId,
        law: LawId,
        integrator: Integrator,
        gains: LawGains,
        mass: f64,
        dt: f64,
    ) -> Result<CardMap, Error> {
        let LawGains { kp, kd, ki } = gains;
        positive("mass", mass)?;
        positive("dt", dt)?;
        if !law.drives(plant) {
            return Err(Error::Unsupported {
                field: "kind",
                reason: "this law does not drive this plant (see LawId::driving)",
            });
        }
        if law.law().gains.is_empty() {
            let p = AtlasPoint::compute(law, integrator, dt)?;
            let (kp, kd) = (p.kp_dt2 / (dt * dt), p.kd_dt / dt);
            let marker = MapMarker {
                axis: None,
                kp,
                kd,
                ki: 0.0,
                poles: p.poles.to_vec(),
                radius: p.radius,
            };
            return Ok(CardMap {
                map: AtlasPoint::MAP,
                integral: 0.0,
                markers: vec![marker],
            });
        }
        let at = |map: LawId, axis, kp: f64, kd: f64, ki: f64| -> Result<MapMarker, Error> {
            let poles = poles::of_law(map, integrator, kp, kd, ki, dt)?;
            let radius = poles.first().map_or(0.0, |z| z.abs());
            Ok(MapMarker {
                axis,
                kp,
                kd,
                ki,
                poles,
                radius,
            })
        };
        let one = |map: LawId, kp: f64, kd: f64, ki: f64| -> Result<CardMap, Error> {
            Ok(CardMap {
                map,
                integral: ki * dt * dt * dt,
                markers: vec![at(map, None, kp, kd, ki)?],
            })
        };
        if plant != PlantId::Box {
            return one(law, kp / mass, kd / mass, ki / mass);
        }
        // The law as the box runs it: its own gains, read about each principal axis.
        let plant = BoxPlant::new(mass, integrator)?;
        let BoxLaw::Memoryless(c) = plant.law(law, gains, &LawOptions::NONE)? else {
            return Err(BOX_PID);
        };
        // Article 002's stable torque PD computes Wu's gains and runs the forward PD's.
        let map = if law == LawId::BackwardPdAsPrinted {
            LawId::ForwardPd
        } else {
            law
        };
        let axes = plant.start.inertia.to_array().map(|i| c.unit_gains(i));
        if axes.iter().all(|&g| g == axes[0]) {
            let (kp, kd) = axes[0];
            return one(map, kp, kd, 0.0);
        }
        let markers = ["x", "y", "z"]
            .into_iter()
            .zip(axes)
            .map(|(axis, (kp, kd))| at(map, Some(axis), kp, kd, 0.0))
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(CardMap {
            map,
            integral: 0.0,
            markers,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{one_step_matrix, spectral_radius};

    const DT: f64 = 1.0 / 60.0;

    fn g(kp: f64, kd: f64, ki: f64) -> LawGains {
        LawGains { kp, kd, ki }
    }

    #[test]
    fn a_cube_card_sits_at_its_gains_per_unit_mass_on_its_own_map() {
        let m = CardMap::of(
            PlantId::Cube,
            LawId::Spd,
            Integrator::Rk4,
            g(400.0, 20.0, 0.0),
            2.0,
            DT,
        )
        .unwrap();
        assert_eq!(m.map, LawId::Spd);
        assert_eq!((m.markers[0].kp, m.markers[0].kd), (200.0, 10.0));
        let r =
            spectral_radius(one_step_matrix(LawId::Spd, Integrator::Rk4, 200.0, 10.0, DT).unwrap());
        assert_eq!(m.markers[0].radius, r);
        let pid = CardMap::of(
            PlantId::Plate,
            LawId::Pid,
            Integrator::SemiImplicitEuler,
            g(400.0, 20.0, 60.0),
            2.0,
            DT,
        )
        .unwrap();
        assert_eq!(pid.integral, 30.0 * DT * DT * DT);
        assert_eq!(pid.markers[0].poles.len(), 4);
    }

    /// Forward PD at kp 400, kd 150 on 1 kg at 60 Hz has two real poles, -1.568 and
    /// 0.957: the order decides what the card reads. The radius is checked against the
    /// loop itself, stepped here by hand (semi-implicit Euler, `F = -kp x - kd v`), whose
    /// error grows by the largest pole's modulus every step once the other has died out.
    #[test]
    fn the_cards_radius_is_the_growth_of_its_simulated_loop_when_the_poles_are_real() {
        let (kp, kd) = (400.0, 150.0);
        let m = CardMap::of(
            PlantId::Cube,
            LawId::ForwardPd,
            Integrator::SemiImplicitEuler,
            g(kp, kd, 0.0),
            1.0,
            DT,
        )
        .unwrap();
        let marker = &m.markers[0];
        assert_eq!(marker.poles.len(), 2);
        assert!(
            marker.poles.iter().all(|z| z.im == 0.0),
            "{:?}",
            marker.poles
        );
        assert!(
            marker.poles[0].abs() >= marker.poles[1].abs(),
            "{:?}",
            marker.poles
        );
        let (mut x, mut v) = (1.0_f64, 0.0_f64);
        let mut growth = 0.0;
        for _ in 0..200 {
            v += (-kp * x - kd * v) * DT;
            let next = x + v * DT;
            growth = (next / x).abs();
            x = next;
        }
        assert!(
            (marker.radius - growth).abs() < 1e-9,
            "radius {} vs simulated growth {growth}",
            marker.radius
        );
        assert!(
            (marker.radius - 1.568).abs() < 1e-3,
            "radius {}",
            marker.radius
        );
    }

    #[test]
    fn a_law_without_gains_is_its_point_on_the_forward_pd_map() {
        let m = CardMap::of(
            PlantId::Cube,
            LawId::OneStep,
            Integrator::Rk4,
            g(0.0, 0.0, 0.0),
            3.0,
            DT,
        )
        .unwrap();
        assert_eq!(m.map, LawId::ForwardPd);
        assert!((m.markers[0].kp * DT * DT - 2.0).abs() < 1e-12);
        assert!((m.markers[0].radius - 1.0).abs() < 1e-12);
        let explicit = CardMap::of(
            PlantId::Cube,
            LawId::OneStep,
            Integrator::ExplicitEuler,
            g(0.0, 0.0, 0.0),
            3.0,
            DT,
        );
        assert_eq!(explicit.unwrap_err().field(), "integrator");
    }

    #[test]
    fn on_the_box_spd_has_a_point_per_principal_axis_and_pd_one_for_all() {
        let spd = CardMap::of(
            PlantId::Box,
            LawId::Spd,
            Integrator::SemiImplicitEuler,
            g(400.0, 20.0, 0.0),
            2.0,
            DT,
        )
        .unwrap();
        let plant = BoxPlant::new(2.0, Integrator::SemiImplicitEuler).unwrap();
        assert_eq!(spd.markers.len(), 3);
        for (i, m) in spd.markers.iter().enumerate() {
            // kp I_a / m torque gain, per unit inertia about axis i.
            let expected = 400.0 * plant.axis_inertia / 2.0 / plant.start.inertia[i];
            assert!(
                (m.kp - expected).abs() < 1e-9 * expected,
                "{i}: {} vs {expected}",
                m.kp
            );
        }
        // The flattest axis (x, the smallest inertia) is the stiffest per unit inertia.
        assert!(spd.markers[0].kp > spd.markers[2].kp);
        let pd = CardMap::of(
            PlantId::Box,
            LawId::ForwardPd,
            Integrator::SemiImplicitEuler,
            g(400.0, 20.0, 0.0),
            2.0,
            DT,
        )
        .unwrap();
        assert_eq!(pd.markers.len(), 1);
        assert_eq!((pd.markers[0].kp, pd.markers[0].kd), (200.0, 10.0));
        let printed = CardMap::of(
            PlantId::Box,
            LawId::BackwardPdAsPrinted,
            Integrator::SemiImplicitEuler,
            g(400.0, 20.0, 0.0),
            2.0,
            DT,
        )
        .unwrap();
        assert_eq!(printed.map, LawId::ForwardPd);
        let pid = CardMap::of(
            PlantId::Box,
            LawId::Pid,
            Integrator::SemiImplicitEuler,
            g(400.0, 20.0, 1.0),
            2.0,
            DT,
        );
        assert_eq!(pid.unwrap_err().field(), "kind");
    }

    #[test]
    fn refuses_a_law_the_plant_does_not_run_and_a_bad_body_by_name() {
        let e = CardMap::of(
            PlantId::Box,
            LawId::WindowedPid,
            Integrator::SemiImplicitEuler,
            g(1.0, 1.0, 1.0),
            1.0,
            DT,
        );
        assert_eq!(e.unwrap_err().field(), "kind");
        let e = CardMap::of(
            PlantId::Cube,
            LawId::ForwardPd,
            Integrator::SemiImplicitEuler,
            g(1.0, 1.0, 0.0),
            0.0,
            DT,
        );
        assert_eq!(e.unwrap_err().field(), "mass");
        let e = CardMap::of(
            PlantId::Cube,
            LawId::ForwardPd,
            Integrator::SemiImplicitEuler,
            g(-1.0, 1.0, 0.0),
            1.0,
            DT,
        );
        assert_eq!(e.unwrap_err().field(), "kp");
    }
}
