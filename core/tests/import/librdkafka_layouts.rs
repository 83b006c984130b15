//! librdkafka's log in every layout it comes in: re-laid from the stderr layout as a Python
//! `logging` handler, .NET's and Go's default loggers and Node (its KafkaJS layer's default
//! logger, the `event.log` object, a JSON logger) write it, each is followed as the stderr one.

use super::librdkafka::librdkafka_log;
use kip848_core::import::librdkafka::follow::follow;

/// The stderr layout re-laid as a Python `logging` handler, .NET's default logger and Go's
/// `LogEvent` write it: the same consumers follow the same way.
#[test]
fn a_python_logging_layout_is_followed_as_the_stderr_one() {
    for file in [
        "v2.15.0-mock-second-join.log",
        "v2.15.0-mock-retriable.log",
        "v2.15.0-mock-max-poll.log",
    ] {
        let stderr = librdkafka_log(file);
        let a = follow(&stderr);
        let seen = |f: &kip848_core::import::librdkafka::follow::Followed| {
            f.log.iter().map(|o| o.seen.clone()).collect::<Vec<_>>()
        };
        // Python's logging and .NET's default logger keep the milliseconds: followed alike.
        for relaid in [relaid(&stderr, python), relaid(&stderr, dotnet)] {
            let b = follow(&relaid);
            assert_eq!(a.len(), b.len(), "{file}");
            for (x, y) in a.iter().zip(&b) {
                assert_eq!(x.handle, y.handle);
                assert!(y.agrees(), "{file} {}: {:?}", y.handle, y.differences);
                assert_eq!(seen(x), seen(y), "{file} {}", x.handle);
            }
        }
        // Go's LogEvent.String() keeps whole seconds: what the library did reads the same (the
        // heartbeat timer cannot be followed to the millisecond).
        let b = follow(&relaid(&stderr, go));
        assert_eq!(
            a.iter().map(seen).collect::<Vec<_>>(),
            b.iter().map(seen).collect::<Vec<_>>(),
            "{file}: Go's layout"
        );
    }
}

/// A stderr line's parts: level, seconds since 1970 and milliseconds, facility, handle, message.
type Parts<'a> = (&'a str, u64, &'a str, &'a str, &'a str, &'a str);

/// The stderr layout re-laid line by line by `lay` (lines of the harness and the mock too).
fn relaid(stderr: &str, lay: fn(Parts<'_>) -> String) -> String {
    stderr
        .lines()
        .filter_map(|line| {
            let mut parts = line.splitn(5, '|');
            let (level, at, fac, handle, message) = (
                parts.next()?,
                parts.next()?,
                parts.next()?,
                parts.next()?,
                parts.next()?,
            );
            let (seconds, millis) = at.split_once('.')?;
            Some(lay((
                level,
                seconds.parse().ok()?,
                millis,
                fac,
                handle,
                message.trim_start(),
            )))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn clock(s: u64) -> String {
    format!("{:02}:{:02}:{:02}", (s / 3600) % 24, (s / 60) % 60, s % 60)
}

/// confluent-kafka-dotnet's `Loggers.ConsoleLogger`: `Level|time|name|facility| message`.
fn dotnet((level, s, ms, fac, handle, message): Parts<'_>) -> String {
    format!(
        "{level}|2026-12-01 {}.{ms}|{handle}|{fac}| {message}",
        clock(s)
    )
}

/// confluent-kafka-go's `LogEvent.String()`: `[time][name][tag][level]message`, RFC 3339 seconds.
fn go((level, s, _, fac, handle, message): Parts<'_>) -> String {
    let level = level.trim_start_matches('%');
    format!(
        "[2026-12-01T{}Z][{handle}][{fac}][{level}]{message}",
        clock(s)
    )
}

/// What `logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s %(message)s")` writes
/// for what confluent-kafka's `logger=` handler receives, with the stderr layout's times.
fn python((_, s, ms, fac, handle, message): Parts<'_>) -> String {
    format!(
        "2026-12-01 {},{ms} DEBUG app {fac} [{handle}] {message}",
        clock(s)
    )
}

/// The stderr layout as Node prints it: the KafkaJS layer's default logger (`console.log` of
/// `{ message, fac, timestamp, name }`, one field a line), the `event.log` object printed on one
/// line (no time), and a JSON logger: the same consumers follow the same way.
#[test]
fn nodes_layouts_are_followed_as_the_stderr_one() {
    for file in ["v2.15.0-mock-second-join.log", "v2.15.0-mock-fenced.log"] {
        let stderr = librdkafka_log(file);
        let a = follow(&stderr);
        let seen = |f: &kip848_core::import::librdkafka::follow::Followed| {
            f.log.iter().map(|o| o.seen.clone()).collect::<Vec<_>>()
        };
        let says = |f: &kip848_core::import::librdkafka::follow::Followed| {
            f.coordinator
                .iter()
                .map(|c| (c.member_id.clone(), c.says))
                .collect::<Vec<_>>()
        };
        assert!(
            a.iter().any(|f| !says(f).is_empty()),
            "{file}: the mock's lines"
        );
        for relaid in [relaid(&stderr, kafkajs), relaid(&stderr, json)] {
            let b = follow(&relaid);
            assert_eq!(a.len(), b.len(), "{file}");
            for (x, y) in a.iter().zip(&b) {
                assert_eq!(x.handle, y.handle);
                assert!(y.agrees(), "{file} {}: {:?}", y.handle, y.differences);
                assert_eq!(seen(x), seen(y), "{file} {}", x.handle);
                // The mock coordinator's lines too (their numbers move with the records).
                assert_eq!(says(x), says(y), "{file} {}", x.handle);
            }
        }
        // Without times the timer cannot be followed: what the library did reads the same.
        let b = follow(&relaid(&stderr, event_log));
        assert_eq!(
            a.iter().map(seen).collect::<Vec<_>>(),
            b.iter().map(seen).collect::<Vec<_>>(),
            "{file}: the event.log object"
        );
    }
}

/// A string as Node's `util.inspect` quotes it.
fn js(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// The KafkaJS layer's `DefaultLogger.debug`: `console.log({ message, fac, timestamp, name })`.
fn kafkajs((_, s, ms, fac, handle, message): Parts<'_>) -> String {
    format!(
        "{{\n  message: {},\n  fac: {},\n  timestamp: {s}{ms},\n  name: {}\n}}",
        js(message),
        js(fac),
        js(handle)
    )
}

/// `consumer.on('event.log', (log) => console.log(log))`, short enough for one line.
fn event_log((level, _, _, fac, handle, message): Parts<'_>) -> String {
    format!(
        "{{ severity: {}, fac: {}, message: {}, name: {} }}",
        level.trim_start_matches('%'),
        js(fac),
        js(message),
        js(handle)
    )
}

/// A JSON logger (pino's field names) given the KafkaJS layer's fields.
fn json((_, s, ms, fac, handle, message): Parts<'_>) -> String {
    let q = |t: &str| serde_json::to_string(t).unwrap_or_default();
    format!(
        "{{\"level\":20,\"time\":{s}{ms},\"msg\":{},\"fac\":{},\"name\":{}}}",
        q(message),
        q(fac),
        q(handle)
    )
}
