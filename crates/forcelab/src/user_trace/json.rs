//! A trace as JSON: `[[t, x], ...]` or `[[t, x, v], ...]`, `[{"t": .., "x": ..}, ...]`,
//! or `{"t": [..], "x": [..]}`. A small reader of JSON's grammar (the core has no JSON
//! library, and a trace needs arrays, objects, numbers and names only); a sample that is
//! not numbers is named by its index.

use super::read::{Column, Rows};
use super::TraceError;

/// A JSON value, as far as a trace needs one.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Number(f64),
    Text(String),
    Other,
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

/// The rows of a JSON trace.
pub(super) fn rows(text: &str) -> Result<Rows, TraceError> {
    let mut p = Parser {
        text: text.as_bytes(),
        at: 0,
    };
    let value = p.value()?;
    p.space();
    if p.at < p.text.len() {
        return Err(p.error("text after the JSON value"));
    }
    let sample = |k: usize, reason: &str| TraceError {
        line: None,
        content: String::new(),
        reason: format!("sample {}: {reason}", k + 1),
    };
    let numbers = |k: usize, v: &Value| -> Result<Vec<Column>, TraceError> {
        match v {
            Value::Number(x) => Ok(vec![Column::Number(*x)]),
            Value::Array(items) => items
                .iter()
                .map(|i| match i {
                    Value::Number(x) => Ok(Column::Number(*x)),
                    _ => Err(sample(k, "a value that is not a number")),
                })
                .collect(),
            _ => Err(sample(k, "not an array of numbers")),
        }
    };
    let mut out = Rows {
        header: None,
        angle_units: Vec::new(),
        rows: Vec::new(),
        skipped: 0,
    };
    match value {
        Value::Array(items) => match items.first() {
            Some(Value::Object(first)) => {
                let keys: Vec<String> = first.iter().map(|(k, _)| k.to_ascii_lowercase()).collect();
                for (k, item) in items.iter().enumerate() {
                    let Value::Object(fields) = item else {
                        return Err(sample(k, "not an object like the first"));
                    };
                    let mut columns = Vec::new();
                    for key in &keys {
                        let v = fields
                            .iter()
                            .find(|(name, _)| name.to_ascii_lowercase() == *key)
                            .ok_or_else(|| sample(k, &format!("no {key:?}")))?;
                        // One column per field, as the header has one name per field: a
                        // list (a vector position, or tags) is one column, so a field after
                        // it keeps its name.
                        columns.push(match &v.1 {
                            Value::Number(x) => Column::Number(*x),
                            Value::Array(items) => Column::Vector(
                                items
                                    .iter()
                                    .map(|i| match i {
                                        Value::Number(x) => Ok(*x),
                                        _ => Err(sample(k, "a value that is not a number")),
                                    })
                                    .collect::<Result<_, _>>()?,
                            ),
                            _ => {
                                return Err(sample(
                                    k,
                                    &format!("{key:?} is not a number or a list of numbers"),
                                ))
                            }
                        });
                    }
                    out.rows.push((k + 1, format!("sample {}", k + 1), columns));
                }
                out.header = Some(keys);
            }
            _ => {
                for (k, item) in items.iter().enumerate() {
                    out.rows
                        .push((k + 1, format!("sample {}", k + 1), numbers(k, item)?));
                }
            }
        },
        Value::Object(fields) => {
            let columns: Vec<&Vec<Value>> = fields
                .iter()
                .map(|(name, v)| match v {
                    Value::Array(a) => Ok(a),
                    _ => Err(TraceError::whole(format!("{name:?} is not an array"))),
                })
                .collect::<Result<_, _>>()?;
            let n = columns.iter().map(|c| c.len()).min().unwrap_or(0);
            if let Some((name, _)) = fields
                .iter()
                .zip(&columns)
                .find(|(_, c)| c.len() != n)
                .map(|(f, _)| f)
            {
                return Err(TraceError::whole(format!(
                    "{name:?} has another length than the other columns"
                )));
            }
            for k in 0..n {
                let mut row = Vec::new();
                for c in &columns {
                    row.extend(numbers(k, &c[k])?);
                }
                out.rows.push((k + 1, format!("sample {}", k + 1), row));
            }
            out.header = Some(fields.iter().map(|(k, _)| k.to_ascii_lowercase()).collect());
        }
        _ => {
            return Err(TraceError::whole(
                "the JSON is neither an array nor an object",
            ))
        }
    }
    Ok(out)
}

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn error(&self, reason: &str) -> TraceError {
        TraceError::whole(format!("JSON at character {}: {reason}", self.at + 1))
    }

    fn space(&mut self) {
        while self
            .text
            .get(self.at)
            .is_some_and(|c| c.is_ascii_whitespace())
        {
            self.at += 1;
        }
    }

    fn value(&mut self) -> Result<Value, TraceError> {
        self.space();
        match self.text.get(self.at) {
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                self.space();
                if self.text.get(self.at) == Some(&b']') {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                loop {
                    items.push(self.value()?);
                    self.space();
                    match self.text.get(self.at) {
                        Some(b',') => self.at += 1,
                        Some(b']') => {
                            self.at += 1;
                            return Ok(Value::Array(items));
                        }
                        _ => return Err(self.error("expected , or ]")),
                    }
                }
            }
            Some(b'{') => {
                self.at += 1;
                let mut fields = Vec::new();
                self.space();
                if self.text.get(self.at) == Some(&b'}') {
                    self.at += 1;
                    return Ok(Value::Object(fields));
                }
                loop {
                    self.space();
                    let Value::Text(key) = self.value()? else {
                        return Err(self.error("expected a name in quotes"));
                    };
                    self.space();
                    if self.text.get(self.at) != Some(&b':') {
                        return Err(self.error("expected :"));
                    }
                    self.at += 1;
                    fields.push((key, self.value()?));
                    self.space();
                    match self.text.get(self.at) {
                        Some(b',') => self.at += 1,
                        Some(b'}') => {
                            self.at += 1;
                            return Ok(Value::Object(fields));
                        }
                        _ => return Err(self.error("expected , or }")),
                    }
                }
            }
            Some(b'"') => {
                self.at += 1;
                let start = self.at;
                while self.text.get(self.at).is_some_and(|&c| c != b'"') {
                    self.at += 1 + usize::from(self.text[self.at] == b'\\');
                }
                if self.at >= self.text.len() {
                    return Err(self.error("a string that does not end"));
                }
                let s = String::from_utf8_lossy(&self.text[start..self.at]).into_owned();
                self.at += 1;
                Ok(Value::Text(s))
            }
            Some(_) => {
                let start = self.at;
                while self
                    .text
                    .get(self.at)
                    .is_some_and(|c| !matches!(c, b',' | b']' | b'}') && !c.is_ascii_whitespace())
                {
                    self.at += 1;
                }
                let word = core::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
                match word {
                    "true" | "false" | "null" => Ok(Value::Other),
                    _ => crate::decimal::decimal(word)
                        .map(Value::Number)
                        .ok_or_else(|| self.error(&format!("{word:?} is not a number"))),
                }
            }
            None => Err(self.error("the JSON ends early")),
        }
    }
}
