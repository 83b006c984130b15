//! The tree of first arrivals: how each state was first reached (its node: the move from its
//! parent), the moves and inputs along a path from the empty group, and a state kept as its node
//! made again. A level runs in the order it was reached, which is its parents' order, so the
//! states made one after another share their ancestors: the path last made is kept, and each
//! ancestor is made again once a level.

use super::growth::vec_growth;
use super::moves::{Bounds, Move, Position};
use crate::group::{GroupConfig, GroupInput};
use crate::hunt::Schedule;
use crate::protocol::time::Millis;

/// A state's place in the tree: how it was first reached.
pub(super) struct Node {
    pub parent: u32,
    pub at: Millis,
    pub inputs: Vec<GroupInput>,
    pub perturbs: bool,
}

impl Node {
    fn the_move(&self) -> Move {
        Move {
            at: self.at,
            inputs: self.inputs.clone(),
            perturbs: self.perturbs,
        }
    }
}

pub(super) struct Tree {
    /// Node 0 is the empty group.
    nodes: Vec<Node>,
    /// The path last made again: each node on it and its group.
    path: Vec<(u32, Position)>,
}

impl Tree {
    pub fn new() -> Tree {
        Tree {
            nodes: vec![Node {
                parent: 0,
                at: Millis::ZERO,
                inputs: Vec::new(),
                perturbs: false,
            }],
            path: Vec::new(),
        }
    }

    /// Adds a node; its number.
    pub fn push(&mut self, node: Node) -> u32 {
        let id = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        self.nodes.push(node);
        id
    }

    /// The bytes its nodes would take next were `more` added (`super::growth`).
    pub fn growth_within(&self, more: usize) -> usize {
        vec_growth(&self.nodes, more)
    }

    /// Lets the path last made go.
    pub fn forget_path(&mut self) {
        self.path = Vec::new();
    }

    /// The nodes from the empty group (not included) to `node`.
    pub fn path_to(&self, node: u32) -> Vec<&Node> {
        self.ids_to(node)
            .into_iter()
            .filter_map(|id| self.nodes.get(id as usize))
            .collect()
    }

    /// The numbers of those nodes.
    fn ids_to(&self, node: u32) -> Vec<u32> {
        let mut ids = Vec::new();
        let mut at = node;
        while let Some(n) = self.nodes.get(at as usize).filter(|_| at != 0) {
            ids.push(at);
            at = n.parent;
        }
        ids.reverse();
        ids
    }

    /// The moves from the empty group to `node`, and where they lead.
    pub fn position_at(
        &self,
        node: u32,
        config: &GroupConfig,
        bounds: &Bounds,
    ) -> Option<(Vec<Move>, Position)> {
        let mut at = Position::start(config.clone());
        let mut taken = Vec::new();
        for n in self.path_to(node) {
            let mv = n.the_move();
            at = at.after(&mv, bounds)?;
            taken.push(mv);
        }
        Some((taken, at))
    }

    /// The inputs from the empty group to `node`.
    pub fn schedule_to(&self, node: u32, config: &GroupConfig) -> Schedule {
        let steps = self
            .path_to(node)
            .into_iter()
            .flat_map(|n| n.inputs.iter().map(|i| (n.at, i.clone())))
            .collect();
        Schedule {
            config: config.clone(),
            steps,
        }
    }

    /// The group at `node`, made again along the moves that first reached it, from the longest
    /// start of the path last made that leads there (the path starts at the empty group).
    pub fn remake(&mut self, node: u32, config: &GroupConfig, bounds: &Bounds) -> Option<Position> {
        let ids = self.ids_to(node);
        let (&leaf, ancestors) = ids.split_last()?;
        if self.path.is_empty() {
            self.path.push((0, Position::start(config.clone())));
        }
        let shared = self.path[1..]
            .iter()
            .zip(ancestors)
            .take_while(|((made, _), id)| made == *id)
            .count();
        self.path.truncate(shared + 1);
        let nodes = &self.nodes;
        let step =
            |from: &Position, id: u32| from.after(&nodes.get(id as usize)?.the_move(), bounds);
        for &id in &ancestors[shared..] {
            let next = step(&self.path.last()?.1, id)?;
            self.path.push((id, next));
        }
        step(&self.path.last()?.1, leaf)
    }
}
