//! Which program each law of the cube and the plate is written out as (the types are
//! [`crate::program`]'s; each law's file declares its own).

use crate::program::{Program, TorqueProgram};

/// The program of `law` on the cube and the plate, as its file declares it, or `None`
/// for a law that only turns a box (Wu's torque listing as printed).
pub fn program_of(law: super::LawId) -> Option<&'static Program> {
    use super::LawId as L;
    Some(match law {
        L::ForwardPd => &super::forward_pd::PROGRAM,
        L::BackwardPd => &super::backward_pd::PROGRAM,
        L::Spd => &super::spd::PROGRAM,
        L::SpdSimplified => &super::spd_simplified::PROGRAM,
        L::ImplicitPd => &super::implicit_pd::PROGRAM,
        L::SecondOrder => &super::second_order::PROGRAM,
        L::SoftStep => &super::soft_step::PROGRAM,
        L::OneStep => &super::one_step::PROGRAM,
        L::OneStepAsPrinted => &crate::published::ONE_STEP_PROGRAM,
        L::Pid => &super::pid_program::PROGRAM,
        L::WindowedPid => &super::windowed_pid::PROGRAM,
        L::WindowedPidAsPrinted => &super::windowed_pid_as_printed::PROGRAM,
        L::BackwardPdAsPrinted => return None,
    })
}

/// The torque law of `law` on the box written out per unit inertia, or `None` for a law
/// whose step is written out in vectors ([`vector_program_of`]) or that does not turn
/// the box.
pub fn torque_program_of(law: super::LawId) -> Option<&'static TorqueProgram> {
    use super::LawId as L;
    match law {
        L::ForwardPd => Some(&super::controller3::TORQUE_PROGRAM),
        L::BackwardPd => Some(&super::backward_pd_torque::TORQUE_PROGRAM),
        L::BackwardPdAsPrinted => Some(&crate::published::BACKWARD_PD_TORQUE_PROGRAM),
        _ => None,
    }
}

/// The program of `law` on the box whose step is written out in vectors (it computes
/// `torque`, N m, world: the laws that predict in the principal frame, and the PID with
/// its memory), as its file declares it, or `None`.
pub fn vector_program_of(law: super::LawId) -> Option<&'static Program> {
    use super::LawId as L;
    match law {
        L::Spd => Some(&super::spd_torque::VECTOR_PROGRAM),
        L::SpdSimplified => Some(&super::spd_simplified::VECTOR_PROGRAM),
        L::OneStep => Some(&super::one_step::VECTOR_PROGRAM),
        L::OneStepAsPrinted => Some(&crate::published::ONE_STEP_VECTOR_PROGRAM),
        L::Pid => Some(&super::pid_torque::VECTOR_PROGRAM),
        _ => None,
    }
}

/// Every law written out for engines, by id in the catalogue's order: `force` on the
/// cube and the plate, `torque` and `vector` on the box, `chain` on a chain. What `npm run core-data`
/// writes for the page's engine templates.
#[derive(Clone, Debug, PartialEq)]
pub struct Programs {
    /// The cube's and the plate's laws.
    pub force: Vec<(&'static str, &'static Program)>,
    /// The box's laws per unit inertia.
    pub torque: Vec<(&'static str, &'static TorqueProgram)>,
    /// The box's laws written out in vectors.
    pub vector: Vec<(&'static str, &'static Program)>,
    /// The chain laws, each setting a torque per joint ([`super::chain::chain_program_of`]).
    pub chain: Vec<(&'static str, &'static Program)>,
}

/// Every law's programs (see [`Programs`]).
pub fn programs() -> Programs {
    let all = super::LawId::ALL;
    Programs {
        force: all
            .into_iter()
            .filter_map(|l| program_of(l).map(|p| (l.id(), p)))
            .collect(),
        torque: all
            .into_iter()
            .filter_map(|l| torque_program_of(l).map(|p| (l.id(), p)))
            .collect(),
        vector: all
            .into_iter()
            .filter_map(|l| vector_program_of(l).map(|p| (l.id(), p)))
            .collect(),
        chain: super::chain::ChainLawId::ALL
            .into_iter()
            .map(|l| (l.id(), super::chain::chain_program_of(l)))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{LawId, OptionValue, PlantId};
    use crate::program::{Choice, From, Statement, Text};

    /// Every choice, setting and memory field a program names, walked once.
    fn choices_of(p: &Program) -> Vec<Choice> {
        fn walk(statements: &[Statement], out: &mut Vec<Choice>) {
            for s in statements {
                match s {
                    Statement::If(_, then, otherwise) | Statement::When(_, then, otherwise) => {
                        if let Statement::When(c, ..) = s {
                            out.push(*c);
                        }
                        walk(then, out);
                        walk(otherwise, out);
                    }
                    Statement::For(.., body) => walk(body, out),
                    _ => {}
                }
            }
        }
        fn text(parts: &[Text], out: &mut Vec<Choice>) {
            for part in parts {
                if let Text::When(c, then, otherwise) = part {
                    out.push(*c);
                    text(then, out);
                    text(otherwise, out);
                }
            }
        }
        let mut out = Vec::new();
        walk(p.step, &mut out);
        text(p.source, &mut out);
        out.extend(p.settings.iter().filter_map(|s| s.when));
        out.extend(p.memory.iter().filter_map(|m| m.when));
        out
    }

    fn option(law: LawId, key: &str) -> OptionValue {
        law.law()
            .options
            .iter()
            .find(|o| o.key == key)
            .unwrap_or_else(|| panic!("{}: no option {key:?}", law.id()))
            .value
    }

    fn check(law: LawId, choice: Choice) {
        match choice {
            Choice::On(key) => assert!(
                matches!(
                    option(law, key),
                    OptionValue::Limit { .. } | OptionValue::Number { .. }
                ),
                "{}: {key} is not a number or a limit",
                law.id()
            ),
            Choice::Is(key, value) => match option(law, key) {
                OptionValue::Choice { choices, .. } => assert!(
                    choices.iter().any(|[id, _]| *id == value),
                    "{}: {key} has no choice {value:?}",
                    law.id()
                ),
                other => panic!("{}: {key} is not a choice: {other:?}", law.id()),
            },
            Choice::All(all) => all.iter().for_each(|c| check(law, *c)),
        }
    }

    /// The program's choices are `law`'s options, and its settings read its gains or options.
    fn check_program(law: LawId, p: &Program) {
        for choice in choices_of(p) {
            check(law, choice);
        }
        for s in p.settings {
            match s.from {
                From::Gain(key) => {
                    assert_eq!(key, "ki", "{}", law.id());
                    assert!(law.law().integral, "{} reads ki", law.id());
                }
                From::Option(key) => {
                    option(law, key);
                }
            }
        }
    }

    #[test]
    fn every_law_of_the_cube_and_the_plate_has_a_program_whose_choices_are_its_options() {
        for plant in [PlantId::Cube, PlantId::Plate] {
            for law in LawId::driving(plant) {
                let p = program_of(law).unwrap_or_else(|| panic!("{} has no program", law.id()));
                check_program(law, p);
                // The last statement gives the force.
                assert!(
                    matches!(
                        p.step.last(),
                        Some(Statement::Let("force", _) | Statement::If(..))
                    ),
                    "{}",
                    law.id()
                );
            }
        }
        assert!(program_of(LawId::BackwardPdAsPrinted).is_none());
        assert_eq!(programs().force.len(), LawId::ALL.len() - 1);
    }

    #[test]
    fn every_law_of_the_box_is_written_out_once_and_its_vector_step_gives_the_torque() {
        for law in LawId::driving(PlantId::Box) {
            let ways = [
                torque_program_of(law).is_some(),
                vector_program_of(law).is_some(),
            ];
            assert!(ways[0] != ways[1], "{}: written out {ways:?}", law.id());
            if let Some(p) = vector_program_of(law) {
                check_program(law, p);
                assert!(
                    matches!(p.step.last(), Some(Statement::LetVector("torque", _))),
                    "{}",
                    law.id()
                );
            }
        }
    }

    /// Every name an expression of `statements` reads, in order (numbers skipped).
    fn names(statements: &[Statement], out: &mut Vec<(&'static str, String)>) {
        fn read(text: &'static str, out: &mut Vec<(&'static str, String)>) {
            let mut chars = text.char_indices().peekable();
            while let Some((at, c)) = chars.next() {
                if c.is_ascii_digit() || c == '.' {
                    // A number, its exponent included (`1e-12`).
                    while let Some(&(_, d)) = chars.peek() {
                        let exponent_sign =
                            (d == '-' || d == '+') && text[..at + 1].ends_with(['e', 'E']);
                        if !(d.is_ascii_alphanumeric() || d == '.' || exponent_sign) {
                            break;
                        }
                        chars.next();
                    }
                } else if c.is_ascii_alphabetic() || c == '_' {
                    let mut end = at + 1;
                    while let Some(&(i, d)) = chars.peek() {
                        if !(d.is_ascii_alphanumeric() || d == '_') {
                            break;
                        }
                        end = i + 1;
                        chars.next();
                    }
                    out.push((text, text[at..end].to_string()));
                }
            }
        }
        for s in statements {
            match s {
                Statement::Let(_, e)
                | Statement::LetInt(_, e)
                | Statement::LetVector(_, e)
                | Statement::LetOrientation(_, e)
                | Statement::LetList(_, e)
                | Statement::LetMatrix(_, e)
                | Statement::Set(_, e) => read(e, out),
                Statement::If(c, then, otherwise) => {
                    read(c, out);
                    names(then, out);
                    names(otherwise, out);
                }
                Statement::When(_, then, otherwise) => {
                    names(then, out);
                    names(otherwise, out);
                }
                Statement::For(..) | Statement::Push(..) | Statement::Note(_) => {}
            }
        }
    }

    /// The locals `statements` declare, in every branch.
    fn locals(statements: &[Statement], out: &mut Vec<&'static str>) {
        for s in statements {
            match s {
                Statement::Let(n, _)
                | Statement::LetInt(n, _)
                | Statement::LetVector(n, _)
                | Statement::LetOrientation(n, _)
                | Statement::LetList(n, _)
                | Statement::LetMatrix(n, _) => out.push(n),
                Statement::If(_, then, otherwise) | Statement::When(_, then, otherwise) => {
                    locals(then, out);
                    locals(otherwise, out);
                }
                _ => {}
            }
        }
    }

    #[test]
    fn a_vector_step_reads_only_its_vocabulary_gains_settings_memory_and_locals() {
        use crate::program::{VECTOR_FUNCTIONS, VECTOR_INPUTS};
        let all = programs();
        // Each law's step with the settings and memory it names: the vector programs, and
        // the torque laws' steps as `TorqueProgram::step` composes them.
        let vector = all.vector.iter().map(|&(id, p)| {
            let own = p.settings.iter().map(|s| s.name);
            (
                id,
                p.step.to_vec(),
                own.chain(p.memory.iter().map(|m| m.name)).collect(),
            )
        });
        let torque = all.torque.iter().map(|&(id, t)| (id, t.step(), Vec::new()));
        for (id, step, own) in vector.chain(torque) {
            let law = LawId::ALL.into_iter().find(|l| l.id() == id).unwrap();
            let mut known: Vec<&str> = VECTOR_INPUTS
                .iter()
                .chain(VECTOR_FUNCTIONS)
                .map(|(name, ..)| *name)
                .chain(law.law().gains.iter().map(|g| g.key))
                .chain(own)
                .chain(["true", "false"])
                .collect();
            locals(&step, &mut known);
            let mut read = Vec::new();
            names(&step, &mut read);
            assert!(read.len() > 5, "{id}: the step reads {read:?}");
            for (text, name) in read {
                assert!(known.contains(&name.as_str()), "{id}: {name:?} in {text:?}");
            }
        }
    }
}
