//! How the reader assigns a trace's columns: a JSON sample's fields, a header's units,
//! vectors; each read from text as a user pastes it.

use super::*;

/// A JSON sample's last field an empty list (a logger's empty tags): the parser goes on
/// after the list, and the samples read as their time and position.
#[test]
fn an_empty_list_in_a_json_sample_adds_nothing() {
    let samples = (0..12)
        .map(|k| format!("{{\"t\": {}, \"x\": {}, \"tags\": []}}", k as f64 * 0.1, k))
        .collect::<Vec<_>>()
        .join(", ");
    let trace = read(&format!("[{samples}]")).unwrap();
    assert_eq!(trace.position.len(), 12);
    assert_eq!(trace.position[11], 11.0);
    assert!((trace.dt - 0.1).abs() < 1e-12);
    // An empty array is too few samples, not text after a value.
    let empty = read("[ ]").unwrap_err();
    assert!(empty.to_string().contains("0 samples"), "{empty}");
}

/// A header's unit says a position column is an angle: radians, degrees or `°`.
#[test]
fn a_position_in_degrees_or_radians_is_an_angle() {
    let rows: String = (0..12)
        .map(|k| format!("{},{}\n", k as f64 * 0.1, k as f64))
        .collect();
    for (header, angular) in [
        ("t,x (rad)", true),
        ("t,x [deg]", true),
        ("t,x (°)", true),
        ("t,x (m)", false),
    ] {
        let trace = read(&format!("{header}\n{rows}")).unwrap();
        assert_eq!(trace.angular, angular, "{header}");
    }
}

/// A vector whose component is not a finite number, or that has another length than the
/// first line's, is named by its line.
#[test]
fn a_vector_with_a_bad_component_or_length_is_named_by_its_line() {
    let with = |k: usize, line: &str| {
        let mut lines: Vec<String> = (0..12)
            .map(|k| format!("{} ({}, 0, 0)", k as f64 * 0.01, k))
            .collect();
        lines[k] = line.to_string();
        read(&lines.join("\n")).unwrap_err()
    };
    let nan = with(4, "0.04 (4, NaN, 0)");
    assert_eq!(nan.line, Some(5));
    assert!(nan.to_string().contains("not a finite number"), "{nan}");
    let short = with(6, "0.06 (6, 0)");
    assert_eq!(short.line, Some(7));
    assert!(short.to_string().contains("not a vector of 3"), "{short}");
}

/// A field holding a list, before the position (a logger's tags, a world position as
/// `[x, y, z]`), is one column of its sample, as its one name in the header says: the
/// fields after it keep their names. The list once counted one column per number, so
/// `tags` of two numbers read the velocity as the position, silently, and empty `tags`
/// refused every sample as a column short.
#[test]
fn a_list_valued_field_is_one_column_and_the_fields_after_it_keep_their_names() {
    for tags in ["[]", "[7, 8]", "[1, 2, 3]"] {
        let samples = (0..12)
            .map(|k| {
                format!(
                    "{{\"t\": {}, \"tags\": {tags}, \"x\": {}, \"v\": 5}}",
                    k as f64 * 0.1,
                    k
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        let trace = read(&format!("[{samples}]")).unwrap_or_else(|e| panic!("tags {tags}: {e}"));
        assert_eq!(trace.position.len(), 12, "tags {tags}");
        assert_eq!(trace.position[11], 11.0, "tags {tags}: the position is x's");
    }
    // A position given as a list is a vector position: its widest-ranging component, y here.
    let samples = (0..12)
        .map(|k| format!("{{\"t\": {}, \"x\": [0.5, {k}, 2]}}", k as f64 * 0.1))
        .collect::<Vec<_>>()
        .join(", ");
    let trace = read(&format!("[{samples}]")).unwrap();
    assert_eq!(trace.position[11], 11.0);
    // A field that is neither a number nor a list is named.
    let text = read(r#"[{"t": 0, "x": 1, "note": "hi"}]"#).unwrap_err();
    assert!(
        text.to_string()
            .contains("\"note\" is not a number or a list of numbers"),
        "{text}"
    );
}
