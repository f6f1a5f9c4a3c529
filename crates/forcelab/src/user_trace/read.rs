//! Reading a pasted trace. JSON when it starts with `[` or `{` (an array of `[t, x]` or
//! `[t, x, v]`, an array of objects with `t`/`time` and `x`/`position`/`angle`, or one
//! object of such arrays); otherwise lines. A line's columns are split on `;` or a tab
//! (then a comma inside a number is its decimal comma), else on commas, else on spaces;
//! double quotes around a field are taken off. A vector in parentheses,
//! `(0.10, 0.00, 0.00)` as Unity's `Vector3` and Godot's `Vector3` print, is one column;
//! the component that moves most is read. `name=value` and `name: value` fields read as
//! the value, and a `[12:00:01]` time of day before a line is left out. A first line of
//! words is a header: `time`/`t`, `position`/`x`/`angle`/`theta` (the first column whose
//! name ends in `position` or `angle`, as in the Lab's CSV), `velocity`/`v`/`omega`,
//! `target`; without one the columns are time, position and velocity, in that order.

use super::json;
use super::{TraceError, UserTrace};
use crate::decimal::decimal;

/// The fewest samples a trace may have: the second-order fit needs 8 triples.
pub const MIN_SAMPLES: usize = 10;

/// A step farther than this from the median step, relative, makes the step uneven.
pub const STEP_TOLERANCE: f64 = 0.01;

/// One line's columns: a number, or a vector of numbers.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Column {
    Number(f64),
    Vector(Vec<f64>),
}

/// Reads a trace from `text`; a line that cannot be read is named with its number.
pub fn read(text: &str) -> Result<UserTrace, TraceError> {
    let body = text.trim_start_matches('\u{feff}').trim();
    let first = body.lines().next().unwrap_or("");
    // `[12:00:01] ...` is a log line with the time of day, not a JSON array.
    let json_array = body.starts_with('[') && strip_time_of_day(first.trim()) == first.trim();
    let rows = if json_array || body.starts_with('{') {
        json::rows(body)?
    } else {
        lines(body)?
    };
    assemble(rows)
}

/// The rows of a trace, each `(line number, its text, columns)`, and its header.
pub(super) struct Rows {
    pub(super) header: Option<Vec<String>>,
    /// Per header column, whether its unit is an angle's (`(rad)`, `[deg]`, `(°)`).
    pub(super) angle_units: Vec<bool>,
    pub(super) rows: Vec<(usize, String, Vec<Column>)>,
    pub(super) skipped: usize,
}

fn lines(text: &str) -> Result<Rows, TraceError> {
    let mut out = Rows {
        header: None,
        angle_units: Vec::new(),
        rows: Vec::new(),
        skipped: 0,
    };
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            continue;
        }
        // Unity's console writes the stack trace under each log.
        if line.starts_with("UnityEngine.") || line.starts_with("(Filename:") {
            out.skipped += 1;
            continue;
        }
        let line = strip_time_of_day(line);
        let fields = split(line);
        let columns: Option<Vec<Column>> = fields.iter().map(|f| column(f)).collect();
        match columns {
            Some(c) if !c.is_empty() => out.rows.push((n, raw.to_string(), c)),
            _ if out.header.is_none() && out.rows.is_empty() && is_header(&fields) => {
                out.header = Some(fields.iter().map(|f| name(f)).collect());
                out.angle_units = fields.iter().map(|f| angle_unit(f)).collect();
            }
            _ => {
                let bad = fields
                    .iter()
                    .find(|f| column(f).is_none())
                    .map_or(String::new(), |f| format!(" {f:?}"));
                return Err(TraceError::at(
                    n,
                    raw,
                    format!("the field{bad} is not a number (a decimal comma needs ; or a tab between the columns)"),
                ));
            }
        }
    }
    Ok(out)
}

/// `[12:00:01] rest` is `rest`: Unity's console may print the time of day first.
fn strip_time_of_day(line: &str) -> &str {
    if let Some(rest) = line.strip_prefix('[') {
        if let Some(end) = rest.find(']') {
            if rest[..end]
                .chars()
                .all(|c| c.is_ascii_digit() || c == ':' || c == '.')
            {
                return rest[end + 1..].trim_start();
            }
        }
    }
    line
}

/// A line's fields, a parenthesised vector kept whole.
fn split(line: &str) -> Vec<String> {
    let decimal_comma = line.contains(';') || line.contains('\t');
    // A comma outside parentheses separates columns; inside, a vector's components.
    let mut depth = 0usize;
    let commas = line.chars().any(|c| {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        c == ',' && depth == 0
    });
    let separator = |c: char| {
        if decimal_comma {
            c == ';' || c == '\t'
        } else if commas {
            c == ','
        } else {
            c.is_whitespace()
        }
    };
    let mut fields = Vec::new();
    let mut current = String::new();
    let (mut depth, mut quoted) = (0usize, false);
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            '(' => {
                depth += 1;
                current.push(c);
            }
            ')' => {
                depth = depth.saturating_sub(1);
                current.push(c);
            }
            c if depth == 0 && !quoted && separator(c) => {
                if !current.trim().is_empty() || !c.is_whitespace() {
                    fields.push(current.trim().to_string());
                }
                current.clear();
            }
            c => current.push(c),
        }
    }
    if !current.trim().is_empty() {
        fields.push(current.trim().to_string());
    }
    if decimal_comma {
        for f in &mut fields {
            *f = f.replace(',', ".");
        }
    }
    fields
}

/// A field as a column: a number, `name=number`, `number:` or a vector `(a, b, c)`.
fn column(field: &str) -> Option<Column> {
    let f = field.trim();
    let f = f.rsplit_once('=').map_or(f, |(_, v)| v.trim());
    let f = match f.split_once(':') {
        Some((label, value)) if !label.trim().is_empty() && number(label).is_none() => value.trim(),
        _ => f,
    };
    let f = f.strip_suffix(':').unwrap_or(f).trim();
    if let Some(inner) = f.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        let parts: Option<Vec<f64>> = inner.split(',').map(number).collect();
        return parts.filter(|p| !p.is_empty()).map(Column::Vector);
    }
    number(f).map(Column::Number)
}

/// A number (`1e-3`, `-0.5`, `NaN`, `inf`), nothing else ([`decimal`]).
fn number(text: &str) -> Option<f64> {
    decimal(text)
}

fn is_header(fields: &[String]) -> bool {
    fields
        .iter()
        .all(|f| f.chars().any(|c| c.is_ascii_alphabetic()) && number(f).is_none())
}

/// A header's name without its unit, the bracket that ends it: `"PD position (m)"` is
/// `"pd position"`, and the Lab's `"1: SPD (paper form) position (m)"` is
/// `"1: spd (paper form) position"`.
fn name(field: &str) -> String {
    let f = field.trim().trim_matches('"').trim();
    let f = match unit_at(f) {
        Some(i) => &f[..i],
        None => f,
    };
    f.trim().to_ascii_lowercase()
}

/// Where the unit in brackets that ends a header begins, if it ends with one.
fn unit_at(field: &str) -> Option<usize> {
    let f = field.trim_end();
    let open = match f.as_bytes().last()? {
        b')' => '(',
        b']' => '[',
        _ => return None,
    };
    f.rfind(open)
}

/// Whether a header's unit (in brackets after its name) is an angle's: the Lab's box
/// writes `"box position (rad)"`.
fn angle_unit(field: &str) -> bool {
    let f = field.trim().trim_matches('"').trim();
    unit_at(f).is_some_and(|i| {
        let unit = f[i..].to_ascii_lowercase();
        unit.contains("rad") || unit.contains("deg") || unit.contains('°')
    })
}

/// Which header column is which.
struct Roles {
    time: usize,
    position: usize,
    velocity: Option<usize>,
    target: Option<usize>,
    angular: bool,
    name: Option<String>,
}

fn roles(
    header: Option<&[String]>,
    angle_units: &[bool],
    width: usize,
) -> Result<Roles, TraceError> {
    let Some(h) = header else {
        return Ok(Roles {
            time: 0,
            position: 1,
            velocity: (width > 2).then_some(2),
            target: None,
            angular: false,
            name: None,
        });
    };
    let find = |names: &[&str]| {
        h.iter().position(|c| {
            names
                .iter()
                .any(|n| c == n || c.ends_with(&format!(" {n}")))
        })
    };
    let time = find(&["t", "time", "seconds", "time.time"]).unwrap_or(0);
    let angle = find(&["angle", "theta", "rotation"]);
    let position = find(&["x", "position", "pos", "value", "height", "y", "z"])
        .or(angle)
        .ok_or_else(|| {
            TraceError::at(
                1,
                &h.join(","),
                "no column is a position or angle (name one x, position or angle)",
            )
        })?;
    let velocity = find(&["v", "velocity", "vel", "speed", "omega", "angular velocity"]);
    let target = find(&["target"]);
    Ok(Roles {
        time,
        position,
        velocity,
        target,
        angular: angle == Some(position)
            || h[position].contains("angle")
            || h[position].contains("rad")
            || angle_units.get(position).copied().unwrap_or(false),
        name: Some(h[position].clone()),
    })
}

fn assemble(rows: Rows) -> Result<UserTrace, TraceError> {
    let width = rows.rows.first().map_or(0, |r| r.2.len());
    let roles = roles(rows.header.as_deref(), &rows.angle_units, width)?;
    let needed = [
        Some(roles.time),
        Some(roles.position),
        roles.velocity,
        roles.target,
    ]
    .into_iter()
    .flatten()
    .max()
    .unwrap_or(1)
        + 1;
    let mut time = Vec::new();
    let mut raw_position: Vec<Column> = Vec::new();
    let mut velocity = Vec::new();
    let mut target = Vec::new();
    for (n, text, columns) in &rows.rows {
        if columns.len() < needed {
            return Err(TraceError::at(
                *n,
                text,
                format!(
                    "{} columns where {needed} are needed (time, position{})",
                    columns.len(),
                    if roles.velocity.is_some() {
                        ", velocity"
                    } else {
                        ""
                    }
                ),
            ));
        }
        if rows.header.is_some() && columns.len() != width {
            return Err(TraceError::at(
                *n,
                text,
                format!("{} columns where the first line has {width}", columns.len()),
            ));
        }
        let scalar = |i: usize, what: &str| -> Result<f64, TraceError> {
            match &columns[i] {
                Column::Number(x) if x.is_finite() => Ok(*x),
                Column::Number(x) => Err(TraceError::at(
                    *n,
                    text,
                    format!("the {what} is {x}, not a finite number"),
                )),
                Column::Vector(_) => {
                    Err(TraceError::at(*n, text, format!("the {what} is a vector")))
                }
            }
        };
        let t = scalar(roles.time, "time")?;
        if let Some(&last) = time.last() {
            if t <= last {
                return Err(TraceError::at(
                    *n,
                    text,
                    format!("the time {t} s does not come after the line before's {last} s"),
                ));
            }
        }
        time.push(t);
        match &columns[roles.position] {
            Column::Vector(v) if v.iter().any(|x| !x.is_finite()) => {
                return Err(TraceError::at(
                    *n,
                    text,
                    "the position has a component that is not a finite number",
                ));
            }
            Column::Number(x) if !x.is_finite() => {
                return Err(TraceError::at(
                    *n,
                    text,
                    format!("the position is {x}, not a finite number"),
                ));
            }
            c => raw_position.push(c.clone()),
        }
        if let Some(i) = roles.velocity {
            velocity.push(scalar(i, "velocity")?);
        }
        if let Some(i) = roles.target {
            target.push(scalar(i, "target")?);
        }
    }
    if time.len() < MIN_SAMPLES {
        return Err(TraceError::whole(format!(
            "{} samples: at least {MIN_SAMPLES} are needed to read a motion",
            time.len()
        )));
    }
    let (position, component) = positions(&raw_position, &rows.rows)?;
    let mut steps: Vec<f64> = time.windows(2).map(|w| w[1] - w[0]).collect();
    steps.sort_by(f64::total_cmp);
    let dt = steps[steps.len() / 2];
    let spread = steps
        .iter()
        .map(|s| (s - dt).abs() / dt)
        .fold(0.0, f64::max);
    let read_as = match (roles.name, component) {
        (_, Some(c)) => format!(
            "component {} of the vector",
            ["x", "y", "z", "w"].get(c).copied().unwrap_or("?")
        ),
        (Some(name), None) => format!("the column {name:?}"),
        (None, None) => "the second column".to_string(),
    };
    Ok(UserTrace {
        time,
        position,
        velocity: roles.velocity.map(|_| velocity),
        target: roles.target.map(|_| target),
        dt,
        uneven_step: (spread > STEP_TOLERANCE).then_some(spread),
        angular: roles.angular,
        read_as,
        skipped_lines: rows.skipped,
    })
}

/// The positions: the numbers, or of vectors the component with the widest range.
fn positions(
    raw: &[Column],
    rows: &[(usize, String, Vec<Column>)],
) -> Result<(Vec<f64>, Option<usize>), TraceError> {
    let width = match raw.first() {
        Some(Column::Vector(v)) => v.len(),
        _ => {
            return raw
                .iter()
                .zip(rows)
                .map(|(c, (n, text, _))| match c {
                    Column::Number(x) => Ok(*x),
                    Column::Vector(_) => Err(TraceError::at(
                        *n,
                        text,
                        "a vector where the lines before have a number",
                    )),
                })
                .collect::<Result<Vec<f64>, _>>()
                .map(|p| (p, None));
        }
    };
    let mut lanes = vec![Vec::with_capacity(raw.len()); width];
    for (c, (n, text, _)) in raw.iter().zip(rows) {
        match c {
            Column::Vector(v) if v.len() == width => {
                for (lane, x) in lanes.iter_mut().zip(v) {
                    lane.push(*x);
                }
            }
            _ => {
                return Err(TraceError::at(
                    *n,
                    text,
                    format!("not a vector of {width} like the first line's"),
                ))
            }
        }
    }
    let range = |l: &Vec<f64>| {
        l.iter().copied().fold(f64::NEG_INFINITY, f64::max)
            - l.iter().copied().fold(f64::INFINITY, f64::min)
    };
    let widest = (0..width)
        .max_by(|&a, &b| range(&lanes[a]).total_cmp(&range(&lanes[b])))
        .unwrap_or(0);
    Ok((lanes.swap_remove(widest), Some(widest)))
}

#[cfg(test)]
#[path = "read_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "read_column_tests.rs"]
mod column_tests;
