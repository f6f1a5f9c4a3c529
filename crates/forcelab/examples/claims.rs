//! Prints every checkable claim of the five articles with what the core measured and
//! a verdict. `cargo run -p forcelab --release --example claims [-- --json]`.

use forcelab::claims::all_claims;

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// JSON has no NaN or Infinity: those become null.
fn json_number(x: f64) -> String {
    if x.is_finite() {
        format!("{x}")
    } else {
        "null".to_string()
    }
}

fn main() {
    let claims = all_claims();
    if std::env::args().any(|a| a == "--json") {
        let rows: Vec<String> = claims
            .iter()
            .map(|c| {
                format!(
                    "{{\"id\":{},\"article\":{},\"chapter\":{},\"preset\":{},\"claim\":{},\"figure\":{},\"unit\":{},\"integrator\":{},\"verdict\":{},\"conditions\":{}}}",
                    json_string(c.id),
                    json_string(c.article),
                    json_string(c.chapter),
                    json_string(c.preset),
                    json_string(c.claim),
                    json_number(c.figure),
                    json_string(c.unit),
                    json_string(c.integrator),
                    json_string(c.verdict.label()),
                    json_string(&c.conditions),
                )
            })
            .collect();
        println!("[{}]", rows.join(",\n "));
        return;
    }
    for c in &claims {
        println!(
            "{}  [{}]  ({})",
            c.id,
            c.verdict.label().to_uppercase(),
            c.article
        );
        println!("  claim:    {}", c.claim);
        println!("  measured: {:.6} {}", c.figure, c.unit);
        println!("  under:    {}", c.integrator);
        if !c.conditions.is_empty() {
            println!("  note:     {}", c.conditions);
        }
        println!();
    }
    let count = |label: &str| claims.iter().filter(|c| c.verdict.label() == label).count();
    println!(
        "{} claims: {} hold, {} hold with conditions, {} do not hold",
        claims.len(),
        count("holds"),
        count("holds with conditions"),
        count("does not hold")
    );
}
