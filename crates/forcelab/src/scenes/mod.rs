//! Scenes that are more than one body under one law: the articles' demos, each a small
//! simulation a page steps and reads, with its settings checked by the core.

mod arm;
mod arm3;
mod arm_map;
mod arm_run;
mod arm_sag;
mod dive;
mod golden;
mod hulls;
mod pursuit;
mod schedule;
mod snap;
mod tumble;

pub use arm::{
    arm_chain, Arm, ArmSettings, LawArm, LINK_COUNTS as ARM_LINK_COUNTS,
    MAX_SECONDS as ARM_MAX_SECONDS, SETTLED as ARM_SETTLED,
};
pub use arm3::{arm3_chain, arm3_error, run_arm3, Arm3Run, Arm3Settings};
pub use arm_map::{arm_loop, arm_map, ArmMap, ArmMapGrid};
pub use arm_run::{
    arm_metrics, breaking_stiffness, breaking_table, run_arm, ArmMetrics, ArmRun, BreakingRow,
    BREAKING_RATES,
};
pub use arm_sag::{arm_sag, ArmSag, LawSag, SagAxis};
pub use dive::{
    attitude, four_generations, Dive, DiveSettings, Orders, FIRST_ORDERS, MAX_PITCH, MAX_ROLL,
};
pub use golden::{scene_trace_hash, SCENE_HASHES};
pub use pursuit::{
    default_waypoints, Chaser, Goal, Pursuit, PursuitSettings, Steering, START, WAYPOINTS,
};
pub use schedule::{check_at, fires, from_the_start};
pub use snap::{Snap, SnapBody, SnapSettings};
pub use tumble::{Tumble, TumbleSettings, MODES};

/// The default settings of each scene a chapter animates: the page starts each from
/// these, and its types for their settings are these objects' (`web/src/core/scenes.ts`,
/// from `presets.json`'s `scenes`, written by `examples/core_data.rs`).
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SceneDefaults {
    /// Chapter 6's chase.
    pub pursuit: PursuitSettings,
    /// Chapter 7's submarines.
    pub dive: DiveSettings,
    /// Chapter 7's tumbling plates.
    pub tumble: TumbleSettings,
    /// Chapter 5's snap.
    pub snap: SnapSettings,
    /// Chapter 12's arm, one per chain law.
    pub arm: ArmSettings,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_scene_writes_stride_numbers_per_body_into_a_reused_buffer() {
        let mut out = Vec::new();
        let mut pursuit = Pursuit::new(PursuitSettings::default(), default_waypoints()).unwrap();
        pursuit.state_into(&mut out);
        assert_eq!(out.len(), pursuit.chasers.len() * Pursuit::STRIDE);
        pursuit.step().unwrap();
        let capacity = out.capacity();
        pursuit.state_into(&mut out);
        assert_eq!(out.len(), pursuit.chasers.len() * Pursuit::STRIDE);
        assert_eq!(
            out.capacity(),
            capacity,
            "the buffer is reused, not regrown"
        );
        assert_eq!(out[0], pursuit.chasers[0].body.position.x);

        let dive = Dive::new(DiveSettings::default()).unwrap();
        dive.state_into(&mut out);
        assert_eq!(out.len(), dive.hulls.len() * Dive::STRIDE);
        let tumble = Tumble::new(TumbleSettings::default()).unwrap();
        tumble.state_into(&mut out);
        assert_eq!(out.len(), tumble.bodies.len() * Tumble::STRIDE);
        assert_eq!(out[4], tumble.axis_cosine(0));
    }
}
