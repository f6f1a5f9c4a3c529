use super::options::{LawOption, PID_OPTIONS, WINDOW_OPTIONS};
use super::{LawId, PlantId};
use crate::schema::{field, TsType};

/// One gain a law takes, as the Lab states it: the raw gain of the cube of the Lab's
/// mass (the plate and the box use the same spring per unit inertia, see `lab`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Gain {
    /// The key in configs and URLs (`"kp"`, `"kd"`, `"ki"`).
    pub key: &'static str,
    /// What it is, in words.
    pub label: &'static str,
    /// Its unit on the cube.
    pub unit: &'static str,
    /// Its value when the Lab adds the law (or a link names it without this gain): the
    /// page reads it from here and keeps no defaults of its own.
    pub default: f64,
}

/// A law's catalogue entry: what the page, the bindings and the runners need to know
/// about it without running it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct Law {
    /// Its identifier.
    pub id: LawId,
    /// The identifier as text (what `id` serialises to).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub id_text: &'static str,
    /// Its name in menus and legends.
    pub label: &'static str,
    /// A shorter name for tight legends (the atlas).
    pub short_label: &'static str,
    /// The gains it reads, in order; empty for a law that ignores them.
    pub gains: &'static [Gain],
    /// Whether it has an integral term (and so reads `ki`).
    pub integral: bool,
    /// The settings it takes beyond its gains (see `catalogue::options`).
    pub options: &'static [LawOption],
    /// The printed listing that runs beside it when the reader asks for it.
    pub printed_twin: Option<LawId>,
    /// For a printed listing, the corrected law it is the twin of.
    pub printed_of: Option<LawId>,
    /// For a printed listing, what is wrong with it, in a sentence.
    pub erratum: Option<&'static str>,
    /// The plants it drives.
    pub plants: &'static [PlantId],
    /// Linear and time-invariant on a unit mass with the target at rest, so the
    /// stability atlas and the sampled damping ratio cover it
    /// (`analysis::atlas::effective_gains`).
    pub linear: bool,
    /// Run by the batched 2-D world (`World2`) as well.
    pub planar: bool,
}

impl Gain {
    /// Its shape on the page (`types.ts`), held to serde's by `catalogue::schema_tests`.
    pub const TS: TsType = TsType {
        name: "GainDef",
        rust: "catalogue::Gain",
        doc: "A gain of a law",
        fields: &[
            field("key", "string", ""),
            field("label", "string", ""),
            field("unit", "string", ""),
            field("default", "number", "Its value when the Lab adds the law."),
        ],
    };
}

impl Law {
    /// Its shape on the page (`types.ts`), held to serde's by `catalogue::schema_tests`.
    pub const TS: TsType = TsType {
        name: "LawEntry",
        rust: "catalogue::Law",
        doc: "A law of the catalogue",
        fields: &[
            field("id", "LawId", ""),
            field("label", "string", ""),
            field("shortLabel", "string", ""),
            field("gains", "GainDef[]", ""),
            field("integral", "boolean", "It keeps an integral."),
            field("options", "LawOption[]", "Its settings beyond the gains."),
            field(
                "printedTwin",
                "LawId | null",
                "The article's listing as printed, where it differs.",
            ),
            field(
                "printedOf",
                "LawId | null",
                "The law this is the printed listing of.",
            ),
            field(
                "erratum",
                "string | null",
                "What the printed listing gets wrong.",
            ),
            field("plants", "PlantId[]", "The bodies it drives."),
            field("linear", "boolean", ""),
            field("planar", "boolean", ""),
        ],
    };
}

const KP: Gain = Gain {
    key: "kp",
    label: "stiffness",
    unit: "N/m",
    // With kd's 20 on the Lab's 1 kg: a natural frequency of 20 rad/s, damping ratio 0.5.
    default: 400.0,
};
const KD: Gain = Gain {
    key: "kd",
    label: "damping",
    unit: "N·s/m",
    default: 20.0,
};
const KI: Gain = Gain {
    key: "ki",
    label: "integral gain",
    unit: "N/(m·s)",
    // An integral that works: with kp 400 and kd 20 on 1 kg it removes a steady 30 N
    // load within 2 s (integral time kp / ki = 2 s), well inside the stable
    // ki < kp kd / m = 8000; at 0 a new PID would run as a PD.
    default: 200.0,
};
const PD: &[Gain] = &[KP, KD];
const PID: &[Gain] = &[KP, KD, KI];
const ALL_PLANTS: &[PlantId] = &[PlantId::Cube, PlantId::Plate, PlantId::Box];
const FLAT: &[PlantId] = &[PlantId::Cube, PlantId::Plate];

/// A plain PD-family entry: gains kp and kd, no integral, no twin.
const fn pd_law(
    id: LawId,
    id_text: &'static str,
    label: &'static str,
    short_label: &'static str,
    plants: &'static [PlantId],
    linear: bool,
) -> Law {
    Law {
        id,
        id_text,
        label,
        short_label,
        gains: PD,
        integral: false,
        options: &[],
        printed_twin: None,
        printed_of: None,
        erratum: None,
        plants,
        linear,
        planar: false,
    }
}

/// Every law, in the order of [`LawId::ALL`].
pub const LAWS: [Law; 13] = [
    Law {
        planar: true,
        ..pd_law(LawId::ForwardPd, "pd", "forward PD", "forward PD", ALL_PLANTS, true)
    },
    Law {
        planar: true,
        printed_twin: Some(LawId::BackwardPdAsPrinted),
        ..pd_law(
            LawId::BackwardPd,
            "backward-pd",
            "Wu's backward PD",
            "Wu's backward PD",
            ALL_PLANTS,
            true,
        )
    },
    Law {
        printed_of: Some(LawId::BackwardPd),
        erratum: Some(
            "Article 002's torque listing computes Wu's backward gains and then applies the forward ones, so it is a forward PD and explodes at high gains.",
        ),
        ..pd_law(
            LawId::BackwardPdAsPrinted,
            "backward-pd-as-printed",
            "Wu's torque PD, as printed",
            "Wu's torque PD (printed)",
            &[PlantId::Box],
            false,
        )
    },
    pd_law(LawId::Spd, "spd", "SPD (paper form)", "SPD (paper)", ALL_PLANTS, true),
    pd_law(
        LawId::SpdSimplified,
        "spd-simplified",
        "SPD (article 000's calculator)",
        "SPD (simplified)",
        ALL_PLANTS,
        true,
    ),
    pd_law(
        LawId::ImplicitPd,
        "implicit-pd",
        "Bloom's implicit PD",
        "Bloom's implicit PD",
        FLAT,
        true,
    ),
    pd_law(
        LawId::SecondOrder,
        "second-order",
        "second-order dynamics",
        "second-order dynamics",
        FLAT,
        true,
    ),
    pd_law(
        LawId::SoftStep,
        "soft-step",
        "Box2D's soft step",
        "soft step",
        FLAT,
        true,
    ),
    Law {
        gains: PID,
        integral: true,
        options: PID_OPTIONS,
        ..pd_law(LawId::Pid, "pid", "PID", "PID", ALL_PLANTS, false)
    },
    Law {
        gains: PID,
        integral: true,
        options: WINDOW_OPTIONS,
        printed_twin: Some(LawId::WindowedPidAsPrinted),
        ..pd_law(
            LawId::WindowedPid,
            "windowed-pid",
            "windowed Simpson PID",
            "windowed PID",
            FLAT,
            false,
        )
    },
    Law {
        gains: PID,
        integral: true,
        options: WINDOW_OPTIONS,
        printed_of: Some(LawId::WindowedPid),
        erratum: Some(
            "Article 001's Simpson integral divides by 3·dt instead of multiplying by dt/3, so the integral is 1/dt² times too large.",
        ),
        ..pd_law(
            LawId::WindowedPidAsPrinted,
            "windowed-pid-as-printed",
            "windowed PID, as printed",
            "windowed PID (printed)",
            FLAT,
            false,
        )
    },
    Law {
        gains: &[],
        printed_twin: Some(LawId::OneStepAsPrinted),
        ..pd_law(
            LawId::OneStep,
            "one-step",
            "one-step (deadbeat)",
            "one-step",
            ALL_PLANTS,
            false,
        )
    },
    Law {
        gains: &[],
        printed_of: Some(LawId::OneStep),
        erratum: Some(
            "Article 002 divides by dt once where dt² is needed, so the body covers only dt of the way each step (in 3-D it also returns an impulse, rotates the inertia the wrong way and turns the long way past 180°).",
        ),
        ..pd_law(
            LawId::OneStepAsPrinted,
            "one-step-as-printed",
            "one-step, as printed",
            "one-step (printed)",
            ALL_PLANTS,
            false,
        )
    },
];

/// The memoryless laws whose closed loop is a 2 x 2 linear map (the atlas's first
/// maps, the sampled damping ratio), in table order.
pub fn linear_laws() -> Vec<LawId> {
    LawId::ALL.into_iter().filter(|l| l.law().linear).collect()
}

/// The laws the stability atlas covers: the linear ones and the PIDs (linear too, with
/// memory: a slice at one integral gain), in table order.
pub fn atlas_laws() -> Vec<LawId> {
    LawId::ALL
        .into_iter()
        .filter(|l| l.law().linear || l.law().integral)
        .collect()
}

/// The laws that read no gains and drive the cube, in table order (the one-step laws): the
/// atlas places each as one point of the forward PD's map (`analysis::AtlasPoint`).
pub fn gainless_laws() -> Vec<LawId> {
    LawId::ALL
        .into_iter()
        .filter(|l| l.law().gains.is_empty() && l.drives(PlantId::Cube))
        .collect()
}

/// The laws the batched 2-D world runs.
pub fn planar_laws() -> Vec<LawId> {
    LawId::ALL.into_iter().filter(|l| l.law().planar).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A law with an integral starts with one that acts (a new PID once ran as a PD, at
    /// ki = 0) and keeps the default loop stable: on 1 kg the loop's polynomial
    /// s³ + kd s² + kp s + ki has its roots in the left half-plane iff kd kp > ki (Routh).
    #[test]
    fn a_new_integral_law_integrates_and_stays_stable() {
        for law in LAWS.iter().filter(|l| l.integral) {
            let gain = |key| law.gains.iter().find(|g| g.key == key).unwrap().default;
            let (kp, kd, ki) = (gain("kp"), gain("kd"), gain("ki"));
            assert!(ki > 0.0, "{}", law.id_text);
            assert!(kd * kp > ki, "{}", law.id_text);
        }
    }

    #[test]
    fn the_table_is_in_the_order_of_the_ids_one_entry_each() {
        for (i, law) in LawId::ALL.into_iter().enumerate() {
            assert_eq!(LAWS[i].id, law, "entry {i}");
            assert_eq!(law as usize, i);
        }
    }

    #[test]
    fn twins_point_at_each_other_and_only_printed_listings_have_errata() {
        for law in LAWS {
            if let Some(twin) = law.printed_twin {
                assert_eq!(twin.law().printed_of, Some(law.id), "{}", law.id_text);
                assert!(twin.law().plants.iter().all(|p| law.plants.contains(p)));
            }
            assert_eq!(
                law.printed_of.is_some(),
                law.erratum.is_some(),
                "{}",
                law.id_text
            );
            if let Some(of) = law.printed_of {
                assert_eq!(of.law().printed_twin, Some(law.id), "{}", law.id_text);
            }
            assert_eq!(law.integral, law.gains.contains(&KI), "{}", law.id_text);
            if let Some(twin) = law.printed_twin {
                // A twin runs with its law's settings.
                assert_eq!(twin.law().options, law.options, "{}", law.id_text);
            }
        }
    }

    #[test]
    fn the_atlas_and_the_batched_world_cover_the_laws_they_compute() {
        let ids = |v: Vec<LawId>| -> Vec<&str> { v.iter().map(|l| l.id()).collect() };
        assert_eq!(
            ids(linear_laws()),
            [
                "pd",
                "backward-pd",
                "spd",
                "spd-simplified",
                "implicit-pd",
                "second-order",
                "soft-step"
            ]
        );
        assert_eq!(ids(planar_laws()), ["pd", "backward-pd"]);
        let atlas = ids(atlas_laws());
        assert_eq!(atlas[..7], ids(linear_laws())[..]);
        assert_eq!(
            atlas[7..],
            ["pid", "windowed-pid", "windowed-pid-as-printed"]
        );
    }
}
