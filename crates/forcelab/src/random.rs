//! Seeded randomness shared by the Lab, the swarms and the scenes.

/// A small seeded generator (SplitMix64): the same seed gives the same sequence on
/// every platform, so a shared link replays the same noise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `(0, 1)`.
    pub fn next_open01(&mut self) -> f64 {
        ((self.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }

    /// Standard normal (Box-Muller, one of the pair): mean 0, deviation 1.
    pub fn next_normal(&mut self) -> f64 {
        let (u, v) = (self.next_open01(), self.next_open01());
        crate::math::sqrt(-2.0 * crate::math::ln(u)) * crate::math::cos(core::f64::consts::TAU * v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_reproducible_and_roughly_normal() {
        let (mut a, mut b) = (SplitMix64::new(7), SplitMix64::new(7));
        let xs: Vec<f64> = (0..20_000).map(|_| a.next_normal()).collect();
        assert!(xs
            .iter()
            .zip((0..20_000).map(|_| b.next_normal()))
            .all(|(x, y)| x.to_bits() == y.to_bits()));
        let mean = xs.iter().sum::<f64>() / xs.len() as f64;
        let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / xs.len() as f64;
        assert!(
            mean.abs() < 0.03 && (var - 1.0).abs() < 0.05,
            "{mean} {var}"
        );
    }
}
