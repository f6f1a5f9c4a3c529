//! A decimal number as a log or a settings table writes it (`-0.5`, `1e-3`, `12.`, `NaN`,
//! `inf`), read without the standard library's correctly rounded parser: that parser's
//! table of powers of five alone is 10.4 KB, a tenth of a door of the site (`web/pkg-trace`
//! reads a user's trace with it, `web/pkg-orientation` the engines' settings tables), and a
//! logged position needs no more than a few units in the last place (the fit's exactness
//! is 1e-5 of the move, `user_trace::explain::EXACT`).
//!
//! Up to 19 significant digits are kept in an integer `m`, and the value is `m * 10^e`:
//! exact (correctly rounded) when `m < 2^53` and `|e| <= 22`, where both `m` and `10^|e|`
//! are exact doubles and one multiplication or division rounds once (Clinger's fast
//! path); within a few units in the last place otherwise.

/// The number `text` holds, or `None` when it is not one (surrounding spaces allowed).
pub(crate) fn decimal(text: &str) -> Option<f64> {
    let t = text.trim();
    let (negative, body) = match t.as_bytes().first()? {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t),
    };
    let signed = |x: f64| if negative { -x } else { x };
    let lower = body.to_ascii_lowercase();
    match lower.as_str() {
        "nan" => return Some(f64::NAN),
        "inf" | "infinity" => return Some(signed(f64::INFINITY)),
        _ => {}
    }
    let bytes = body.as_bytes();
    let (mut m, mut e, mut digits, mut i) = (0u64, 0i32, 0usize, 0usize);
    let mut seen = false;
    let mut point = false;
    while i < bytes.len() {
        match bytes[i] {
            c @ b'0'..=b'9' => {
                seen = true;
                if m == 0 && c == b'0' {
                    // Leading zeros are not significant.
                    if point {
                        e -= 1;
                    }
                } else if digits < 19 {
                    m = m * 10 + u64::from(c - b'0');
                    digits += 1;
                    if point {
                        e -= 1;
                    }
                } else if !point {
                    e += 1;
                }
            }
            b'.' if !point => point = true,
            b'e' | b'E' => break,
            _ => return None,
        }
        i += 1;
    }
    if !seen {
        return None;
    }
    if i < bytes.len() {
        let exponent = core::str::from_utf8(&bytes[i + 1..]).ok()?;
        let (sign, digits) = match exponent.as_bytes().first()? {
            b'-' => (-1i32, &exponent[1..]),
            b'+' => (1, &exponent[1..]),
            _ => (1, exponent),
        };
        if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        // Beyond 4 digits the number is 0 or infinite whatever its mantissa.
        let x: i32 = if digits.len() > 4 {
            9999
        } else {
            digits.parse().ok()?
        };
        e = e.saturating_add(sign * x);
    }
    Some(signed(scale(m, e)))
}

/// `m * 10^e` as a double.
fn scale(m: u64, e: i32) -> f64 {
    const EXACT: [f64; 23] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ];
    if m == 0 {
        return 0.0;
    }
    // Within |e| <= 22 one multiplication or division by an exact power: correctly
    // rounded when m < 2^53 (Clinger's fast path). Beyond, steps of 1e22 keep each power
    // in range for subnormal and huge results.
    let mut x = m as f64;
    let mut e = e;
    while e > 22 {
        x *= 1e22;
        e -= 22;
        if x.is_infinite() {
            return x;
        }
    }
    while e < -22 {
        x /= 1e22;
        e += 22;
        if x == 0.0 {
            return x;
        }
    }
    if e >= 0 {
        x * EXACT[e as usize]
    } else {
        x / EXACT[(-e) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    #[test]
    fn what_a_log_writes_reads_as_rust_reads_it() {
        for text in [
            "0",
            "-0",
            "1",
            "-0.5",
            "12.",
            ".25",
            "1e-3",
            "1E+3",
            "+7",
            "0.016666666666666666",
            "0.1",
            "123456.789",
            "3.4028234663852886e38",
            "5e-324",
            "1e308",
            "2.5e-10",
            // Past 19 significant digits: the rest are dropped, their places kept.
            "1234567890123456789012345",
            "0.1234567890123456789012345",
            "98765432109876543210987.654321",
            "99999999999999999999",
            "1e0300",
            "1e-0300",
        ] {
            let want: f64 = text.parse().unwrap();
            let got = decimal(text).unwrap();
            let ulp = (want.abs() * f64::EPSILON).max(f64::MIN_POSITIVE);
            assert!(
                (got - want).abs() <= 2.0 * ulp,
                "{text}: {got} against {want}"
            );
            assert_eq!(got.is_sign_negative(), want.is_sign_negative(), "{text}");
        }
        assert!(decimal("NaN").unwrap().is_nan());
        assert_eq!(decimal("-inf"), Some(f64::NEG_INFINITY));
        for bad in [
            "", "-", ".", "1e", "1e+", "abc", "1.2.3", "1,5", "0x10", "1e5x", "--1", "1e12345x",
        ] {
            assert_eq!(decimal(bad), None, "{bad:?}");
        }
    }

    /// Every double written the shortest way (as the Lab's CSV writes them) reads back
    /// within two units in the last place, and exactly where the fast path holds.
    #[test]
    fn shortest_round_trip_doubles_read_back_within_two_ulps() {
        let mut rng = SplitMix64::new(47);
        for _ in 0..20_000 {
            let x = (rng.next_open01() - 0.5) * 10f64.powi((rng.next_open01() * 40.0) as i32 - 20);
            let text = format!("{x}");
            let got = decimal(&text).unwrap();
            assert!(
                (got - x).abs() <= 2.0 * x.abs() * f64::EPSILON,
                "{text}: {got}"
            );
            // Short numbers (up to 15 digits, 4 decimals) take the fast path: exact.
            let short = format!("{:.4}", x.clamp(-1e9, 1e9));
            let want: f64 = short.parse().unwrap();
            assert_eq!(decimal(&short).unwrap(), want, "{short}");
        }
    }
}
