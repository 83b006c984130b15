//! The log context Kafka's clients put in front of their messages (`LogContext`):
//! `[Consumer clientId=consumer-g-1, groupId=g] ` (with `instanceId=…` first for a static
//! member), `[Producer clientId=…] `, `[ShareConsumer clientId=…] `. It says which consumer a
//! line belongs to, so one log can hold several.

use serde::Serialize;

/// Which kind of client wrote a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClientKind {
    Consumer,
    ShareConsumer,
    Producer,
    /// Another context (an admin client, a streams thread).
    Other,
}

/// The context of one line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClientContext {
    pub kind: ClientKind,
    pub client_id: String,
    pub group_id: Option<String>,
    pub instance_id: Option<String>,
}

/// The value of `key=` inside `fields` (`clientId=c, groupId=g`), up to the next `, `.
fn value<'a>(fields: &'a str, key: &str) -> Option<&'a str> {
    fields.split(", ").find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k.trim() == key).then_some(v)
    })
}

/// The context at the start of `message`, and the message after it.
pub(crate) fn split_context(message: &str) -> (Option<ClientContext>, &str) {
    let Some(inner) = message.strip_prefix('[') else {
        return (None, message);
    };
    let Some((label, rest)) = inner.split_once(' ') else {
        return (None, message);
    };
    let kind = match label {
        "Consumer" => ClientKind::Consumer,
        "ShareConsumer" => ClientKind::ShareConsumer,
        "Producer" => ClientKind::Producer,
        "AdminClient" | "StreamThread" => ClientKind::Other,
        _ => return (None, message),
    };
    let Some(end) = rest.find(']') else {
        return (None, message);
    };
    let fields = &rest[..end];
    let Some(client_id) = value(fields, "clientId") else {
        return (None, message);
    };
    let context = ClientContext {
        kind,
        client_id: client_id.to_owned(),
        group_id: value(fields, "groupId").map(str::to_owned),
        instance_id: value(fields, "instanceId").map(str::to_owned),
    };
    (Some(context), rest[end + 1..].trim_start())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_consumer_context_names_the_client_group_and_instance() {
        let (context, rest) =
            split_context("[Consumer instanceId=i-1, clientId=c-1, groupId=g] Member x");
        let context = context.expect("a context");
        assert_eq!(context.kind, ClientKind::Consumer);
        assert_eq!(context.client_id, "c-1");
        assert_eq!(context.group_id.as_deref(), Some("g"));
        assert_eq!(context.instance_id.as_deref(), Some("i-1"));
        assert_eq!(rest, "Member x");
    }

    #[test]
    fn other_brackets_and_broken_contexts_are_left_in_the_message() {
        for message in [
            "[GroupId g] x",
            "[Consumer clientId=c",
            "[Consumer groupId=g] x",
            "x",
        ] {
            let (context, rest) = split_context(message);
            assert!(context.is_none(), "{message}");
            assert_eq!(rest, message);
        }
        let (context, _) = split_context("[Producer clientId=p] Sent");
        assert_eq!(context.map(|c| c.kind), Some(ClientKind::Producer));
    }
}
