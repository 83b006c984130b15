//! Filling ordered maps and sets without a sort.
//!
//! `collect()` into a `BTreeMap` or `BTreeSet` buffers and stable-sorts its input first, which
//! compiles a whole sort for every element type: about 4 KB of wasm each, a dozen of them in the
//! group coordinator alone (`make bench`, the size floor). Inserting one by one needs none, and
//! these collections are small (members, topics).

/// `iter.tree()` where `iter.collect()` would fill a `BTreeMap` or `BTreeSet`.
pub(crate) trait CollectTree: Iterator + Sized {
    fn tree<C: Default + Extend<Self::Item>>(self) -> C {
        let mut tree = C::default();
        tree.extend(self);
        tree
    }
}

impl<I: Iterator> CollectTree for I {}
