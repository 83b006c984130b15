//! The multi-line reconciliation block, in each version's form:
//!
//! ```text
//! Reconciling assignment with local epoch 3          3.9+ (3.8.x: the member id here…)
//!     Member:                                    m-1     (…and the local epoch here)
//!     Assigned partitions:                       [orders-0, orders-1]
//!     Current owned partitions:                  [orders-0]
//!     Added partitions (assigned - owned):       [orders-1]
//!     Revoked partitions (owned - assigned):     []
//! ```
//!
//! 3.7 prints `Updating assignment with` and no member line, its assigned partitions as
//! `topicId:topic-partition`. (The value lines start with a tab in the log.) The lines may also arrive on one line, separated by tabs (a log
//! shipper that folded them).

use super::client::Malformed;
use super::event::{Block, BlockForm, Event};
use crate::import::read::partitions::{partition_list, Listed};
use crate::import::read::text::Record;
use crate::protocol::assignment::PartitionSet;

const FIRST: [(&str, BlockForm); 3] = [
    (
        "Reconciling assignment with local epoch",
        BlockForm::Reconciling,
    ),
    (
        "Updating assignment with local epoch",
        BlockForm::UpdatingLocalEpoch,
    ),
    ("Updating assignment with", BlockForm::Updating),
];

/// The value after `label` among the block's lines.
fn labelled<'a>(lines: &[&'a str], label: &str) -> Option<&'a str> {
    lines
        .iter()
        .find_map(|l| l.trim_start().strip_prefix(label))
        .map(str::trim)
}

fn set(lines: &[&str], label: &str, ids: &mut Vec<(String, String)>) -> Option<PartitionSet> {
    let Listed { set, ids: more } = partition_list(labelled(lines, label)?)?;
    ids.extend(more);
    Some(set)
}

/// The local epoch and member id, telling 3.8.x's swapped values by which one is a number.
fn epoch_and_member(
    form: BlockForm,
    first: &str,
    member: Option<&str>,
) -> (BlockForm, Option<i64>, Option<String>) {
    let first = first.trim();
    match (first.parse::<i64>(), member) {
        (Ok(epoch), member) => (form, Some(epoch), member.map(str::to_owned)),
        (Err(_), Some(m)) if m.parse::<i64>().is_ok() => (
            BlockForm::ReconcilingSwapped,
            m.parse().ok(),
            (!first.is_empty()).then(|| first.to_owned()),
        ),
        (Err(_), member) => (
            form,
            None,
            member
                .map(str::to_owned)
                .or_else(|| (!first.is_empty()).then(|| first.to_owned())),
        ),
    }
}

/// A reconciliation block, when the record is one.
pub(crate) fn block(record: &Record) -> Result<Option<Event>, Malformed> {
    let Some((form, first)) = FIRST
        .iter()
        .find_map(|(p, form)| record.message.strip_prefix(p).map(|rest| (*form, rest)))
    else {
        return Ok(None);
    };
    let mut pieces = first.split('\t');
    let first = pieces.next().unwrap_or_default();
    let lines: Vec<&str> = pieces
        .chain(record.more.iter().flat_map(|l| l.split('\t')))
        .collect();
    let (form, local_epoch, member_id) = epoch_and_member(form, first, labelled(&lines, "Member:"));
    let mut ids = Vec::new();
    let block = Block {
        form,
        local_epoch,
        member_id,
        assigned: set(&lines, "Assigned partitions:", &mut ids),
        owned: set(&lines, "Current owned partitions:", &mut ids),
        added: set(&lines, "Added partitions (assigned - owned):", &mut ids),
        revoked: set(&lines, "Revoked partitions (owned - assigned):", &mut ids),
        ids,
    };
    if block.assigned.is_none() && block.owned.is_none() {
        return Err(Malformed);
    }
    Ok(Some(Event::Block(block)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(first: &str, more: &[&str]) -> Record {
        Record {
            line: 1,
            at: None,
            level: None,
            logger: None,
            thread: None,
            context: None,
            message: first.to_owned(),
            more: more.iter().map(|l| l.to_string()).collect(),
            text: first.to_owned(),
        }
    }

    const LINES: [&str; 5] = [
        "\tMember:                                    ",
        "\tAssigned partitions:                       [orders-0, orders-1]",
        "\tCurrent owned partitions:                  [orders-0]",
        "\tAdded partitions (assigned - owned):       [orders-1]",
        "\tRevoked partitions (owned - assigned):     []",
    ];

    fn parsed(first: &str, member: &str) -> Block {
        let mut more = LINES.map(str::to_owned);
        more[0].push_str(member);
        let more: Vec<&str> = more.iter().map(String::as_str).collect();
        match block(&record(first, &more)) {
            Ok(Some(Event::Block(b))) => b,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_3_9_form_and_the_swapped_3_8_form_give_the_same_values() {
        let normal = parsed("Reconciling assignment with local epoch 3", "m-1");
        let swapped = parsed("Reconciling assignment with local epoch m-1", "3");
        assert_eq!(normal.form, BlockForm::Reconciling);
        assert_eq!(swapped.form, BlockForm::ReconcilingSwapped);
        for b in [&normal, &swapped] {
            assert_eq!(
                (b.local_epoch, b.member_id.as_deref()),
                (Some(3), Some("m-1"))
            );
            assert_eq!(
                b.assigned.as_ref().map(ToString::to_string).as_deref(),
                Some("orders-0, orders-1")
            );
            assert_eq!(b.added.as_ref().map(PartitionSet::len), Some(1));
        }
    }

    #[test]
    fn the_3_7_form_names_topic_ids_and_folded_lines_still_parse() {
        let b = match block(&record(
            "Updating assignment with\tAssigned partitions: [Tid:orders-0]\tCurrent owned partitions: []",
            &[],
        )) {
            Ok(Some(Event::Block(b))) => b,
            other => panic!("{other:?}"),
        };
        assert_eq!(b.form, BlockForm::Updating);
        assert_eq!(b.ids, vec![("Tid".to_owned(), "orders".to_owned())]);
        assert_eq!(b.owned, Some(PartitionSet::new()));
    }

    #[test]
    fn a_block_cut_before_its_partitions_is_malformed() {
        assert_eq!(
            block(&record("Reconciling assignment with local epoch 3", &[])),
            Err(Malformed)
        );
    }
}
