//! JSON read into serde types with errors that say where: a trace file's errors name the step and
//! the field, as the trace format promises.

use crate::session::trace::TraceError;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Reads `T` from JSON already parsed; when it does not fit, says where (`coordinator.topics`,
/// `assignment.t[0]`) along with serde's complaint. The place is found by taking parts out one at a
/// time: the part whose absence changes the complaint (for a missing field, whose absence makes the
/// rest read) is the one it was about, and the search goes on inside it. Only the failure path
/// probes: one plain `Deserialize` per type instead of a tracking deserializer wrapped around every
/// type (serde_path_to_error: 4 KB gzip of the member page, measured).
///
/// `tag` names an internally tagged enum's tag key: it is blamed only when nothing else is, since
/// without it every probe fails alike. Each probe reads the whole value again, so the search stops
/// at a part with more than [`MAX_PARTS`] parts inside (a long list of partitions) and names it.
///
/// The error names `step` when the value is one, and its place below `under` (`config`) when the
/// value is that part of the file.
pub(crate) fn read<T: DeserializeOwned>(
    value: &Value,
    tag: Option<&str>,
    step: Option<usize>,
    under: Option<&str>,
) -> Result<T, TraceError> {
    T::deserialize(value).map_err(|e| {
        let message = e.to_string();
        let place = blame::<T>(value, &message, tag);
        let field = match (under, place) {
            (Some(under), Some(place)) => Some(format!("{under}.{place}")),
            (under, place) => place.or(under.map(str::to_owned)),
        };
        TraceError {
            step,
            field,
            message,
        }
    })
}

/// The most parts of one object or list the search takes out one by one.
const MAX_PARTS: usize = 64;

/// One step of a path into JSON.
enum Part {
    Key(String),
    Index(usize),
}

fn blame<T: DeserializeOwned>(root: &Value, message: &str, tag: Option<&str>) -> Option<String> {
    let missing = message.starts_with("missing field");
    let fixes = |candidate: &Value| match T::deserialize(candidate) {
        Ok(_) => true,
        Err(e) => !missing && e.to_string() != message,
    };
    let mut path: Vec<Part> = Vec::new();
    loop {
        let parts: Vec<Part> = match follow(root, &path) {
            Some(Value::Object(object)) => object
                .keys()
                .filter(|key| !(path.is_empty() && Some(key.as_str()) == tag))
                .map(|key| Part::Key(key.clone()))
                .collect(),
            Some(Value::Array(items)) => (0..items.len()).map(Part::Index).collect(),
            _ => break,
        };
        if parts.len() > MAX_PARTS {
            break;
        }
        let culprit = parts.into_iter().find(|part| {
            let mut candidate = root.clone();
            if let Some(parent) = follow_mut(&mut candidate, &path) {
                match (parent, part) {
                    (Value::Object(object), Part::Key(key)) => drop(object.remove(key)),
                    (Value::Array(items), Part::Index(i)) => drop(items.remove(*i)),
                    _ => {}
                }
            }
            fixes(&candidate)
        });
        match culprit {
            Some(part) => path.push(part),
            None => break,
        }
    }
    if path.is_empty() {
        return tag
            .filter(|t| !missing && root.get(*t).is_some())
            .map(str::to_owned);
    }
    let mut place = String::new();
    for part in path {
        match part {
            Part::Key(key) if place.is_empty() => place = key,
            Part::Key(key) => place = format!("{place}.{key}"),
            Part::Index(i) => place = format!("{place}[{i}]"),
        }
    }
    Some(place)
}

fn follow<'v>(mut value: &'v Value, path: &[Part]) -> Option<&'v Value> {
    for part in path {
        value = match part {
            Part::Key(key) => value.get(key)?,
            Part::Index(i) => value.get(*i)?,
        };
    }
    Some(value)
}

fn follow_mut<'v>(mut value: &'v mut Value, path: &[Part]) -> Option<&'v mut Value> {
    for part in path {
        value = match part {
            Part::Key(key) => value.get_mut(key)?,
            Part::Index(i) => value.get_mut(*i)?,
        };
    }
    Some(value)
}
