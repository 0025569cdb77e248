//! A struct's keys (or an enum's variant names), found without calling
//! `memcmp` for most of them: a key is compared by its length and two integers
//! that hold every byte of a key of up to sixteen bytes; only longer keys that
//! match there compare their bytes.
//!
//! A table of at most eight keys compares them one after another, in the
//! order the struct declares them (most inputs write them in that order):
//! cheaper than hashing for so few (user-signup decodes 1.5% fewer
//! instructions, an api-payload from a `serde_json::Value`, whose keys come
//! sorted, 1.8%). In a larger table, which entry to compare is found by a hash
//! of those integers, chosen for the table's keys so that no two of them share
//! a place (a perfect hash), as the match serde's derive writes finds a key
//! whatever the order of the input's keys: a key the input left out sent the
//! old lookup, which tried the entry after the last one found, through every
//! entry (an api-payload from a `Value` spent a tenth of its decode there).

use std::sync::OnceLock;

#[derive(Debug, Default)]
pub struct KeyTable {
    entries: Vec<KeyEntry>,
    /// The perfect hash of the keys, made when a key is first looked up
    /// (`None` when none was found: keys longer than sixteen bytes that
    /// share their length and their first and last eight bytes, found then
    /// by comparing each entry).
    index: OnceLock<Option<HashIndex>>,
    /// For each entry, the entry whose key sorts next (the number of
    /// entries past the last); at the end, the entry whose key sorts first.
    /// The guess of a reader whose keys come sorted, as a
    /// `serde_json::Map`'s do (see [`first_sorted`](Self::first_sorted));
    /// made when first asked for, so that only such a reader carries it.
    sorted_next: OnceLock<Box<[usize]>>,
}

#[derive(Debug)]
struct KeyEntry {
    len: usize,
    head: u64,
    tail: u64,
    key: &'static str,
    slot: usize,
}

/// A perfect hash of a table's keys: each key's place in `places` holds
/// its entry.
#[derive(Debug)]
struct HashIndex {
    multiplier: u64,
    shift: u32,
    places: Box<[u16]>,
}

/// The most keys a table compares one after another rather than through
/// its hash.
const LINEAR: usize = 8;

/// A place that holds no entry.
const EMPTY: u16 = u16::MAX;

/// Odd multipliers to try, each spreading the key's bits differently.
const MULTIPLIERS: [u64; 8] = [
    0x9E37_79B9_7F4A_7C15,
    0xC2B2_AE3D_27D4_EB4F,
    0x1656_67B1_9E37_79F9,
    0xD6E8_FEB8_6659_FD93,
    0xA076_1D64_78BD_642F,
    0xE703_7ED1_A0B4_28DB,
    0x8EBC_6AF0_9C88_C6E3,
    0x5899_65CC_7537_4CC3,
];

impl HashIndex {
    #[inline]
    fn place(multiplier: u64, shift: u32, len: usize, head: u64, tail: u64) -> usize {
        let mixed = head ^ tail.rotate_left(29) ^ (len as u64).rotate_left(53);
        (mixed.wrapping_mul(multiplier) >> shift) as usize
    }

    /// A hash with no two keys in one place: tables of twice the keys, then
    /// larger, each tried with every multiplier.
    fn build(entries: &[KeyEntry]) -> Option<HashIndex> {
        if entries.len() >= usize::from(EMPTY) {
            return None;
        }
        let least = (entries.len() * 2)
            .max(2)
            .next_power_of_two()
            .trailing_zeros();
        for bits in least..least + 4 {
            let shift = 64 - bits;
            for multiplier in MULTIPLIERS {
                let mut places = vec![EMPTY; 1 << bits].into_boxed_slice();
                let free = entries.iter().enumerate().all(|(i, e)| {
                    let place = &mut places[Self::place(multiplier, shift, e.len, e.head, e.tail)];
                    let free = *place == EMPTY;
                    *place = i as u16;
                    free
                });
                if free {
                    return Some(HashIndex {
                        multiplier,
                        shift,
                        places,
                    });
                }
            }
        }
        None
    }

    /// The entry that `key` can be, if any.
    #[inline]
    fn entry(&self, len: usize, head: u64, tail: u64) -> Option<usize> {
        let place = Self::place(self.multiplier, self.shift, len, head, tail);
        match self.places.get(place) {
            Some(&i) if i != EMPTY => Some(usize::from(i)),
            _ => None,
        }
    }
}

/// Two integers that, with the length, tell keys of up to sixteen bytes apart:
/// the first and last eight bytes (overlapping below sixteen); below eight, the
/// first and last four, or the first, middle and last byte. Fixed-size loads
/// only: a byte loop or a variable-length copy (`memcpy`) would cost more than
/// the compare.
#[inline]
fn words(key: &[u8]) -> (u64, u64) {
    let len = key.len();
    if let (Some(first), Some(last)) = (key.first_chunk::<8>(), key.last_chunk::<8>()) {
        (u64::from_le_bytes(*first), u64::from_le_bytes(*last))
    } else if let (Some(first), Some(last)) = (key.first_chunk::<4>(), key.last_chunk::<4>()) {
        let (first, last) = (u32::from_le_bytes(*first), u32::from_le_bytes(*last));
        (u64::from(first) | u64::from(last) << 32, 0)
    } else if len > 0 {
        let byte = |i: usize| u64::from(key[i]);
        (byte(0) | byte(len / 2) << 8 | byte(len - 1) << 16, 0)
    } else {
        (0, 0)
    }
}

impl KeyTable {
    pub fn insert(&mut self, key: &'static str, slot: usize) {
        let (head, tail) = words(key.as_bytes());
        self.entries.push(KeyEntry {
            len: key.len(),
            head,
            tail,
            key,
            slot,
        });
        // Made again, with this key, when a key is next looked up.
        self.index = OnceLock::new();
        self.sorted_next = OnceLock::new();
    }

    /// [`sorted_next`](Self::sorted_next)'s entries. The keys are put in
    /// order by insertion (a table holds a struct's keys and aliases, a few
    /// dozen at most), not by `sort`: the analyzer's module, which compiles
    /// plans on every edit, would carry a sort of its own for it.
    fn sorted_next(&self) -> &[usize] {
        self.sorted_next.get_or_init(|| {
            let n = self.entries.len();
            let mut order: Vec<usize> = Vec::with_capacity(n);
            for (i, entry) in self.entries.iter().enumerate() {
                let at = order.partition_point(|&j| self.entries[j].key <= entry.key);
                order.insert(at, i);
            }
            let mut next = vec![n; n + 1];
            for pair in order.windows(2) {
                next[pair[0]] = pair[1];
            }
            next[n] = order.first().copied().unwrap_or(0);
            next.into_boxed_slice()
        })
    }

    /// The entry whose key sorts first: the guess for a map's first key
    /// when its keys come sorted.
    #[inline]
    pub fn first_sorted(&self) -> usize {
        self.sorted_next().last().copied().unwrap_or(0)
    }

    /// The entry whose key sorts after `entry`'s: the guess for the key
    /// after it when keys come sorted (past the last entry at the end,
    /// which no key is).
    #[inline]
    pub fn sorted_after(&self, entry: usize) -> usize {
        self.sorted_next().get(entry).copied().unwrap_or(usize::MAX)
    }

    /// The slot of entry `entry` when `key` is its key: one compare, kept
    /// inline.
    #[inline]
    fn slot_if(&self, entry: usize, key: &str) -> Option<usize> {
        let e = self.entries.get(entry)?;
        let bytes = key.as_bytes();
        if e.len != bytes.len() {
            return None;
        }
        let (head, tail) = words(bytes);
        (e.head == head && e.tail == tail && (e.len <= 16 || e.key == key)).then_some(e.slot)
    }

    /// The field `key` names, trying entry `expected` first: a reader that
    /// passes the entry after the last one found finds most keys by one
    /// compare, since inputs write a struct's keys in the order it declares
    /// them, which is the table's. Any other guess costs that compare and
    /// is then looked up as [`find`](Self::find) does.
    #[inline]
    pub fn find_expecting(&self, key: &str, expected: usize) -> Option<Found> {
        if let Some(slot) = self.slot_if(expected, key) {
            return Some(Found {
                slot,
                entry: expected,
            });
        }
        self.find_entry(key).map(|(entry, e)| Found {
            slot: e.slot,
            entry,
        })
    }

    /// The slot of the field `key` names.
    #[inline]
    pub fn find(&self, key: &str) -> Option<usize> {
        self.find_entry(key).map(|(_, e)| e.slot)
    }

    /// The entry of `key`, with its place. Not `#[inline]`: each codegen
    /// unit that calls it would carry its own copy of it (four in the page's
    /// module), which LLVM calls rather than inlines anyway.
    fn find_entry(&self, key: &str) -> Option<(usize, &KeyEntry)> {
        let bytes = key.as_bytes();
        let len = bytes.len();
        let (head, tail) = words(bytes);
        let matches = |e: &KeyEntry| {
            e.len == len && e.head == head && e.tail == tail && (len <= 16 || e.key == key)
        };
        // A few keys: compared one after another, no hash.
        if self.entries.len() <= LINEAR {
            return self.entries.iter().enumerate().find(|(_, e)| matches(e));
        }
        match self.index.get_or_init(|| HashIndex::build(&self.entries)) {
            Some(index) => index
                .entry(len, head, tail)
                .and_then(|i| self.entries.get(i).map(|e| (i, e)))
                .filter(|(_, e)| matches(e)),
            None => self.entries.iter().enumerate().find(|(_, e)| matches(e)),
        }
    }
}

/// A key found: its field's slot, and its entry (the next entry is the
/// guess to pass [`KeyTable::find_expecting`] for the key after it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    pub slot: usize,
    pub entry: usize,
}

#[cfg(test)]
mod tests {
    use super::{KeyTable, LINEAR};

    #[test]
    fn finds_each_key_of_every_length_and_no_other() {
        let keys: Vec<&'static str> = [
            "",
            "a",
            "ab",
            "ba",
            "abc",
            "acb",
            "abcd",
            "abce",
            "abcdefg",
            "abcdefh",
            "abcdefgh",
            "abcdefgi",
            "abcdefghi",
            "abcdefghj",
            "abcdefghijklmnop",
            "abcdefghijklmnoq",
            "abcdefghijklmnopq",
            "abcdefghijklmnopr",
            "abcdefghXjklmnopq",
        ]
        .to_vec();
        let mut table = KeyTable::default();
        for (slot, key) in keys.iter().enumerate() {
            table.insert(key, slot);
        }
        for (slot, key) in keys.iter().enumerate() {
            assert_eq!(table.find(key), Some(slot), "{key:?}");
        }
        for other in [
            "b",
            "abd",
            "abcf",
            "abcdefgj",
            "abcdefghk",
            "abcdefghijklmnoz",
            "bbcdefghijklmnopq",
        ] {
            assert_eq!(table.find(other), None, "{other:?}");
        }
    }

    #[test]
    fn keys_a_hash_cannot_tell_apart_are_found_by_their_bytes() {
        // Same length, same first and last eight bytes: no hash of those
        // tells them apart, so the table compares bytes — in a table of a
        // few keys (compared one by one) and in one past `LINEAR` (hashed).
        let fillers: Vec<&'static str> = (0..LINEAR)
            .map(|i| &*Box::leak(format!("filler_{i}").into_boxed_str()))
            .collect();
        for extra in [&[][..], &fillers[..]] {
            let mut table = KeyTable::default();
            let keys = ["abcdefgh1234ijklmnop", "abcdefgh5678ijklmnop", "id"];
            for (slot, key) in keys.into_iter().chain(extra.iter().copied()).enumerate() {
                table.insert(key, slot);
            }
            assert_eq!(table.find("abcdefgh5678ijklmnop"), Some(1));
            assert_eq!(table.find("abcdefgh1234ijklmnop"), Some(0));
            assert_eq!(table.find("id"), Some(2));
            assert_eq!(table.find("abcdefgh0000ijklmnop"), None);
            // Hashed only past `LINEAR` keys, and then found no perfect hash.
            assert_eq!(table.index.get().is_some(), !extra.is_empty());
            assert!(table.index.get().is_none_or(Option::is_none));
        }
    }

    #[test]
    fn an_entry_answers_only_for_its_own_key() {
        let mut table = KeyTable::default();
        let keys = [
            "num1",
            "num2",
            "a_key_longer_than_sixteen_1",
            "a_key_longer_than_sixteen_2",
        ];
        for (slot, key) in keys.into_iter().enumerate() {
            table.insert(key, slot + 10);
        }
        for (entry, key) in keys.into_iter().enumerate() {
            assert_eq!(table.slot_if(entry, key), Some(entry + 10), "{key}");
            // Any other entry, or none, says no: the caller then looks it up.
            for other in (0..keys.len() + 1).filter(|&other| other != entry) {
                assert_eq!(table.slot_if(other, key), None, "{key} at {other}");
            }
        }
        assert_eq!(table.slot_if(0, "num"), None);
    }

    #[test]
    fn a_key_added_after_a_lookup_is_found() {
        let mut table = KeyTable::default();
        table.insert("name", 0);
        assert_eq!(table.find("email"), None);
        table.insert("email", 1);
        assert_eq!(table.find("email"), Some(1));
        assert_eq!(table.find("name"), Some(0));
        // A struct's keys in any order, each through the hash.
        let keys: Vec<String> = (0..128).map(|i| format!("field_{i}")).collect();
        let mut table = KeyTable::default();
        for (slot, key) in keys.iter().enumerate() {
            table.insert(Box::leak(key.clone().into_boxed_str()), slot);
        }
        for (slot, key) in keys.iter().enumerate().rev() {
            assert_eq!(table.find(key), Some(slot));
        }
        assert!(table.index.get().is_some_and(Option::is_some));
    }

    /// A reader of sorted keys (a `serde_json::Map`'s) guesses each key
    /// from the last: the guesses walk the keys in sorted order, one
    /// compare each, and end past the last entry.
    #[test]
    fn the_sorted_guesses_walk_the_keys_in_order() {
        let declared = ["userName", "age", "email", "zip", "city", "addressLine"];
        let mut table = KeyTable::default();
        for (slot, key) in declared.iter().enumerate() {
            table.insert(key, slot);
        }
        let mut sorted = declared.to_vec();
        sorted.sort();
        let mut expected = table.first_sorted();
        for key in sorted {
            let found = table
                .find_expecting(key, expected)
                .expect("a key of the table");
            assert_eq!(found.entry, expected, "{key} was not the guess");
            expected = table.sorted_after(found.entry);
        }
        assert_eq!(expected, declared.len(), "past the last entry");
        assert!(table.find_expecting("userName", expected).is_some());
    }
}
