//! The golden trace hash of every chapter Lab figure: each figure's whole run, hashed
//! bit for bit ([`super::LabFigure::trace_hash`]). The core's tests check them natively
//! and the bindings' `native_and_browser` tests check the same table in Chromium and
//! Firefox, so a figure replays with the same bits wherever it runs. A changed hash
//! means a figure's motion changed: say which and why in the commit.

/// `(figure id, hash)`, in [`super::LAB_FIGURES`] order.
pub const FIGURE_HASHES: [(&str, u64); 11] = [
    ("one-step-cube", 0x90520d35ec5cb7b9),
    ("one-step-box", 0x414ea989b12e2d29),
    ("pd-stiff", 0xd47228de9e883f30),
    ("pd-moving-target", 0x5936ea6b142e99f7),
    ("wu-cube", 0x413c2ff487b3e1db),
    ("wu-box", 0x9fffeeb0204f7bbf),
    ("spd-cube", 0x76c6e25a0b8e94f7),
    ("spd-box", 0xbae521541f14685d),
    ("implicit-cube", 0x15b1a10f45a7bb5a),
    ("derivative-kick", 0xad49c06ffba16ced),
    ("anti-windup", 0x7662da19f10be032),
];

#[cfg(test)]
mod tests {
    use super::super::LAB_FIGURES;
    use super::*;

    #[test]
    fn every_figure_replays_its_golden_trace() {
        let ids: Vec<&str> = LAB_FIGURES.iter().map(|f| f.id).collect();
        let listed: Vec<&str> = FIGURE_HASHES.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, listed, "one golden hash per figure, in figure order");
        let measured: Vec<String> = LAB_FIGURES
            .iter()
            .map(|f| format!("(\"{}\", {:#018x})", f.id, f.trace_hash().unwrap()))
            .collect();
        let golden: Vec<String> = FIGURE_HASHES
            .iter()
            .map(|(id, h)| format!("(\"{id}\", {h:#018x})"))
            .collect();
        assert_eq!(measured, golden, "measured:\n{}", measured.join(",\n"));
    }

    #[test]
    fn a_figure_runs_its_printed_twins_after_its_laws() {
        let f = super::super::lab_figure("one-step-cube").unwrap();
        let kinds: Vec<String> = f.spec().controllers.into_iter().map(|c| c.kind).collect();
        assert_eq!(kinds, ["one-step", "backward-pd", "one-step-as-printed"]);
        assert_eq!(f.steps(), 120);
    }
}
