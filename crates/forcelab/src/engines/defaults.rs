//! Every engine setting's default, pinned against the value its engine documents, each
//! with where the engine says so. The golden files set every setting explicitly and most
//! real engines cannot run here, so this table is what catches a changed default.

use super::settings::Value::{self, Choice, Flag, Number};
use super::{articles, box2d, jolt, mujoco, physx, rapier, unity};

/// f32's largest value, as the engines' "no limit" (PX_MAX_F32, Unity's float.MaxValue).
const MAX_F32: f64 = f32::MAX as f64;

/// Jolt's default `mMaxAngularVelocity`, `0.25f * JPH_PI * 60.0f`, computed in f32 as
/// Jolt's `BodyCreationSettings.h` does.
fn jolt_max_angular() -> f64 {
    (0.25f32 * core::f32::consts::PI * 60.0f32) as f64
}

/// Compares `values` with `expected` key by key: same keys, same order, same values.
fn check(engine: &str, values: Vec<(&'static str, Value)>, expected: &[(&str, Value)]) {
    let keys: Vec<&str> = values.iter().map(|(k, _)| *k).collect();
    let want: Vec<&str> = expected.iter().map(|(k, _)| *k).collect();
    assert_eq!(keys, want, "{engine}: every setting is in the table");
    for ((key, got), (_, want)) in values.iter().zip(expected) {
        assert_eq!(got, want, "{engine}'s default {key}");
    }
}

#[test]
fn every_engine_setting_defaults_to_what_its_engine_documents() {
    // Unity: Rigidbody / ConfigurableJoint scripting reference (docs.unity3d.com,
    // Rigidbody.angularDamping "0.05", Rigidbody.maxAngularVelocity "50" since 2022 LTS,
    // Rigidbody.sleepThreshold "0.005", Physics.defaultSolverIterations 6,
    // defaultSolverVelocityIterations 1, ConfigurableJoint.rotationDriveMode XYAndZ...
    // angularXDrive, JointDrive.maximumForce float.MaxValue).
    check(
        "Unity Rigidbody",
        unity::Settings::default().values(),
        &[
            ("solverType", Choice("PGS")),
            ("solverIterations", Number(6.0)),
            ("solverVelocityIterations", Number(1.0)),
            ("linearDamping", Number(0.0)),
            ("angularDamping", Number(0.05)),
            ("maxAngularVelocity", Number(50.0)),
            ("sleepThreshold", Number(0.005)),
            ("rotationDrive", Choice("angularXDrive")),
            ("maximumForce", Number(MAX_F32)),
        ],
    );
    // Unity: ArticulationBody scripting reference (linearDamping / angularDamping 0.05,
    // maxAngularVelocity 50, sleepThreshold 0.005); the undocumented link and joint speed
    // caps take PhysX's PxArticulationLink defaults (100).
    check(
        "Unity ArticulationBody",
        unity::ArticulationSettings::default().values(),
        &[
            ("solverType", Choice("PGS")),
            ("solverIterations", Number(6.0)),
            ("solverVelocityIterations", Number(1.0)),
            ("linearDamping", Number(0.05)),
            ("angularDamping", Number(0.05)),
            ("maxAngularVelocity", Number(50.0)),
            ("maxLinearVelocity", Number(100.0)),
            ("maxJointVelocity", Number(100.0)),
            ("sleepThreshold", Number(0.005)),
            ("forceLimit", Number(MAX_F32)),
        ],
    );
    // PhysX 5: PxSceneDesc (solverType ePGS), PxRigidDynamic (setSolverIterationCounts
    // 4 / 1, setSleepThreshold 5e-5 * tolerancesScale.speed^2 = 0.005 at speed 10),
    // PxRigidBody (linear damping 0, angular damping 0.05, max linear velocity 1e16,
    // max angular velocity 100), PxD6JointDrive (forceLimit PX_MAX_F32, limits are
    // impulses unless eDRIVE_LIMITS_ARE_FORCES).
    check(
        "PhysX rigid body",
        physx::Settings::default().values(),
        &[
            ("solverType", Choice("PGS")),
            ("positionIterations", Number(4.0)),
            ("velocityIterations", Number(1.0)),
            ("linearDamping", Number(0.0)),
            ("angularDamping", Number(0.05)),
            ("maxLinearVelocity", Number(1e16)),
            ("maxAngularVelocity", Number(100.0)),
            ("sleepThreshold", Number(0.005)),
            ("angularDrive", Choice("TWIST")),
            ("forceLimit", Number(MAX_F32)),
            ("driveLimitsAreForces", Flag(false)),
        ],
    );
    // PhysX 5: PxArticulationLink (linear / angular damping 0.05, max linear velocity
    // 100, max angular velocity 50), PxArticulationJointReducedCoordinate
    // (maxJointVelocity 100), PxArticulationDrive (maxForce PX_MAX_F32).
    check(
        "PhysX articulation",
        physx::ArticulationSettings::default().values(),
        &[
            ("solverType", Choice("PGS")),
            ("positionIterations", Number(4.0)),
            ("velocityIterations", Number(1.0)),
            ("linearDamping", Number(0.05)),
            ("angularDamping", Number(0.05)),
            ("maxLinearVelocity", Number(100.0)),
            ("maxAngularVelocity", Number(50.0)),
            ("maxJointVelocity", Number(100.0)),
            ("sleepThreshold", Number(0.005)),
            ("forceLimit", Number(MAX_F32)),
            ("driveLimitsAreForces", Flag(false)),
        ],
    );
    // Box2D v3 (types.c): b2DefaultWorldDef (enableSleep true, maximumLinearSpeed
    // 400 * b2_lengthUnitsPerMeter = 400 m/s, enableWarmStarting true), b2DefaultBodyDef
    // (sleepThreshold 0.05 m/s, linear / angular damping 0, allowFastRotation false);
    // subStepCount 4 as in its documentation's b2World_Step example.
    check(
        "Box2D",
        box2d::Settings::default().values(),
        &[
            ("subStepCount", Number(4.0)),
            ("enableSleep", Flag(true)),
            ("sleepThreshold", Number(0.05)),
            ("allowFastRotation", Flag(false)),
            ("linearDamping", Number(0.0)),
            ("angularDamping", Number(0.0)),
            ("maximumLinearSpeed", Number(400.0)),
            ("enableWarmStarting", Flag(true)),
        ],
    );
    // Jolt: BodyCreationSettings.h (mLinearDamping 0.05, mAngularDamping 0.05,
    // mMaxLinearVelocity 500, mMaxAngularVelocity 0.25 pi 60, mAllowSleeping true),
    // PhysicsSettings.h (mNumVelocitySteps 10); inCollisionSteps 1 as in its samples.
    check(
        "Jolt",
        jolt::Settings::default().values(),
        &[
            ("collisionSteps", Number(1.0)),
            ("linearDamping", Number(0.05)),
            ("angularDamping", Number(0.05)),
            ("maxLinearVelocity", Number(500.0)),
            ("maxAngularVelocity", Number(jolt_max_angular())),
            ("allowSleeping", Flag(true)),
            ("numVelocitySteps", Number(10.0)),
        ],
    );
    // Rapier: IntegrationParameters::default (num_solver_iterations 4,
    // num_internal_pgs_iterations 1), RigidBodyBuilder (can_sleep true, linear / angular
    // damping 0).
    check(
        "Rapier",
        rapier::Settings::default().values(),
        &[
            ("numSolverIterations", Number(4.0)),
            ("canSleep", Flag(true)),
            ("linearDamping", Number(0.0)),
            ("angularDamping", Number(0.0)),
            ("numInternalPgsIterations", Number(1.0)),
        ],
    );
    // MuJoCo: XML reference, <option integrator="Euler"> by default.
    check(
        "MuJoCo",
        mujoco::Settings::default().values(),
        &[("integrator", Choice("Euler"))],
    );
    // forcelab's articles step bodies as game engines do: semi-implicit Euler.
    check(
        "forcelab",
        articles::Settings::default().values(),
        &[("integrator", Choice("semi-implicit-euler"))],
    );
}
