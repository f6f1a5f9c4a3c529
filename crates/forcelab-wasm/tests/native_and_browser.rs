//! Tests that must hold with the same bits natively and in the browsers: each runs as a
//! native `#[test]` under `cargo test` and as a `wasm_bindgen_test` in Chromium and
//! Firefox under `wasm-pack test`, from one body (the way glam's `glam_test!` does).
//! The golden values live in the core (`forcelab::golden`,
//! `forcelab::scenario::FIGURE_HASHES`, `forcelab::scenes::SCENE_HASHES`); these tests
//! hold every target to them.

#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// One test body, run natively and in the browser.
macro_rules! native_and_browser {
    ($(#[$meta:meta])* fn $name:ident() $body:block) => {
        $(#[$meta])*
        #[cfg_attr(not(target_arch = "wasm32"), test)]
        #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
        fn $name() $body
    };
}

native_and_browser! {
    /// The spinning box's golden trace (every step of Wu's backward PD torque on a box
    /// with a turned inertia frame) has the same bits here as where it was recorded.
    fn the_spinning_box_replays_bit_for_bit() {
        assert_eq!(
            forcelab::golden::spinning_box_trace_hash(),
            forcelab::golden::SPINNING_BOX_HASH
        );
    }
}

native_and_browser! {
    /// Issue 8's swarm replays bit for bit in f64 and in the f32 fast mode: in the
    /// browser its bodies go through wasm's simd128 lanes (two f64 or four f32 per
    /// instruction), natively through SSE2's (or the scalar loop off x86-64), and all
    /// give the same bits.
    fn the_planar_swarm_replays_bit_for_bit_in_both_precisions() {
        use forcelab::golden::{planar_swarm_trace_hash, PLANAR_SWARM_HASHES};
        assert_eq!(
            [
                planar_swarm_trace_hash::<f64>(),
                planar_swarm_trace_hash::<f32>()
            ],
            PLANAR_SWARM_HASHES
        );
    }
}

native_and_browser! {
    /// Every chapter Lab figure's whole run hashes to its golden value: the figure a
    /// reader sees in any browser is the run the native tests and claims measured.
    fn every_chapter_figure_replays_bit_for_bit() {
        let mut measured = Vec::new();
        for f in forcelab::scenario::LAB_FIGURES.iter() {
            measured.push((f.id, f.trace_hash().expect("a figure's spec is valid")));
        }
        assert_eq!(measured, forcelab::scenario::FIGURE_HASHES.to_vec());
    }
}

native_and_browser! {
    /// Every chapter scene's golden run (the chase, the dives, the tumble, the snap, each
    /// with the disturbances it has) hashes to its golden value in every target.
    fn every_chapter_scene_replays_bit_for_bit() {
        for (id, golden) in forcelab::scenes::SCENE_HASHES {
            let measured = forcelab::scenes::scene_trace_hash(id)
                .expect("a scene of the table")
                .expect("its settings are valid");
            assert_eq!((id, measured), (id, golden));
        }
    }
}
