//! The golden trace hash of every chapter Lab figure: each figure's whole run, hashed
//! bit for bit ([`super::LabFigure::trace_hash`]). The core's tests check them natively
//! and the bindings' `native_and_browser` tests check the same table in Chromium and
//! Firefox, so a figure replays with the same bits wherever it runs. A changed hash
//! means a figure's motion changed: say which and why in the commit.

/// `(figure id, hash)`, in [`super::LAB_FIGURES`] order.
pub const FIGURE_HASHES: [(&str, u64); 11] = [
    ("one-step-cube", 0xf07206873f2f8357),
    ("one-step-box", 0xa5ef42dbb892c83f),
    ("pd-stiff", 0x53c06852ce7a45b8),
    ("pd-moving-target", 0x41b8b0bb5c61bf42),
    ("wu-cube", 0x0434cc476c084958),
    ("wu-box", 0x742f07304af531f7),
    ("spd-cube", 0x8e2f73cfe1a1310f),
    ("spd-box", 0xe039c9485540bb28),
    ("implicit-cube", 0xbeed429139e19cb2),
    ("derivative-kick", 0xe349dd41638c744c),
    ("anti-windup", 0xbb22dc40e000365f),
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
