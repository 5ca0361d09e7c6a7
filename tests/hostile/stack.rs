//! `Limits::trusted()` keeps a depth limit that a 2 MiB thread
//! can hold, in a debug build as in a release build. The stack each level of a
//! typed decode takes is measured here (the distance between one level's frame and
//! the next), for the derive and for serde, and the limit must leave 256 KiB of a 2 MiB
//! thread to spare; then 256 levels are decoded on such a thread.

use std::cell::RefCell;

use plistvalue::{Error, ErrorKind, FromPlist, Limits, Node};
use plistvalue_suite::bplist::chain;

use crate::support::on_small_stack;

thread_local! {
    /// The address of a local of every level entered, outermost first.
    static FRAMES: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

fn mark() {
    let here = 0u8;
    FRAMES.with(|f| f.borrow_mut().push(std::ptr::addr_of!(here) as usize));
}

/// The stack bytes one level takes: the mean distance between the frames of
/// consecutive levels.
fn per_level(run: impl FnOnce()) -> usize {
    FRAMES.with(|f| f.borrow_mut().clear());
    run();
    let frames = FRAMES.with(|f| std::mem::take(&mut *f.borrow_mut()));
    assert!(frames.len() > 16, "only {} levels ran", frames.len());
    (frames[1].abs_diff(frames[frames.len() - 1])) / (frames.len() - 2)
}

/// A level of the derive's generated decode: a struct whose field is the next.
#[derive(plistvalue::FromPlist)]
struct DeriveLevel {
    #[plist(rename = "k")]
    #[allow(dead_code, reason = "decoded, then dropped")]
    next: Option<Box<DeriveProbe>>,
}

struct DeriveProbe(#[allow(dead_code, reason = "decoded, then dropped")] DeriveLevel);

impl<'a> FromPlist<'a> for DeriveProbe {
    fn from_plist(node: &Node<'_, 'a>) -> Result<DeriveProbe, Error> {
        mark();
        DeriveLevel::from_plist(node).map(DeriveProbe)
    }
}

/// A level of a serde-derived decode.
#[derive(serde::Deserialize)]
struct SerdeLevel {
    #[serde(rename = "k")]
    #[allow(dead_code, reason = "decoded, then dropped")]
    next: Option<Box<SerdeProbe>>,
}

struct SerdeProbe(#[allow(dead_code, reason = "decoded, then dropped")] SerdeLevel);

impl<'de> serde::Deserialize<'de> for SerdeProbe {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SerdeProbe, D::Error> {
        mark();
        SerdeLevel::deserialize(d).map(SerdeProbe)
    }
}

const TWO_MIB: usize = 2 << 20;

/// `Limits::trusted().max_depth`, which the error past it names.
const TRUSTED_DEPTH: usize = 256;

#[test]
fn trusted_depth_fits_a_2_mib_thread_by_measurement() {
    let depth = TRUSTED_DEPTH;
    on_small_stack(move || {
        let bytes = chain(depth as u64 - 1, true).build();
        let derive = per_level(|| {
            let r = plistvalue::from_slice_with_limits::<DeriveProbe>(&bytes, Limits::trusted());
            assert!(r.is_ok(), "{:?}", r.err());
        });
        let serde = per_level(|| {
            let r =
                plistvalue::serde::from_slice_with_limits::<SerdeProbe>(&bytes, Limits::trusted());
            assert!(r.is_ok(), "{:?}", r.err());
        });
        eprintln!("stack per level: derive {derive} bytes, serde {serde} bytes");
        for (path, bytes) in [("derive", derive), ("serde", serde)] {
            assert!(
                bytes * depth <= TWO_MIB / 8 * 7,
                "{path}: {depth} levels of {bytes} bytes leave less than 256 KiB of 2 MiB"
            );
        }
        // One level more is an error, not a deeper stack.
        let deeper = chain(depth as u64 + 1, true).build();
        let e = plistvalue::from_slice_with_limits::<DeriveProbe>(&deeper, Limits::trusted())
            .err()
            .expect("past the trusted depth");
        assert!(
            matches!(e.kind(), ErrorKind::DepthLimit(d) if *d == depth),
            "{e:?}"
        );
    });
}
