//! How many bytes a check's tables would take next: a table that outgrows its room moves to one
//! twice the size, the old one held until it is copied. A check of three members grows its tables
//! by gigabytes at a time, so a memory limit read after the move is passed by as much (a limit of
//! 18 GB was found held at 21.6 GB): the command line's limit reads this before.

use std::collections::HashMap;
use std::mem::size_of;

/// The bytes `map` takes in a move to more room, if `more` entries put into it would need one.
pub(super) fn map_growth<K, V>(map: &HashMap<K, V>, more: usize) -> usize {
    if map.len() + more <= map.capacity() {
        return 0;
    }
    let needed = (map.len() + more).saturating_mul(8) / 7;
    let buckets = (2 * buckets(map.capacity())).max(needed.next_power_of_two());
    buckets * (size_of::<(K, V)>() + 1)
}

/// The buckets behind a map's capacity: a power of two, at most 7/8 full once past 8 (each
/// bucket with a control byte).
fn buckets(capacity: usize) -> usize {
    match capacity {
        0 => 2,
        1..8 => capacity + 1,
        _ => capacity / 7 * 8,
    }
}

/// The bytes `vec` takes in a move to more room, if `more` elements pushed would need one.
pub(super) fn vec_growth<T>(vec: &Vec<T>, more: usize) -> usize {
    if vec.len() + more <= vec.capacity() {
        return 0;
    }
    (vec.capacity() * 2).max(vec.len() + more).max(4) * size_of::<T>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What it says a table would take is at least what the table then took, and nothing while
    /// the table has room.
    #[test]
    fn a_table_about_to_grow_is_said_to_take_what_it_then_takes() {
        let mut map: HashMap<u128, u64> = HashMap::new();
        let mut vec: Vec<(u32, u128)> = Vec::new();
        for i in 0..200_000u32 {
            let (map_says, vec_says) = (map_growth(&map, 1), vec_growth(&vec, 1));
            let (map_room, vec_room) = (map.capacity(), vec.capacity());
            map.insert(u128::from(i), 0);
            vec.push((i, 0));
            if map.capacity() == map_room {
                assert_eq!(map_says, 0, "map at {i}");
            } else {
                let taken = buckets(map.capacity()) * (size_of::<(u128, u64)>() + 1);
                assert!(map_says >= taken && map_says <= 2 * taken, "map at {i}");
            }
            if vec.capacity() == vec_room {
                assert_eq!(vec_says, 0, "vec at {i}");
            } else {
                assert_eq!(
                    vec_says,
                    vec.capacity() * size_of::<(u32, u128)>(),
                    "vec at {i}"
                );
            }
        }
    }
}
