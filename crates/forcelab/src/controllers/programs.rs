//! Which program each law of the cube and the plate is written out as (the types are
//! [`crate::program`]'s; each law's file declares its own).

use crate::program::{PredictingProgram, Program, TorqueProgram};

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
        L::Pid => &super::pid::PROGRAM,
        L::WindowedPid => &super::windowed_pid::PROGRAM,
        L::WindowedPidAsPrinted => &super::windowed_pid_as_printed::PROGRAM,
        L::BackwardPdAsPrinted => return None,
    })
}

/// The torque law of `law` on the box written out per unit inertia, or `None` for a law
/// whose step the templates write out in full ([`predicting_program_of`]) or that does
/// not turn the box.
pub fn torque_program_of(law: super::LawId) -> Option<&'static TorqueProgram> {
    use super::LawId as L;
    match law {
        L::ForwardPd => Some(&super::controller3::TORQUE_PROGRAM),
        L::BackwardPd => Some(&super::backward_pd_torque::TORQUE_PROGRAM),
        L::BackwardPdAsPrinted => Some(&crate::published::BACKWARD_PD_TORQUE_PROGRAM),
        _ => None,
    }
}

/// Where each box law that predicts in the principal frame lives (its step is written
/// out per language by the templates), or `None`.
pub fn predicting_program_of(law: super::LawId) -> Option<&'static PredictingProgram> {
    use super::LawId as L;
    match law {
        L::Spd => Some(&super::spd_torque::PREDICTING),
        L::SpdSimplified => Some(&super::spd_simplified::PREDICTING),
        L::OneStep => Some(&super::one_step::PREDICTING),
        L::OneStepAsPrinted => Some(&crate::published::ONE_STEP_PREDICTING),
        _ => None,
    }
}

/// Every law written out for engines, by id in the catalogue's order: `force` on the
/// cube and the plate, `torque` and `predicting` on the box. What `npm run core-data`
/// writes for the page's engine templates.
#[derive(Clone, Debug, PartialEq)]
pub struct Programs {
    /// The cube's and the plate's laws.
    pub force: Vec<(&'static str, &'static Program)>,
    /// The box's laws per unit inertia.
    pub torque: Vec<(&'static str, &'static TorqueProgram)>,
    /// The box's laws that predict in the principal frame.
    pub predicting: Vec<(&'static str, &'static PredictingProgram)>,
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
        predicting: all
            .into_iter()
            .filter_map(|l| predicting_program_of(l).map(|p| (l.id(), p)))
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

    #[test]
    fn every_law_of_the_cube_and_the_plate_has_a_program_whose_choices_are_its_options() {
        for plant in [PlantId::Cube, PlantId::Plate] {
            for law in LawId::driving(plant) {
                let p = program_of(law).unwrap_or_else(|| panic!("{} has no program", law.id()));
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
        // Every law the box drives is written out one way or the other.
        for law in LawId::driving(PlantId::Box) {
            let ways = [
                torque_program_of(law).is_some(),
                predicting_program_of(law).is_some(),
            ];
            assert!(ways.contains(&true) || law == LawId::Pid, "{}", law.id());
            assert!(!(ways[0] && ways[1]), "{}", law.id());
        }
    }
}
