//! The walker's hash maps: its keys are libclang's cursor identities, interned keys and names,
//! none of them attacker-chosen.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use crate::libclang::{self as lc, Cursor};

/// FNV-1a: the walker's maps are keyed by libclang's cursor hashes, interned keys and names,
/// none of them attacker-chosen, so SipHash's cost buys nothing here.
#[derive(Default)]
pub(super) struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

pub(super) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;

pub(super) type FastSet<K> = HashSet<K, BuildHasherDefault<Fnv>>;

/// A map keyed by cursor (by `clang_equalCursors`' rule, see [`lc::CursorIdentity`]).
pub(super) struct CursorMap<'tu, V> {
    entries: HashMap<lc::CursorIdentity, V, BuildHasherDefault<WordHasher>>,
    _tu: std::marker::PhantomData<Cursor<'tu>>,
}

impl<V> Default for CursorMap<'_, V> {
    fn default() -> Self {
        CursorMap {
            entries: HashMap::default(),
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

/// Hasher for keys made of machine words (cursor identities): one multiply-rotate per word.
/// The words are AST node addresses, which differ in their middle bits; the rotation brings
/// those to the top bits hashbrown uses for its tags.
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}
