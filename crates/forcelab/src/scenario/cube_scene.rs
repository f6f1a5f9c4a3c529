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

/// Forward PD, Wu's backward PD and SPD at `kp = 100 N/m`, `kd = 20 N s/m` on 1 kg
/// (critically damped in continuous time), 60 Hz, target 1 m away.
pub const CUBE_SCENE: CubeScene = CubeScene {
    id: "cube",
    laws: &[LawId::ForwardPd, LawId::BackwardPd, LawId::Spd],
    kp: 100.0,
    kd: 20.0,
    dt: 0.016_666_7,
    mass: 1.0,
    target: 1.0,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::PlantId;
    use crate::testing::ROUND_OFF;

    #[test]
    fn the_scene_runs_cube_laws_critically_damped() {
        assert!(CUBE_SCENE
            .laws
            .iter()
            .all(|l| l.drives(PlantId::Cube) && l.law().linear));
        let zeta = CUBE_SCENE.kd / (2.0 * (CUBE_SCENE.kp * CUBE_SCENE.mass).sqrt());
        assert!((zeta - 1.0).abs() < ROUND_OFF);
    }
}
