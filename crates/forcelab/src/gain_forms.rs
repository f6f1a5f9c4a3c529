//! The forms a reader can state a law's gains in (the Lab's "gains as" menu): raw gains,
//! the articles' own parameterisations ([`crate::gains`]) and the half-life, each with
//! its fields and what it means, and one conversion to and from raw gains for all of
//! them, so the page keeps no list of forms and no arithmetic of its own.

use crate::error::{not_one_of, Error};
use crate::gains::{
    bloom_time_scale, from_bloom, from_half_life, from_natural, from_wu, to_bloom, to_half_life,
    to_wu, Effective, Gains,
};

/// One number of a form, as the page's number box and slider show it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct FormField {
    /// Its key in the page (`param-0-KEY`).
    pub key: &'static str,
    /// Its name.
    pub label: &'static str,
    /// Its unit (empty when it has none).
    pub unit: &'static str,
    /// The slider's range.
    pub min: f64,
    /// The slider's top.
    pub max: f64,
    /// `"log"` for a slider over decades, `"linear"` otherwise.
    pub scale: &'static str,
    /// The largest value a reader may type.
    pub hard_max: f64,
}

impl FormField {
    /// Its shape on the page (`types.ts`), held to serde's by `catalogue::schema_tests`.
    pub const TS: crate::schema::TsType = crate::schema::TsType {
        name: "FormField",
        rust: "gain_forms::FormField",
        doc: "One number of a gain form, as the page's number box and slider show it",
        fields: &[
            crate::schema::field("key", "string", ""),
            crate::schema::field("label", "string", ""),
            crate::schema::field("unit", "string", ""),
            crate::schema::field("min", "number", "The slider's bottom."),
            crate::schema::field("max", "number", "The slider's top."),
            crate::schema::field("scale", "'linear' | 'log'", ""),
            crate::schema::field("hardMax", "number", "The largest value a reader may type."),
        ],
    };
}

impl GainFormEntry {
    /// Its shape on the page (`types.ts`), held to serde's by `catalogue::schema_tests`.
    pub const TS: crate::schema::TsType = crate::schema::TsType {
        name: "GainFormEntry",
        rust: "gain_forms::GainFormEntry",
        doc: "A form of the gains, as the page lists it",
        fields: &[
            crate::schema::field("id", "GainFormId", ""),
            crate::schema::field("label", "string", ""),
            crate::schema::field("note", "string", "What its numbers mean, in formulas."),
            crate::schema::field("fields", "FormField[]", ""),
        ],
    };
}

/// A form of the gains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GainForm {
    /// `kp` (N/m) and `kd` (N s/m) as the laws take them.
    Raw,
    /// Wu's frequency and damping (article 002, [`from_wu`]).
    Wu,
    /// Bloom's K, D and time scale (article 003, [`from_bloom`]).
    Bloom,
    /// Natural frequency (rad/s) and damping ratio ([`from_natural`]).
    Natural,
    /// The half-life of a critically damped spring ([`from_half_life`]).
    HalfLife,
}

const fn field(
    key: &'static str,
    label: &'static str,
    unit: &'static str,
    min: f64,
    max: f64,
    scale: &'static str,
    hard_max: f64,
) -> FormField {
    FormField {
        key,
        label,
        unit,
        min,
        max,
        scale,
        hard_max,
    }
}

const RAW: [FormField; 2] = [
    field("kp", "kp (stiffness)", "N/m", 0.1, 1e6, "log", 1e12),
    field("kd", "kd (damping)", "N·s/m", 0.01, 1e5, "log", 1e12),
];
const WU: [FormField; 2] = [
    field("f", "frequency f", "1/s", 0.01, 200.0, "log", 1e9),
    field("damping", "damping", "", 0.0, 10.0, "linear", 1e9),
];
const BLOOM: [FormField; 3] = [
    field("K", "K", "", 0.01, 10.0, "log", 1e9),
    field("D", "D", "", 0.0, 10.0, "linear", 1e9),
    field("T", "time scale T", "s", 0.01, 10.0, "log", 1e9),
];
const NATURAL: [FormField; 2] = [
    field(
        "wn",
        "natural frequency ωn",
        "rad/s",
        0.1,
        1000.0,
        "log",
        1e9,
    ),
    field("zeta", "damping ratio ζ", "", 0.0, 5.0, "linear", 1e9),
];
const HALF_LIFE: [FormField; 1] = [field("h", "half-life h", "s", 0.001, 10.0, "log", 1e9)];

impl GainForm {
    /// Every form, in menu order.
    pub const ALL: [GainForm; 5] = [
        GainForm::Raw,
        GainForm::Wu,
        GainForm::Bloom,
        GainForm::Natural,
        GainForm::HalfLife,
    ];

    /// Its identifier (`"raw"`, `"wu"`, `"bloom"`, `"natural"`, `"half-life"`), as a Lab link spells it.
    pub fn id(self) -> &'static str {
        match self {
            GainForm::Raw => "raw",
            GainForm::Wu => "wu",
            GainForm::Bloom => "bloom",
            GainForm::Natural => "natural",
            GainForm::HalfLife => "half-life",
        }
    }

    /// The form with identifier `id`, or the sentence naming the field `form`, the value and the choices.
    pub fn parse(id: &str) -> Result<GainForm, String> {
        GainForm::ALL
            .into_iter()
            .find(|f| f.id() == id)
            .ok_or_else(|| not_one_of("form", id, GainForm::ALL.map(GainForm::id)))
    }

    /// Its name in the menu.
    pub fn label(self) -> &'static str {
        match self {
            GainForm::Raw => "raw gains (kp, kd)",
            GainForm::Wu => "Wu's frequency and damping",
            GainForm::Bloom => "Bloom's K, D, time scale",
            GainForm::Natural => "natural frequency and damping ratio",
            GainForm::HalfLife => "half-life (critically damped)",
        }
    }

    /// The sentence under a card's fields: what the numbers mean, in formulas.
    pub fn note(self) -> &'static str {
        match self {
            GainForm::Raw => "Force = kp × error + kd × error rate, for the cube of this mass.",
            GainForm::Wu => "kp = m (6f)²/4, kd = 4.5 m f × damping. Wu calls damping 1 critical; it gives ζ = 0.75.",
            GainForm::Bloom => "kp = 36 m (K/T)², kd = 9 m K D / T. K = D = 1 reaches the target in about T and gives ζ = 0.75.",
            GainForm::Natural => "kp = m ωn², kd = 2 m ζ ωn: ζ = 1 is critical damping in continuous time.",
            // h is the half-life of the gains that run, whatever their damping
            // (`to_half_life`); only setting it makes them critically damped.
            GainForm::HalfLife => {
                "Released at rest, these gains leave half the error after h seconds (continuous time). Setting h replaces kd too: it makes the pair critically damped, ζ = 1, ωn = 1.678 / h (the root of (1 + x) e^−x = ½), whose error does not halve again in the next h (15 % at 2h)."
            }
        }
    }

    /// Its numbers, in order.
    pub fn fields(self) -> &'static [FormField] {
        match self {
            GainForm::Raw => &RAW,
            GainForm::Wu => &WU,
            GainForm::Bloom => &BLOOM,
            GainForm::Natural => &NATURAL,
            GainForm::HalfLife => &HALF_LIFE,
        }
    }

    /// The raw gains (N/m, N s/m) that `values` (this form's fields, in order) mean for a
    /// body of `mass` kg.
    pub fn to_raw(self, values: &[f64], mass: f64) -> Result<Gains, Error> {
        let n = self.fields().len();
        if values.len() != n {
            return Err(Error::OutOfRange {
                field: "values",
                value: values.len() as f64,
                min: n as f64,
                max: n as f64,
            });
        }
        match self {
            GainForm::Raw => {
                crate::error::non_negative("kp", values[0])?;
                crate::error::non_negative("kd", values[1])?;
                Ok(Gains {
                    kp: values[0],
                    kd: values[1],
                })
            }
            GainForm::Wu => from_wu(values[0], values[1], mass),
            GainForm::Bloom => from_bloom(values[0], values[1], values[2], mass),
            GainForm::Natural => from_natural(values[0], values[1], mass),
            GainForm::HalfLife => from_half_life(values[0], mass),
        }
    }

    /// This form's fields for the raw `gains` on `mass` kg: Bloom's at the time scale that
    /// keeps K = 1 ([`bloom_time_scale`]), the half-life of the gains whatever their
    /// damping ([`to_half_life`]).
    pub fn from_raw(self, gains: Gains, mass: f64) -> Result<Vec<f64>, Error> {
        Ok(match self {
            GainForm::Raw => vec![gains.kp, gains.kd],
            GainForm::Wu => {
                let (f, d) = to_wu(gains, mass)?;
                vec![f, d]
            }
            GainForm::Bloom => {
                let t = bloom_time_scale(gains, mass)?;
                let (k, d) = to_bloom(gains, t, mass)?;
                vec![k, d, t]
            }
            GainForm::Natural => {
                let e = Effective::continuous(gains, mass)?;
                vec![e.natural_frequency, e.damping_ratio]
            }
            GainForm::HalfLife => vec![to_half_life(gains, mass)?],
        })
    }
}

/// A form as the page lists it (the catalogue's `gainForms`).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
pub struct GainFormEntry {
    /// [`GainForm::id`].
    pub id: &'static str,
    /// [`GainForm::label`].
    pub label: &'static str,
    /// [`GainForm::note`].
    pub note: &'static str,
    /// [`GainForm::fields`].
    pub fields: &'static [FormField],
}

impl GainForm {
    /// This form as the page lists it.
    pub fn entry(self) -> GainFormEntry {
        GainFormEntry {
            id: self.id(),
            label: self.label(),
            note: self.note(),
            fields: self.fields(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_gives_back_the_gains_it_was_read_from_on_any_mass() {
        for mass in [0.3, 1.0, 2.5] {
            for gains in [
                Gains {
                    kp: 400.0,
                    kd: 20.0,
                },
                Gains { kp: 3.0, kd: 0.7 },
            ] {
                for form in GainForm::ALL {
                    let values = form.from_raw(gains, mass).unwrap();
                    assert_eq!(values.len(), form.fields().len(), "{form:?}");
                    if form == GainForm::HalfLife {
                        continue; // setting h makes the pair critically damped
                    }
                    let back = form.to_raw(&values, mass).unwrap();
                    assert!(
                        (back.kp / gains.kp - 1.0).abs() < 1e-12
                            && (back.kd / gains.kd - 1.0).abs() < 1e-12,
                        "{form:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn each_form_is_its_own_formula_at_a_mass_other_than_one() {
        // Worked out here from each form's note, on 2 kg.
        let m = 2.0;
        let raw = |f: GainForm, v: &[f64]| {
            let g = f.to_raw(v, m).unwrap();
            (g.kp, g.kd)
        };
        assert_eq!(raw(GainForm::Raw, &[400.0, 20.0]), (400.0, 20.0));
        let (kp, kd) = raw(GainForm::Wu, &[2.0, 1.0]);
        assert!((kp - m * 36.0 * 4.0 / 4.0).abs() < 1e-9 && (kd - 4.5 * m * 2.0).abs() < 1e-9);
        let (kp, kd) = raw(GainForm::Bloom, &[1.0, 1.0, 0.5]);
        assert!((kp - 36.0 * m * 4.0).abs() < 1e-9 && (kd - 9.0 * m * 2.0).abs() < 1e-9);
        let (kp, kd) = raw(GainForm::Natural, &[10.0, 0.5]);
        assert!((kp - m * 100.0).abs() < 1e-9 && (kd - 2.0 * m * 0.5 * 10.0).abs() < 1e-9);
        let (kp, _) = raw(GainForm::HalfLife, &[0.1]);
        assert_eq!(kp.round(), 563.0);
    }

    #[test]
    fn each_form_is_named_and_its_note_gives_its_formula() {
        let named: Vec<(&str, &str)> = GainForm::ALL.iter().map(|f| (f.id(), f.label())).collect();
        assert_eq!(
            named,
            [
                ("raw", "raw gains (kp, kd)"),
                ("wu", "Wu's frequency and damping"),
                ("bloom", "Bloom's K, D, time scale"),
                ("natural", "natural frequency and damping ratio"),
                ("half-life", "half-life (critically damped)"),
            ]
        );
        for (form, formula) in [
            (GainForm::Raw, "kp × error + kd × error rate"),
            (GainForm::Wu, "kp = m (6f)²/4, kd = 4.5 m f × damping"),
            (GainForm::Bloom, "kp = 36 m (K/T)², kd = 9 m K D / T"),
            (GainForm::Natural, "kp = m ωn², kd = 2 m ζ ωn"),
            (GainForm::HalfLife, "ωn = 1.678 / h"),
        ] {
            assert!(form.note().contains(formula), "{form:?}: {}", form.note());
        }
    }

    #[test]
    fn a_wrong_count_or_an_unknown_form_is_named() {
        assert!(matches!(
            GainForm::Wu.to_raw(&[1.0], 1.0),
            Err(Error::OutOfRange {
                field: "values",
                ..
            })
        ));
        assert!(GainForm::parse("pid").unwrap_err().contains("half-life"));
        for f in GainForm::ALL {
            assert_eq!(GainForm::parse(f.id()), Ok(f));
        }
    }
}
