//! The public `Encoder` cannot be made to panic or drop
//! data, and no encode overflows the stack on a deep value. Misuse is an
//! `EncoderMisuse` error from `to_vec`; nesting past `MAX_ENCODE_DEPTH` is a
//! `DepthLimit` error, from the derive, the std impls and serde alike.

use plistvalue::error::Misuse;
use plistvalue::{Encoder, Error, ErrorKind, ObjRef, PlistValue, ToPlist, MAX_ENCODE_DEPTH};
use plistvalue_suite::bplist::chain;

use crate::support::on_small_stack;

/// A hand-written `ToPlist` that runs `f` on the encoder.
struct By(fn(&mut Encoder<'_>) -> ObjRef);

impl ToPlist for By {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok((self.0)(enc))
    }
}

fn misuse(f: fn(&mut Encoder<'_>) -> ObjRef) -> Misuse {
    match plistvalue::to_vec(&By(f))
        .expect_err("misuse encoded")
        .kind()
    {
        ErrorKind::EncoderMisuse(what) => *what,
        other => panic!("wrong kind: {other:?}"),
    }
}

#[test]
fn an_unpaired_dictionary_key_is_an_error_not_a_dropped_key() {
    let what = misuse(|enc| {
        let frame = enc.begin_dict();
        let k = enc.str("a");
        let v = enc.i64(1);
        let lone = enc.str("b");
        enc.child(k);
        enc.child(lone);
        enc.child(v);
        enc.end_dict(frame)
    });
    assert_eq!(what, Misuse::OddDictionary);
}

#[test]
fn frames_closed_out_of_order_are_an_error_not_a_panic() {
    let what = misuse(|enc| {
        let outer = enc.begin_array();
        let inner = enc.begin_array();
        let one = enc.i64(1);
        enc.child(one);
        let r = enc.end_array(outer);
        let _ = enc.end_array(inner);
        r
    });
    assert_eq!(what, Misuse::ClosedOutOfOrder);
}

#[test]
fn a_frame_left_open_is_an_error() {
    let what = misuse(|enc| {
        let outer = enc.begin_array();
        let _open = enc.begin_dict();
        let one = enc.i64(1);
        enc.child(one);
        enc.end_array(outer)
    });
    // The outer frame is not the innermost: it cannot close over the open one.
    assert_eq!(what, Misuse::ClosedOutOfOrder);
    let what = misuse(|enc| {
        let _open = enc.begin_dict();
        enc.str("x")
    });
    assert_eq!(what, Misuse::Unclosed);
}

/// A reference made by another document's encoder: the 1,000th object of a
/// document of 1,000 integers.
fn foreign_ref() -> ObjRef {
    thread_local!(static LAST: std::cell::Cell<Option<ObjRef>> = const { std::cell::Cell::new(None) });
    let bytes = plistvalue::to_vec(&By(|enc| {
        let frame = enc.begin_array();
        for i in 0..1000 {
            let r = enc.i64(i);
            enc.child(r);
            LAST.with(|l| l.set(Some(r)));
        }
        enc.end_array(frame)
    }))
    .expect("1,000 integers");
    assert!(!bytes.is_empty());
    LAST.with(std::cell::Cell::get).expect("a reference")
}

#[test]
fn a_reference_from_another_encoder_is_an_error() {
    let far = foreign_ref();
    thread_local!(static FAR: std::cell::Cell<Option<ObjRef>> = const { std::cell::Cell::new(None) });
    FAR.with(|f| f.set(Some(far)));
    let what = misuse(|enc| {
        let frame = enc.begin_array();
        enc.child(FAR.with(std::cell::Cell::get).unwrap());
        enc.end_array(frame)
    });
    assert_eq!(what, Misuse::ForeignChild);
    let what = misuse(|enc| {
        let _ = enc.i64(1);
        FAR.with(std::cell::Cell::get).unwrap()
    });
    assert_eq!(what, Misuse::ForeignRoot);
}

/// A recursive derived type: one dictionary per level.
#[derive(plistvalue::ToPlist, serde::Serialize)]
struct Link {
    next: Option<Box<Link>>,
}

impl Drop for Link {
    /// Iterative, so that dropping a deep chain cannot overflow either.
    fn drop(&mut self) {
        let mut next = self.next.take();
        while let Some(mut link) = next {
            next = link.next.take();
        }
    }
}

fn link_chain(depth: usize) -> Link {
    (0..depth).fold(Link { next: None }, |l, _| Link {
        next: Some(Box::new(l)),
    })
}

fn assert_depth_limit(r: Result<Vec<u8>, Error>) {
    let e = r.expect_err("a deep value encoded");
    assert!(
        matches!(e.kind(), ErrorKind::DepthLimit(MAX_ENCODE_DEPTH)),
        "wrong kind: {e:?}"
    );
}

#[test]
fn a_deep_derived_value_is_a_depth_error_on_a_2_mib_thread() {
    on_small_stack(|| {
        assert!(plistvalue::to_vec(&link_chain(MAX_ENCODE_DEPTH - 1)).is_ok());
        assert_depth_limit(plistvalue::to_vec(&link_chain(100_000)));
        assert_depth_limit(plistvalue::serde::to_vec(&link_chain(100_000)));
    });
}

/// A 100,000-deep file decodes into `PlistValue` (which does not recurse), and
/// then every serializer stops at the limit instead of overflowing the stack,
/// while `to_vec`, which walks the value without recursion, still writes it.
#[test]
fn a_deep_decoded_value_serializes_to_an_error_on_a_2_mib_thread() {
    on_small_stack(|| {
        let bytes = chain(100_000, false).build();
        let v: PlistValue = plistvalue::from_slice(&bytes).expect("untyped decodes any depth");
        assert_eq!(
            plistvalue::to_vec(&v).expect("the walk is iterative"),
            bytes
        );
        // `Serialize for PlistValue` counts its own levels, as it must for serializers
        // it does not know, and reports through serde's `custom`.
        let e = plistvalue::serde::to_vec(&v).expect_err("100,000 levels serialized");
        assert!(e.to_string().contains("limit of 512"), "{e}");
        let e = serde_json::to_vec(&v).expect_err("serde_json serialized 100,000 levels");
        assert!(e.to_string().contains("limit of 512"), "{e}");
        // Depth is counted per thread and given back: a shallow value still works.
        assert!(serde_json::to_vec(&plistvalue::plist!([[1]])).is_ok());
    });
}
