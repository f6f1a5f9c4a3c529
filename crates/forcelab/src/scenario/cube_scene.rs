//! The cube scene of the index page and of `<forcelab-scene scene="cube">`: identical
//! cubes, one per law, chasing one target at the reader's gains, step and mass.

use crate::catalogue::LawId;

/// The scene's laws and starting settings.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct CubeScene {
    /// The scene's id (`embed.html?scene=ID`).
    pub id: &'static str,
    /// One cube per law, in legend order.
    pub laws: &'static [LawId],
    /// Stiffness, N/m.
    pub kp: f64,
    /// Damping, N s/m.
    pub kd: f64,
    /// Physics step, s (1/60 s to the six digits a URL carries).
    pub dt: f64,
    /// Each cube's mass, kg.
    pub mass: f64,
    /// Where the target sits, m (the cubes start at 0).
    pub target: f64,
}

/// Forward PD, Wu's backward PD and SPD at `kp = 1000 N/m`, `kd = 5 N s/m` on 1 kg, 60 Hz,
/// target 1 m away: gains at which the page makes its point at first sight. Forward PD
/// overshoots by about 80 % and rings for more than a second; the two implicit laws, with
/// the same gains, settle within about a third of one.
pub const CUBE_SCENE: CubeScene = CubeScene {
    id: "cube",
    laws: &[LawId::ForwardPd, LawId::BackwardPd, LawId::Spd],
    kp: 1000.0,
    kd: 5.0,
    dt: 0.016_666_7,
    mass: 1.0,
    target: 1.0,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::Body1;
    use crate::catalogue::PlantId;
    use crate::controllers::{Controller1, Target1};

    /// Steps the scene's cube under `law` and returns (the peak position, m; the last
    /// time it was more than 5 % of the way from the target, s).
    fn peak_and_settle(law: LawId) -> (f64, f64) {
        let s = CUBE_SCENE;
        let mut c = Controller1::new(law, s.kp, s.kd, s.mass).unwrap();
        let target = Target1::at(s.target);
        let mut body = Body1::new(0.0, s.mass).unwrap();
        let (mut peak, mut settle) = (0.0_f64, 0.0);
        for n in 1..=240 {
            let f = c.force(&body, &target, s.dt).unwrap().total;
            body.step(f, s.dt).unwrap();
            peak = peak.max(body.x);
            if (body.x - s.target).abs() > 0.05 * s.target {
                settle = n as f64 * s.dt;
            }
        }
        (peak, settle)
    }

    #[test]
    fn forward_pd_visibly_rings_where_the_implicit_laws_settle() {
        assert!(CUBE_SCENE
            .laws
            .iter()
            .all(|l| l.drives(PlantId::Cube) && l.law().linear));
        let (pd_peak, pd_settle) = peak_and_settle(LawId::ForwardPd);
        assert!(pd_peak > 1.7 && pd_settle > 1.0, "{pd_peak} {pd_settle}");
        for law in [LawId::BackwardPd, LawId::Spd] {
            let (peak, settle) = peak_and_settle(law);
            assert!(peak < pd_peak && settle < 0.4, "{law:?}: {peak} {settle}");
            assert!(pd_settle > 3.0 * settle, "{law:?}");
        }
    }
}
