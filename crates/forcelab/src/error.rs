//! The one error type of the core: every public entry point validates its input and
//! returns one of these instead of panicking. Each variant names the offending field
//! and carries the value, so a user interface can put the message next to the field.

use core::fmt;

/// Why an input was refused. `field` is the public name of the setting (`"kp"`,
/// `"dt"`, `"mass"`, ...), `value` what was given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Error {
    /// The value is NaN or infinite.
    NotFinite {
        /// The setting's name.
        field: &'static str,
        /// What was given.
        value: f64,
    },
    /// The value must be strictly greater than zero.
    NotPositive {
        /// The setting's name.
        field: &'static str,
        /// What was given.
        value: f64,
    },
    /// The value must be zero or greater.
    Negative {
        /// The setting's name.
        field: &'static str,
        /// What was given.
        value: f64,
    },
    /// The value is outside the range `[min, max]`.
    OutOfRange {
        /// The setting's name.
        field: &'static str,
        /// What was given.
        value: f64,
        /// Smallest accepted value.
        min: f64,
        /// Largest accepted value.
        max: f64,
    },
    /// A quaternion that should be a rotation is not of unit length.
    NotUnit {
        /// The setting's name.
        field: &'static str,
        /// The quaternion's length.
        length: f64,
    },
    /// The request cannot be met with this setting (e.g. landing in one step under an
    /// integrator whose position ignores the force of that step).
    Unsupported {
        /// The setting that makes it impossible.
        field: &'static str,
        /// Why, in a sentence.
        reason: &'static str,
    },
}

impl Error {
    /// The name of the field that was refused.
    pub fn field(&self) -> &'static str {
        match *self {
            Error::NotFinite { field, .. }
            | Error::NotPositive { field, .. }
            | Error::Negative { field, .. }
            | Error::OutOfRange { field, .. }
            | Error::NotUnit { field, .. }
            | Error::Unsupported { field, .. } => field,
        }
    }

    /// The value that was refused, where there is one number to show.
    pub fn value(&self) -> Option<f64> {
        match *self {
            Error::NotFinite { value, .. }
            | Error::NotPositive { value, .. }
            | Error::Negative { value, .. }
            | Error::OutOfRange { value, .. } => Some(value),
            Error::NotUnit { length, .. } => Some(length),
            Error::Unsupported { .. } => None,
        }
    }
}

/// Writes non-finite values as JavaScript spells them (`NaN`, `Infinity`), since these
/// messages are shown on a web page as often as in a terminal.
struct Shown(f64);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            v if v == f64::INFINITY => f.write_str("Infinity"),
            v if v == f64::NEG_INFINITY => f.write_str("-Infinity"),
            v => write!(f, "{v}"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Error::NotFinite { field, value } => {
                write!(f, "{field} must be a finite number, got {}", Shown(value))
            }
            Error::NotPositive { field, value } => {
                write!(f, "{field} must be greater than 0, got {}", Shown(value))
            }
            Error::Negative { field, value } => {
                write!(f, "{field} must be 0 or greater, got {}", Shown(value))
            }
            Error::OutOfRange {
                field,
                value,
                min,
                max,
            } => write!(
                f,
                "{field} must be between {min} and {max}, got {}",
                Shown(value)
            ),
            Error::NotUnit { field, length } => write!(
                f,
                "{field} must be a unit quaternion (length 1), got length {}",
                Shown(length)
            ),
            Error::Unsupported { field, reason } => write!(f, "{field}: {reason}"),
        }
    }
}

impl std::error::Error for Error {}

/// The sentence for an identifier that is none of `known`:
/// `field must be one of a, b, c, got "x"` (what every id parser of the core and the
/// bindings says, so a refused link or config reads the same everywhere).
pub fn not_one_of<'a>(field: &str, got: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    let known: Vec<&str> = known.into_iter().collect();
    format!("{field} must be one of {}, got {got:?}", known.join(", "))
}

/// Checks that `value` is finite.
pub fn finite(field: &'static str, value: f64) -> Result<f64, Error> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(Error::NotFinite { field, value })
    }
}

/// Checks that `value` is finite and strictly positive.
pub fn positive(field: &'static str, value: f64) -> Result<f64, Error> {
    finite(field, value)?;
    if value > 0.0 {
        Ok(value)
    } else {
        Err(Error::NotPositive { field, value })
    }
}

/// Checks that `index` picks one of `len` items (0 to `len - 1`).
pub fn index(index: usize, len: usize) -> Result<usize, Error> {
    if index < len {
        Ok(index)
    } else {
        Err(Error::OutOfRange {
            field: "index",
            value: index as f64,
            min: 0.0,
            max: len as f64 - 1.0,
        })
    }
}

/// Checks that `value` is finite and lies in `[min, max]`.
pub fn in_range(field: &'static str, value: f64, min: f64, max: f64) -> Result<f64, Error> {
    finite(field, value)?;
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(Error::OutOfRange {
            field,
            value,
            min,
            max,
        })
    }
}

/// Checks that `value` is finite and not negative (`-0.0` is accepted as zero).
pub fn non_negative(field: &'static str, value: f64) -> Result<f64, Error> {
    finite(field, value)?;
    if value >= 0.0 {
        Ok(value)
    } else {
        Err(Error::Negative { field, value })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_field_and_the_value() {
        let e = positive("dt", -0.5).unwrap_err();
        assert_eq!(e.field(), "dt");
        assert_eq!(e.to_string(), "dt must be greater than 0, got -0.5");
        let e = non_negative("kp", f64::NAN).unwrap_err();
        assert_eq!(e.to_string(), "kp must be a finite number, got NaN");
        assert!(matches!(
            positive("mass", 0.0),
            Err(Error::NotPositive { field: "mass", .. })
        ));
        assert_eq!(non_negative("kd", -0.0), Ok(-0.0));
        let e = finite("x", f64::NEG_INFINITY).unwrap_err();
        assert_eq!(e.to_string(), "x must be a finite number, got -Infinity");
    }
}
