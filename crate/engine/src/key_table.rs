//! A struct's keys (or an enum's variant names), found without calling
//! `memcmp` for most of them: a key is compared by its length and two integers
//! that hold every byte of a key of up to sixteen bytes; only longer keys that
//! match there compare their bytes.

#[derive(Debug, Default)]
pub struct KeyTable {
    entries: Vec<KeyEntry>,
    /// For each entry, the entry whose key follows it in byte order
    /// (`usize::MAX` for the last); then the first in byte order.
    sorted_next: Vec<usize>,
    sorted_first: usize,
    /// The entries in byte order, kept as they are inserted.
    order: Vec<usize>,
}

/// Where to look first for the next key of a map: after the last key found
/// in declaration order (keys as written by serde, or by a person), and after
/// it in byte order (a `serde_json::Value` map is a `BTreeMap`).
#[derive(Debug, Clone, Copy)]
pub struct KeyHint {
    declared: usize,
    sorted: usize,
}

#[derive(Debug)]
struct KeyEntry {
    len: usize,
    head: u64,
    tail: u64,
    key: &'static str,
    slot: usize,
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
        // Linked in byte order between its neighbours (the plan is built on
        // every edit: no re-sort per key).
        let new = self.entries.len() - 1;
        let at = self.order.partition_point(|&i| self.entries[i].key < key);
        self.sorted_next
            .push(self.order.get(at).copied().unwrap_or(usize::MAX));
        match at.checked_sub(1) {
            Some(before) => self.sorted_next[self.order[before]] = new,
            None => self.sorted_first = new,
        }
        self.order.insert(at, new);
    }

    /// The hint for a map's first key.
    #[inline]
    pub fn first_hint(&self) -> KeyHint {
        KeyHint {
            declared: 0,
            sorted: self.sorted_first,
        }
    }

    /// The slot of the field `key` names.
    #[inline]
    pub fn find(&self, key: &str) -> Option<usize> {
        self.find_near(key, self.first_hint()).map(|(slot, _)| slot)
    }

    /// The slot of the field `key` names and where to look first for the
    /// next key. Keys mostly arrive in the order the fields are declared, or
    /// sorted: the entries after the last one found in either order are
    /// tried before the others.
    #[inline]
    pub fn find_near(&self, key: &str, hint: KeyHint) -> Option<(usize, KeyHint)> {
        let bytes = key.as_bytes();
        let len = bytes.len();
        let (head, tail) = words(bytes);
        let matches = |e: &KeyEntry| {
            e.len == len && e.head == head && e.tail == tail && (len <= 16 || e.key == key)
        };
        let found = |i: usize| {
            (
                self.entries[i].slot,
                KeyHint {
                    declared: i + 1,
                    sorted: self.sorted_next[i],
                },
            )
        };
        if self.entries.get(hint.declared).is_some_and(matches) {
            return Some(found(hint.declared));
        }
        if self.entries.get(hint.sorted).is_some_and(matches) {
            return Some(found(hint.sorted));
        }
        self.entries.iter().position(matches).map(found)
    }
}

#[cfg(test)]
mod tests {
    use super::{KeyHint, KeyTable};

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
            // Found from any hint.
            for declared in 0..keys.len() + 1 {
                for sorted in 0..keys.len() + 1 {
                    assert_eq!(
                        table
                            .find_near(key, KeyHint { declared, sorted })
                            .map(|(s, _)| s),
                        Some(slot),
                        "{key:?}"
                    );
                }
            }
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
    fn keys_in_declaration_or_byte_order_are_each_found_first_try() {
        let mut table = KeyTable::default();
        for (slot, key) in ["zeta", "alpha", "mid", "beta"].into_iter().enumerate() {
            table.insert(key, slot);
        }
        // Found at the hinted entry: the hint moves on to the entry after it.
        let mut hint = table.first_hint();
        for (key, slot) in [("zeta", 0), ("alpha", 1), ("mid", 2), ("beta", 3)] {
            let (found, next) = table.find_near(key, hint).expect("found");
            assert_eq!(found, slot);
            hint = next;
        }
        let mut hint = table.first_hint();
        for (key, slot) in [("alpha", 1), ("beta", 3), ("mid", 2), ("zeta", 0)] {
            assert!(
                table.entries.get(hint.sorted).is_some_and(|e| e.key == key),
                "{key} is where the sorted hint points"
            );
            let (found, next) = table.find_near(key, hint).expect("found");
            assert_eq!(found, slot);
            hint = next;
        }
    }
}
