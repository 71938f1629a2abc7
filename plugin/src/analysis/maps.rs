//! Maps keyed by cursor. Like the walker's other maps they hash with rustc-hash (`FxHashMap`):
//! the keys are libclang's AST node addresses, interned keys and names, none of them
//! attacker-chosen, so SipHash's cost buys nothing here.

use rustc_hash::FxHashMap;

use crate::libclang::{self as lc, Cursor};

/// A map keyed by cursor (by `clang_equalCursors`' rule, see [`lc::CursorIdentity`]).
pub(super) struct CursorMap<'tu, V> {
    entries: FxHashMap<lc::CursorIdentity, V>,
    _tu: std::marker::PhantomData<Cursor<'tu>>,
}

impl<V> Default for CursorMap<'_, V> {
    fn default() -> Self {
        CursorMap {
            entries: FxHashMap::default(),
            _tu: std::marker::PhantomData,
        }
    }
}

impl<'tu, V: Clone> CursorMap<'tu, V> {
    pub(super) fn get(&self, c: Cursor<'tu>) -> Option<V> {
        self.entries.get(&c.identity()).cloned()
    }

    pub(super) fn insert(&mut self, c: Cursor<'tu>, v: V) {
        self.entries.insert(c.identity(), v);
    }

    pub(super) fn get_or_insert_mut(&mut self, c: Cursor<'tu>, make: impl FnOnce() -> V) -> &mut V {
        self.entries.entry(c.identity()).or_insert_with(make)
    }

    pub(super) fn get_or_insert_with(&mut self, c: Cursor<'tu>, make: impl FnOnce() -> V) -> V {
        self.get_or_insert_mut(c, make).clone()
    }
}
