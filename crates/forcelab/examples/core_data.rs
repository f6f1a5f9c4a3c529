//! Prints, as JSON, the data the page reads from the core: `catalogue` (the law
//! catalogue and the Lab's defaults, `web/src/core/catalogue.json`), `presets` (the chapters' Lab figures and
//! the cube scene, `web/src/core/presets.json`) or `claims` (every claim measured, with
//! its verdict: the chapters' badges, `web/src/core/claims.json`, so that a chapter
//! need not download the analysis module and run every claim to write a badge) or
//! `race` (the tuner's race of the laws, chapter 9's table, `web/src/core/race.json`).
//! `captions CHAPTER` prints the words of the figures that page shows (their summaries
//! and captions, `web/src/core/captions/CHAPTER.json`), `captions` alone the pages that
//! show figures, one per line.
//! `npm run core-data` rewrites the files and `npm test` fails when one differs from
//! what this prints.
//!
//! `ids` prints the TypeScript types of the ids the core accepts (`web/src/core/ids.ts`),
//! `types` the shapes of the Lab's data the page reads and writes (`web/src/core/types.ts`,
//! `forcelab::schema`),
//! `programs` every law as the program the engine templates write out
//! (`web/src/core/programs.json`, `forcelab::controllers::program`).
//!
//! `cargo run -p forcelab --features serde --example core_data -- catalogue|presets|claims|race|ids|types|programs|captions [CHAPTER]`

use std::collections::BTreeMap;

/// The catalogue and the Lab's defaults, as the page's `catalogue.json` holds them.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct PageCatalogue {
    #[serde(flatten)]
    catalogue: forcelab::catalogue::Catalogue,
    lab_defaults: forcelab::lab::LabDefaults,
}

/// Every law written out for engines, by id, as the page's `programs.json` holds them.
#[derive(serde::Serialize)]
struct PagePrograms {
    force: BTreeMap<&'static str, &'static forcelab::program::Program>,
    torque: BTreeMap<&'static str, &'static forcelab::program::TorqueProgram>,
    vector: BTreeMap<&'static str, &'static forcelab::program::Program>,
    /// The chain laws, each setting a torque per joint.
    chain: BTreeMap<&'static str, &'static forcelab::program::Program>,
    /// What a box law's vector step may read and call, each with what it is.
    vocabulary: Vocabulary,
    /// What a chain law's step may read and call (`forcelab::controllers::chain::CHAIN_INPUTS`, `CHAIN_FUNCTIONS`).
    #[serde(rename = "chainVocabulary")]
    chain_vocabulary: Vocabulary,
}

/// The names a box law's vector step uses (`forcelab::program::VECTOR_INPUTS`, `VECTOR_FUNCTIONS`).
#[derive(serde::Serialize)]
struct Vocabulary {
    inputs: BTreeMap<&'static str, Word>,
    functions: BTreeMap<&'static str, Word>,
}

/// One name of the vocabulary: the kind of its value and what it is.
#[derive(serde::Serialize)]
struct Word {
    r#type: &'static str,
    doc: &'static str,
}

/// The vocabulary's names, each with its kind and doc.
fn words(all: &[(&'static str, &'static str, &'static str)]) -> BTreeMap<&'static str, Word> {
    all.iter()
        .map(|&(name, r#type, doc)| (name, Word { r#type, doc }))
        .collect()
}

/// The presets and the scenes' defaults, as the page's `presets.json` holds them.
#[derive(serde::Serialize)]
struct PagePresets {
    #[serde(flatten)]
    presets: forcelab::scenario::Presets,
    scenes: forcelab::scenes::SceneDefaults,
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    if which == "ids" {
        print!("{}", forcelab::catalogue::typescript_ids());
        return;
    }
    if which == "types" {
        let types: Vec<_> = forcelab::catalogue::TS_TYPES
            .into_iter()
            .chain(forcelab::lab::TS_TYPES)
            .collect();
        print!(
            "{}",
            forcelab::schema::typescript(&types, &forcelab::catalogue::TS_ALIASES)
        );
        return;
    }
    if which == "captions" {
        match std::env::args().nth(2) {
            None => forcelab::scenario::figure_pages()
                .iter()
                .for_each(|page| println!("{page}")),
            Some(chapter) => {
                let words: BTreeMap<_, _> = forcelab::scenario::figure_words(&chapter)
                    .into_iter()
                    .collect();
                if words.is_empty() {
                    eprintln!("core_data: no page {chapter:?} shows a figure");
                    std::process::exit(2);
                }
                println!(
                    "{}",
                    serde_json::to_string_pretty(&words).expect("words serialise")
                );
            }
        }
        return;
    }
    let text = match which.as_str() {
        "catalogue" => serde_json::to_string_pretty(&PageCatalogue {
            catalogue: forcelab::catalogue::Catalogue::get(),
            lab_defaults: forcelab::lab::LAB_DEFAULTS,
        }),
        "presets" => serde_json::to_string_pretty(&PagePresets {
            presets: forcelab::scenario::presets(),
            scenes: Default::default(),
        }),
        "claims" => serde_json::to_string_pretty(&forcelab::claims::all_claims()),
        "programs" => {
            let all = forcelab::controllers::programs();
            serde_json::to_string_pretty(&PagePrograms {
                force: all.force.into_iter().collect(),
                torque: all.torque.into_iter().collect(),
                vector: all.vector.into_iter().collect(),
                chain: all.chain.into_iter().collect(),
                vocabulary: Vocabulary {
                    inputs: words(forcelab::program::VECTOR_INPUTS),
                    functions: words(forcelab::program::VECTOR_FUNCTIONS),
                },
                chain_vocabulary: Vocabulary {
                    inputs: words(forcelab::controllers::chain::CHAIN_INPUTS),
                    functions: words(forcelab::controllers::chain::CHAIN_FUNCTIONS),
                },
            })
        }
        "race" => match forcelab::design::race(&forcelab::design::RULES) {
            Ok(race) => serde_json::to_string_pretty(&race),
            Err(e) => {
                eprintln!("core_data: the race: {e}");
                std::process::exit(1);
            }
        },
        other => {
            eprintln!(
                "core_data: which data: catalogue, presets, claims, race, ids, types, programs or captions, got {other:?}"
            );
            std::process::exit(2);
        }
    };
    match text {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("core_data: {e}");
            std::process::exit(1);
        }
    }
}
