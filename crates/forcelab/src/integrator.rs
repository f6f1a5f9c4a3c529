//! How a body's state advances over one fixed step `dt` under a force held constant
//! for that step (the force a controller computed at the start of the step).

/// The integration scheme a body uses for one step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Integrator {
    /// Symplectic (semi-implicit) Euler, what PhysX, Unity and Box2D do:
    /// `v' = v + a dt`, then `x' = x + v' dt` (the new velocity moves the position).
    #[default]
    SemiImplicitEuler,
    /// Explicit (forward) Euler: `x' = x + v dt`, `v' = v + a dt` (the old velocity
    /// moves the position). Adds energy to an undamped spring every step.
    ExplicitEuler,
    /// The reference: classic fourth-order Runge-Kutta on the continuous equations
    /// `x'' = F/m - c x'` with the force held over the step. For a linear body this is
    /// exact to the last few bits; it stands for "the real world".
    Rk4,
}

impl Integrator {
    /// Every integrator, in a fixed order (for menus and sweeps).
    pub const ALL: [Integrator; 3] = [
        Integrator::SemiImplicitEuler,
        Integrator::ExplicitEuler,
        Integrator::Rk4,
    ];

    /// A stable, lower-case identifier: `"semi-implicit-euler"`, `"explicit-euler"`, `"rk4"`.
    pub fn id(self) -> &'static str {
        match self {
            Integrator::SemiImplicitEuler => "semi-implicit-euler",
            Integrator::ExplicitEuler => "explicit-euler",
            Integrator::Rk4 => "rk4",
        }
    }

    /// Its name in a sentence or a map's caption: `"semi-implicit Euler"`,
    /// `"explicit Euler"`, `"RK4"`.
    pub fn label(self) -> &'static str {
        match self {
            Integrator::SemiImplicitEuler => "semi-implicit Euler",
            Integrator::ExplicitEuler => "explicit Euler",
            Integrator::Rk4 => "RK4",
        }
    }

    /// Its name in a menu, with who uses it: the engines that step bodies this way, or
    /// RK4 as the reference.
    pub fn menu_label(self) -> &'static str {
        match self {
            Integrator::SemiImplicitEuler => "semi-implicit Euler (PhysX, Unity, Box2D)",
            Integrator::ExplicitEuler => "explicit Euler",
            Integrator::Rk4 => "RK4 (reference)",
        }
    }

    /// Its variant's name in Rust (`Integrator::SemiImplicitEuler`), as a program written
    /// against this crate spells it.
    pub fn rust_name(self) -> &'static str {
        match self {
            Integrator::SemiImplicitEuler => "SemiImplicitEuler",
            Integrator::ExplicitEuler => "ExplicitEuler",
            Integrator::Rk4 => "Rk4",
        }
    }

    /// The integrator with the given [`id`](Self::id), if any.
    pub fn from_id(id: &str) -> Option<Integrator> {
        Integrator::ALL.into_iter().find(|i| i.id() == id)
    }

    /// The integrator with identifier `id`, or the sentence naming the field
    /// `integrator`, the value and the choices.
    pub fn parse(id: &str) -> Result<Integrator, String> {
        Integrator::from_id(id).ok_or_else(|| {
            crate::error::not_one_of("integrator", id, Integrator::ALL.map(Integrator::id))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_names_its_rust_variant_as_debug_spells_it() {
        for i in Integrator::ALL {
            assert_eq!(i.rust_name(), format!("{i:?}"));
            assert!(i.menu_label().starts_with(i.label()), "{i:?}");
        }
        assert_eq!(
            Integrator::ALL.map(Integrator::label),
            ["semi-implicit Euler", "explicit Euler", "RK4"]
        );
    }

    #[test]
    fn ids_parse_back_and_an_unknown_one_is_named() {
        for i in Integrator::ALL {
            assert_eq!(Integrator::parse(i.id()), Ok(i));
        }
        assert_eq!(
            Integrator::parse("verlet"),
            Err(
                "integrator must be one of semi-implicit-euler, explicit-euler, rk4, got \"verlet\""
                    .to_string()
            )
        );
    }
}
