//! The peers of a crate built on demand (`overhead_codegen::peers`: the
//! dialect's own crate, serde_fast_flatten for definitions that flatten), each
//! compiled in by a cargo feature of its own, so that a peer whose derive
//! rustc refuses is left out while ours and the other peers still build.
//!
//! Which peer rustc refuses is found by building without it, not foreseen
//! from the definitions' shapes: a derive refuses shapes its crate does not
//! list (serde_fast_flatten 0.1.3 writes a match pattern rustc refuses for a
//! field declared after a flattened one), and a refused build stops before
//! code generation. Measured on a webhook's definitions with that field: the
//! refused build took 0.3 s, the build that then succeeds 9 s; foreseeing
//! the shape would save the 0.3 s, for that one shape only.

use overhead_codegen::Peer;

use super::cargo::{self, BuildError, Built, RustcMessage};
use super::project::Project;

/// A build and the peers it was built without.
pub struct WithPeers {
    pub built: Built,
    /// The features it was built with.
    pub features: Vec<&'static str>,
    /// The peers left out, by crate name.
    pub left_out: Vec<&'static str>,
    /// Why each of them is left out, with rustc's first error.
    pub notes: Vec<String>,
}

/// The peers `definitions` compile (none when they do not parse: then rustc
/// refuses ours too, and says why).
pub fn of(definitions: &str) -> Vec<Peer> {
    syn::parse_file(definitions)
        .map(|file| overhead_codegen::peers(&file))
        .unwrap_or_default()
}

/// Builds `project` with as many of `peers` as rustc takes: all of them first
/// (the usual case, one build), then ever fewer, each set of a size before
/// any smaller one; the first set that builds is kept. Refused with ours alone,
/// the error is that build's: definitions rustc refuses take a build per set
/// (four with two peers), each stopped early.
pub fn build(
    project: &Project,
    peers: &[Peer],
    progress: &mut dyn FnMut(&str),
) -> Result<WithPeers, BuildError> {
    let mut refused: Vec<(Vec<bool>, Vec<RustcMessage>)> = Vec::new();
    for set in sets(peers.len()) {
        let features: Vec<&'static str> = kept(peers, &set).map(|p| p.feature).collect();
        let messages = match cargo::build(project, &features, progress) {
            Ok(built) => {
                let (left_out, notes) = left_out(peers, &set, &refused);
                return Ok(WithPeers {
                    built,
                    features,
                    left_out,
                    notes,
                });
            }
            Err(BuildError::Rustc(messages)) => messages,
            // cargo itself did not run to the end: building again would not help.
            Err(e) => return Err(e),
        };
        refused.push((set, messages));
    }
    let ours = refused.pop().map(|(_, m)| m).unwrap_or_default();
    Err(BuildError::Rustc(ours))
}

/// Every subset of `n` peers (`true`: built in), the largest first.
fn sets(n: usize) -> Vec<Vec<bool>> {
    let mut sets: Vec<Vec<bool>> = (0..1u32 << n)
        .map(|bits| (0..n).map(|i| bits & (1 << i) != 0).collect())
        .collect();
    // Stable: among sets of one size, the ones keeping earlier peers first.
    sets.sort_by_key(|set| {
        let size = set.iter().filter(|&&on| on).count();
        let order: Vec<bool> = set.iter().map(|on| !on).collect();
        (std::cmp::Reverse(size), order)
    });
    sets
}

fn kept<'a>(peers: &'a [Peer], set: &'a [bool]) -> impl Iterator<Item = &'a Peer> {
    peers.iter().zip(set).filter(|(_, on)| **on).map(|(p, _)| p)
}

/// The peers `set` leaves out, and a note for each. The build of `set` with
/// the peer added was refused (sets are tried largest first): rustc's first
/// error there is the peer's.
fn left_out(
    peers: &[Peer],
    set: &[bool],
    refused: &[(Vec<bool>, Vec<RustcMessage>)],
) -> (Vec<&'static str>, Vec<String>) {
    let mut names = Vec::new();
    let mut notes = Vec::new();
    for (i, peer) in peers.iter().enumerate().filter(|(i, _)| !set[*i]) {
        let mut with_it = set.to_vec();
        with_it[i] = true;
        let first = refused
            .iter()
            .find(|(tried, _)| *tried == with_it)
            .and_then(|(_, messages)| messages.iter().find(|m| m.level == "error"))
            .map(ToString::to_string)
            .unwrap_or_default();
        names.push(peer.name);
        notes.push(format!(
            "peers: {}'s derive refuses these definitions, so it is not timed ({first})",
            peer.name
        ));
    }
    (names, notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_go_from_every_peer_to_none_the_largest_first() {
        assert_eq!(sets(0), [Vec::<bool>::new()]);
        assert_eq!(sets(1), [vec![true], vec![false]]);
        assert_eq!(
            sets(2),
            [
                vec![true, true],
                vec![true, false],
                vec![false, true],
                vec![false, false]
            ]
        );
        let three = sets(3);
        assert_eq!(three.len(), 8);
        let sizes: Vec<usize> = three
            .iter()
            .map(|s| s.iter().filter(|&&on| on).count())
            .collect();
        assert_eq!(sizes, [3, 2, 2, 2, 1, 1, 1, 0]);
    }

    #[test]
    fn a_left_out_peer_is_said_with_the_first_error_of_the_build_that_added_it() {
        let peers = [
            Peer {
                feature: "peers",
                name: "validator",
            },
            Peer {
                feature: "flatten-peer",
                name: "serde_fast_flatten",
            },
        ];
        let message = |level: &str, text: &str| RustcMessage {
            level: level.into(),
            line: Some(4),
            column: Some(9),
            message: text.into(),
        };
        let refused = vec![(
            vec![true, true],
            vec![
                message("warning", "unused"),
                message("error", "expected a pattern, found an expression"),
            ],
        )];
        let (names, notes) = left_out(&peers, &[true, false], &refused);
        assert_eq!(names, ["serde_fast_flatten"]);
        assert_eq!(
            notes,
            [
                "peers: serde_fast_flatten's derive refuses these definitions, so it is not timed (4:9: error: expected a pattern, found an expression)"
            ]
        );
        assert_eq!(left_out(&peers, &[true, true], &refused).0.len(), 0);
    }
}
