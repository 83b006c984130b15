//! The learner's progress, apart from the actions on it: the session holds it without importing
//! the quiz's actions.

use std::collections::BTreeSet;

/// The learner's progress through a quiz.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QuizState {
    /// The step whose questions are on screen, before it is shown.
    pub asking: Option<usize>,
    /// Which of its questions is on screen.
    pub question: usize,
    /// The choice checked for it (its feedback is then shown).
    pub checked: Option<usize>,
    /// Steps whose questions are answered: they play freely now.
    pub done: BTreeSet<usize>,
    /// Every answer: (step, question, right).
    pub answers: Vec<(usize, usize, bool)>,
}

impl QuizState {
    pub fn right(&self) -> usize {
        self.answers.iter().filter(|a| a.2).count()
    }
}
