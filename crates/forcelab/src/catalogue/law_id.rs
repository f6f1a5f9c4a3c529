use super::laws::LAWS;
use super::{Law, PlantId};
use core::fmt;

/// One identifier per law, shared by URLs, the page, the bindings and every runner.
/// The serde form is the id (`"backward-pd"`).
/// The default is Wu's backward PD, the law the worlds start with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum LawId {
    /// Forward PD, `F = kp e + kd e'`, id `"pd"`.
    #[cfg_attr(feature = "serde", serde(rename = "pd"))]
    ForwardPd,
    /// Wu's backward PD, id `"backward-pd"`.
    #[default]
    BackwardPd,
    /// Wu's torque listing as printed (article 002), id `"backward-pd-as-printed"`.
    BackwardPdAsPrinted,
    /// Stable PD in the paper's form, id `"spd"`.
    Spd,
    /// Article 000's simplified SPD, id `"spd-simplified"`.
    SpdSimplified,
    /// Bloom's implicit PD (article 003), id `"implicit-pd"`.
    ImplicitPd,
    /// Second-order dynamics, id `"second-order"`.
    SecondOrder,
    /// Box2D v3's soft step, id `"soft-step"`.
    SoftStep,
    /// PID on position, id `"pid"`.
    Pid,
    /// Article 001's windowed Simpson PID (corrected), id `"windowed-pid"`.
    WindowedPid,
    /// Article 001's windowed PID as printed, id `"windowed-pid-as-printed"`.
    WindowedPidAsPrinted,
    /// The force or torque that lands on the target in one step, id `"one-step"`.
    OneStep,
    /// Article 002's one-step listing as printed, id `"one-step-as-printed"`.
    OneStepAsPrinted,
}

impl LawId {
    /// Every law, in menu order (the order of [`LAWS`]).
    pub const ALL: [LawId; 13] = [
        LawId::ForwardPd,
        LawId::BackwardPd,
        LawId::BackwardPdAsPrinted,
        LawId::Spd,
        LawId::SpdSimplified,
        LawId::ImplicitPd,
        LawId::SecondOrder,
        LawId::SoftStep,
        LawId::Pid,
        LawId::WindowedPid,
        LawId::WindowedPidAsPrinted,
        LawId::OneStep,
        LawId::OneStepAsPrinted,
    ];

    /// The law's catalogue entry.
    pub fn law(self) -> &'static Law {
        // LAWS is in the order of ALL, one entry each (a test checks it).
        &LAWS[self as usize]
    }

    /// The stable identifier (`"pd"`, `"backward-pd"`, ...).
    pub fn id(self) -> &'static str {
        self.law().id_text
    }

    /// The law with identifier `id`, if any.
    pub fn from_id(id: &str) -> Option<LawId> {
        LawId::ALL.into_iter().find(|k| k.id() == id)
    }

    /// Whether the law can drive `plant`.
    pub fn drives(self, plant: PlantId) -> bool {
        self.law().plants.contains(&plant)
    }

    /// The laws that drive `plant`, in menu order (printed twins included).
    pub fn driving(plant: PlantId) -> Vec<LawId> {
        LawId::ALL.into_iter().filter(|l| l.drives(plant)).collect()
    }

    /// The law named `id` among `allowed`, or an error naming `field`, the value and
    /// the allowed ids.
    pub fn parse(field: &'static str, id: &str, allowed: &[LawId]) -> Result<LawId, UnknownLaw> {
        LawId::from_id(id)
            .filter(|l| allowed.contains(l))
            .ok_or_else(|| UnknownLaw {
                field,
                got: id.into(),
                allowed: allowed.to_vec(),
            })
    }
}

/// A law id that is unknown, or not allowed where it was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLaw {
    /// The setting's name.
    pub field: &'static str,
    /// What was given.
    pub got: String,
    /// The ids that would have been accepted.
    pub allowed: Vec<LawId>,
}

impl fmt::Display for UnknownLaw {
    /// `"kind must be one of pd, backward-pd, got \"nope\""`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids = self.allowed.iter().map(|l| l.id());
        f.write_str(&crate::error::not_one_of(self.field, &self.got, ids))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_are_distinct() {
        for law in LawId::ALL {
            assert_eq!(LawId::from_id(law.id()), Some(law));
            assert_eq!(law.law().id, law);
        }
        let mut ids: Vec<&str> = LawId::ALL.iter().map(|l| l.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), LawId::ALL.len());
        assert_eq!(LawId::from_id("nope"), None);
    }

    #[test]
    fn the_plants_menus_are_the_laws_each_constructor_builds() {
        let ids = |p| -> Vec<&str> { LawId::driving(p).iter().map(|l| l.id()).collect() };
        assert_eq!(
            ids(PlantId::Cube),
            [
                "pd",
                "backward-pd",
                "spd",
                "spd-simplified",
                "implicit-pd",
                "second-order",
                "soft-step",
                "pid",
                "windowed-pid",
                "windowed-pid-as-printed",
                "one-step",
                "one-step-as-printed"
            ]
        );
        assert_eq!(ids(PlantId::Plate), ids(PlantId::Cube));
        assert_eq!(
            ids(PlantId::Box),
            [
                "pd",
                "backward-pd",
                "backward-pd-as-printed",
                "spd",
                "spd-simplified",
                "pid",
                "one-step",
                "one-step-as-printed"
            ]
        );
    }

    #[test]
    fn parse_names_the_field_the_value_and_the_choices() {
        let allowed = [LawId::ForwardPd, LawId::BackwardPd];
        assert_eq!(LawId::parse("law", "pd", &allowed), Ok(LawId::ForwardPd));
        let e = LawId::parse("law", "spd", &allowed).unwrap_err();
        assert_eq!(
            e.to_string(),
            "law must be one of pd, backward-pd, got \"spd\""
        );
        let e = LawId::parse("kind", "", &allowed).unwrap_err();
        assert_eq!(
            e.to_string(),
            "kind must be one of pd, backward-pd, got \"\""
        );
    }
}
