//! What drives the arm while it is tuned: one of the chain laws on the arm scene, or an
//! engine's own drive on its twin of the same arm (MuJoCo's `<position>` actuators under
//! each of its integrators; PhysX's articulation drive, or the per-joint PD written as
//! joint efforts).

use crate::controllers::chain::ChainLawId;
use crate::engines::mujoco_chain::ChainIntegrator;
use crate::engines::physx_chain::PhysxChainLaw;

/// One row of the arm's tuning table: a law, or an engine's drive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArmDrive {
    /// A chain law, run by the arm scene ([`crate::scenes::run_arm`]).
    Law(ChainLawId),
    /// MuJoCo's `<position kp kv>` actuator on every joint, stepped by this integrator
    /// ([`crate::engines::mujoco_chain::mujoco_arm`]).
    Mujoco(ChainIntegrator),
    /// PhysX's articulation driven this way, at its default settings
    /// ([`crate::engines::physx_chain::physx_arm`]).
    Physx(PhysxChainLaw),
}

impl ArmDrive {
    /// The engines' drives, in the order the table lists them after the laws.
    pub const ENGINES: [ArmDrive; 4] = [
        ArmDrive::Mujoco(ChainIntegrator::Euler),
        ArmDrive::Mujoco(ChainIntegrator::ImplicitFast),
        ArmDrive::Physx(PhysxChainLaw::Drive),
        ArmDrive::Physx(PhysxChainLaw::JointPd),
    ];

    /// Its id on the command line and in JSON: the law's id, or `mujoco-euler`,
    /// `mujoco-implicitfast`, `physx-drive`, `physx-joint-pd`.
    pub fn id(self) -> &'static str {
        match self {
            ArmDrive::Law(id) => id.id(),
            ArmDrive::Mujoco(ChainIntegrator::Euler) => "mujoco-euler",
            ArmDrive::Mujoco(ChainIntegrator::ImplicitFast) => "mujoco-implicitfast",
            ArmDrive::Physx(PhysxChainLaw::Drive) => "physx-drive",
            ArmDrive::Physx(PhysxChainLaw::JointPd) => "physx-joint-pd",
        }
    }

    /// Its name for a reader.
    pub fn label(self) -> &'static str {
        match self {
            ArmDrive::Law(id) => id.label(),
            ArmDrive::Mujoco(ChainIntegrator::Euler) => "MuJoCo position actuator (Euler)",
            ArmDrive::Mujoco(ChainIntegrator::ImplicitFast) => {
                "MuJoCo position actuator (implicitfast)"
            }
            ArmDrive::Physx(PhysxChainLaw::Drive) => "PhysX articulation drive",
            ArmDrive::Physx(PhysxChainLaw::JointPd) => "PhysX PD per joint as efforts",
        }
    }

    /// Every law and every engine drive, in the table's order.
    pub fn all() -> Vec<ArmDrive> {
        ChainLawId::ALL
            .into_iter()
            .map(ArmDrive::Law)
            .chain(ArmDrive::ENGINES)
            .collect()
    }

    /// The drive whose [`ArmDrive::id`] is `id`, or an error listing the ids.
    pub fn parse(id: &str) -> Result<ArmDrive, String> {
        let all = ArmDrive::all();
        all.iter()
            .copied()
            .find(|d| d.id() == id)
            .ok_or_else(|| crate::error::not_one_of("drive", id, all.iter().map(|d| d.id())))
    }
}
