//! The chain laws written out for engines that do not run forcelab (Unity's
//! ArticulationBody, Godot's hinged RigidBody3D links): each law's file declares its
//! [`Program`] beside its arithmetic, in the statements of [`crate::program`], and the
//! page's templates only spell it in their language (`npm run core-data` writes them to
//! `web/src/core/programs.json` under `chain`).
//!
//! A chain step sets `tau[i]` (N m) for every joint `i < n`, from what [`CHAIN_INPUTS`]
//! names (the joint angles and rates, the target pose, the per-joint gains and, where a
//! law asks for them, the mass matrix, the gravity torques and the bias), with the
//! number syntax of [`crate::program`] and the list operations of [`CHAIN_FUNCTIONS`].
//! A template reads from its engine only what the step names (no mass matrix for PD).

use super::ChainLawId;
use crate::program::{setting, From, Program, Setting};

/// What a chain law's step reads, by name, with the kind of its value and what it is
/// (each template spells it in its engine's terms). Per-joint lists are indexed
/// `q[i]`, the matrix `M[i][j]`, base joint first.
pub const CHAIN_INPUTS: &[(&str, &str, &str)] = &[
    ("n", "int", "the number of joints"),
    (
        "q",
        "list",
        "each joint's angle, rad (the first from +x, each later one relative to the link before)",
    ),
    ("qd", "list", "each joint's rate, rad/s"),
    ("qt", "list", "the target pose, rad (held at rest)"),
    ("dt", "number", "the fixed step, s"),
    (
        "M",
        "matrix",
        "the chain's mass matrix at q, kg m^2 (M qdd + C = tau)",
    ),
    (
        "G",
        "list",
        "the torques that hold the chain's weight at q, N m (the bias at rest)",
    ),
    (
        "C",
        "list",
        "the bias at q, qd: the torques that cancel gravity, Coriolis and centrifugal forces, N m",
    ),
    ("tau", "list", "the step's output: each joint's torque, N m"),
];

/// The list operations a chain law's step may call: the name, the kind of the result
/// and what it computes. Each template spells them in its language (a helper it defines).
pub const CHAIN_FUNCTIONS: &[(&str, &str, &str)] = &[
    ("Zeros", "list", "Zeros(n): a list of n zeros"),
    ("Copy", "matrix", "Copy(A): a copy of the matrix A, to change without changing A"),
    ("Solve", "list", "Solve(A, b): x with A x = b, A symmetric positive definite (a Cholesky solve, as body::chain::cholesky_solve)"),
];

/// The gains every chain law reads, per joint.
const KP_KD: [Setting; 2] = [
    setting(
        "kp",
        From::Gain("kp"),
        false,
        "stiffness per joint, N m/rad",
        None,
    ),
    setting(
        "kd",
        From::Gain("kd"),
        false,
        "damping per joint, N m s/rad",
        None,
    ),
];

/// The gains of a law without an integral: `kp` and `kd` per joint.
pub(crate) const PD_GAINS: &[Setting] = &KP_KD;

/// The PID's gains: `kp`, `kd` and `ki` per joint.
pub(crate) const PID_GAINS: &[Setting] = &[
    KP_KD[0],
    KP_KD[1],
    setting(
        "ki",
        From::Gain("ki"),
        false,
        "integral gain per joint, N m/(rad s)",
        None,
    ),
];

/// The program of chain law `id`, as its file declares it.
pub fn chain_program_of(id: ChainLawId) -> &'static Program {
    match id {
        ChainLawId::JointPd => &super::joint_pd::PROGRAM,
        ChainLawId::JointSpd => &super::joint_spd::PROGRAM,
        ChainLawId::MassMatrixSpd => &super::mass_matrix_spd::PROGRAM,
        ChainLawId::PdGravity => &super::pd_gravity::PROGRAM,
        ChainLawId::JointPid => &super::joint_pid::PROGRAM,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::Statement;

    /// Every name an expression reads (numbers skipped), and the locals declared.
    fn words(text: &str, read: &mut Vec<String>) {
        {
            let mut word = String::new();
            let mut in_number = false;
            for c in text.chars().chain([' ']) {
                if c.is_ascii_alphanumeric() || c == '_' || (in_number && c == '.') {
                    if word.is_empty() {
                        in_number = c.is_ascii_digit();
                    }
                    word.push(c);
                } else {
                    if !word.is_empty() && !in_number {
                        read.push(word.clone());
                    }
                    word.clear();
                    in_number = false;
                }
            }
        }
    }

    fn walk(statements: &[Statement], read: &mut Vec<String>, locals: &mut Vec<String>) {
        for s in statements {
            match s {
                Statement::Let(n, e)
                | Statement::LetInt(n, e)
                | Statement::LetList(n, e)
                | Statement::LetMatrix(n, e) => {
                    words(e, read);
                    locals.push(n.to_string());
                }
                Statement::Set(n, e) => {
                    words(n, read);
                    words(e, read);
                }
                Statement::For(n, from, to, body) => {
                    locals.push(n.to_string());
                    words(from, read);
                    words(to, read);
                    walk(body, read, locals);
                }
                Statement::If(c, then, otherwise) => {
                    words(c, read);
                    walk(then, read, locals);
                    walk(otherwise, read, locals);
                }
                Statement::Note(_) => {}
                other => panic!("a chain step has no {other:?}"),
            }
        }
    }

    #[test]
    fn every_chain_law_reads_only_its_vocabulary_gains_memory_and_locals_and_sets_every_torque() {
        for id in ChainLawId::ALL {
            let p = chain_program_of(id);
            let (mut read, mut locals) = (Vec::new(), Vec::new());
            walk(p.step, &mut read, &mut locals);
            let known: Vec<&str> = CHAIN_INPUTS
                .iter()
                .chain(CHAIN_FUNCTIONS)
                .map(|(name, ..)| *name)
                .chain(p.settings.iter().map(|s| s.name))
                .chain(p.memory.iter().map(|m| m.name))
                .chain(locals.iter().map(String::as_str))
                .collect();
            for name in &read {
                assert!(known.contains(&name.as_str()), "{}: {name:?}", id.id());
            }
            // Only the PID reads ki, and only the laws that need them the dynamics.
            assert_eq!(
                read.iter().any(|n| n == "ki"),
                id == ChainLawId::JointPid,
                "{}",
                id.id()
            );
            let reads = |name: &str| read.iter().any(|n| n == name);
            assert_eq!(
                reads("M"),
                matches!(id, ChainLawId::JointSpd | ChainLawId::MassMatrixSpd),
                "{}",
                id.id()
            );
            assert_eq!(reads("G"), id == ChainLawId::PdGravity, "{}", id.id());
            assert_eq!(reads("C"), id == ChainLawId::MassMatrixSpd, "{}", id.id());
            // The last statement sets every joint's torque.
            assert!(
                matches!(p.step.last(), Some(Statement::For("i", "0", "n", body))
                    if matches!(body.last(), Some(Statement::Set("tau[i]", _)))),
                "{}",
                id.id()
            );
        }
    }
}
