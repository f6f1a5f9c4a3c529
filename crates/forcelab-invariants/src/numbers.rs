//! Turns fuzzer bytes into the numbers the invariants take, biased toward the values
//! that break numeric code: zeros of both signs, NaN, infinities, subnormals, the
//! extremes, and plausible gains.

/// Values worth trying more often than uniform bits would.
pub const SPECIAL: [f64; 16] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::MIN_POSITIVE,
    f64::MIN_POSITIVE / 2.0,
    f64::MAX,
    f64::MIN,
    f64::EPSILON,
    1e-300,
    1e300,
    1.0 / 60.0,
    1e6,
];

/// Reads bytes as a stream of numbers; past the end it yields zeros.
pub struct Numbers<'a> {
    bytes: &'a [u8],
}

impl<'a> Numbers<'a> {
    /// A reader over `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Numbers { bytes }
    }

    /// The next byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        match self.bytes.split_first() {
            Some((&b, rest)) => {
                self.bytes = rest;
                b
            }
            None => 0,
        }
    }

    /// The next number: a tag byte picks a special value, a small decimal, or raw bits.
    pub fn number(&mut self) -> f64 {
        let tag = self.byte();
        match tag % 4 {
            0 => SPECIAL[usize::from(tag / 4) % SPECIAL.len()],
            1 => f64::from(i16::from_le_bytes([self.byte(), self.byte()])) / 64.0,
            2 => {
                f64::from(u16::from_le_bytes([self.byte(), self.byte()]))
                    * 10f64.powi(i32::from(tag / 4 % 16) - 8)
            }
            _ => {
                let mut b = [0u8; 8];
                b.iter_mut().for_each(|x| *x = self.byte());
                f64::from_le_bytes(b)
            }
        }
    }

    /// `n` numbers.
    pub fn numbers(&mut self, n: usize) -> Vec<f64> {
        (0..n).map(|_| self.number()).collect()
    }
}
