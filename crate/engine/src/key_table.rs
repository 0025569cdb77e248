//! A struct's keys (or an enum's variant names), found without calling
//! `memcmp` for most of them: a key is compared by its length and two integers
//! that hold every byte of a key of up to sixteen bytes; only longer keys that
//! match there compare their bytes.

#[derive(Debug, Default)]
pub struct KeyTable {
    entries: Vec<KeyEntry>,
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
    }

    /// The slot of the field `key` names.
    #[inline]
    pub fn find(&self, key: &str) -> Option<usize> {
        self.find_near(key, 0).map(|(slot, _)| slot)
    }

    /// The slot of the field `key` names and the entry to try first for the
    /// next key. Keys mostly arrive in the order the fields are declared, so the
    /// entry after the last one found is tried before the others.
    #[inline]
    pub fn find_near(&self, key: &str, hint: usize) -> Option<(usize, usize)> {
        let bytes = key.as_bytes();
        let len = bytes.len();
        let (head, tail) = words(bytes);
        let matches = |e: &KeyEntry| {
            e.len == len && e.head == head && e.tail == tail && (len <= 16 || e.key == key)
        };
        if let Some(e) = self.entries.get(hint).filter(|e| matches(e)) {
            return Some((e.slot, hint + 1));
        }
        self.entries
            .iter()
            .position(matches)
            .map(|i| (self.entries[i].slot, i + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::KeyTable;

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
            // Found first from any hint.
            for hint in 0..keys.len() + 1 {
                assert_eq!(
                    table.find_near(key, hint).map(|(s, _)| s),
                    Some(slot),
                    "{key:?}"
                );
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
}
