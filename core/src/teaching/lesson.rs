//! Lessons: a scenario read note by note. The lesson's position is the latest narrated step at or
//! before the cursor ("note 3 of 9"); *Continue* plays on to the end of the next narrated step,
//! *Back* returns to the end of the previous one — a true step back to the state that note was
//! written for. Works on any list of steps, member or group.

/// Where a lesson is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lesson {
    /// 1-based number of the note on screen, 0 before the first note.
    pub note: usize,
    /// Notes in the session.
    pub of: usize,
    /// The step (1-based) of the note on screen.
    pub step: Option<usize>,
}

/// The narrated steps (1-based) of a session whose step `i` (0-based) has a note iff `noted(i)`.
pub fn noted_steps(len: usize, noted: impl Fn(usize) -> bool) -> Vec<usize> {
    (0..len).filter(|&i| noted(i)).map(|i| i + 1).collect()
}

/// The lesson at step `step` (steps applied).
pub fn lesson_at(noted: &[usize], step: usize) -> Lesson {
    let note = noted.iter().take_while(|&&s| s <= step).count();
    Lesson {
        note,
        of: noted.len(),
        step: note.checked_sub(1).map(|i| noted[i]),
    }
}

/// The step to go back to from `step`: the end of the note on screen if the cursor has moved on
/// from it, else the end of the previous note's step (or the start).
pub fn back_from(noted: &[usize], step: usize) -> usize {
    match lesson_at(noted, step).step {
        Some(s) if s < step => s,
        _ => noted
            .iter()
            .rev()
            .find(|&&s| s < step)
            .copied()
            .unwrap_or(0),
    }
}

/// The narrated step Continue plays to from `step`, if there is one ahead.
pub fn next_note(noted: &[usize], step: usize, at_step_end: bool) -> Option<usize> {
    noted
        .iter()
        .find(|&&s| s > step || (s == step && !at_step_end))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_counts_notes_and_steps_back_to_the_previous_one() {
        let noted = noted_steps(10, |i| [0, 3, 7].contains(&i));
        assert_eq!(noted, vec![1, 4, 8]);
        assert_eq!(
            lesson_at(&noted, 0),
            Lesson {
                note: 0,
                of: 3,
                step: None
            }
        );
        assert_eq!(
            lesson_at(&noted, 5),
            Lesson {
                note: 2,
                of: 3,
                step: Some(4)
            }
        );
        assert_eq!(back_from(&noted, 8), 4);
        assert_eq!(back_from(&noted, 6), 4);
        assert_eq!(back_from(&noted, 4), 1);
        assert_eq!(back_from(&noted, 1), 0);
        assert_eq!(next_note(&noted, 4, true), Some(8));
        assert_eq!(next_note(&noted, 4, false), Some(4));
        assert_eq!(next_note(&noted, 8, true), None);
    }
}
