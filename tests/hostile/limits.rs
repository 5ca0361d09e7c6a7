//! The public `Limits` type: the defaults stop hostile input, and each limit can be
//! loosened for trusted input.

use plistvalue::error::Budget;
use plistvalue::{Document, ErrorKind, Limits, PlistValue};

use crate::support::{decode, Nest};
use plistvalue_suite::bplist::{ascii, bomb, chain, seq, Bplist};

/// Leaves of a tree, without recursion.
fn leaves(v: &PlistValue) -> u64 {
    let mut stack = vec![v];
    let mut n = 0;
    while let Some(v) = stack.pop() {
        match v.as_array() {
            Some(a) if !a.is_empty() => stack.extend(a),
            _ => n += 1,
        }
    }
    n
}

#[test]
fn trusted_limits_lift_the_node_budget() {
    // k = 16: 131,071 values from 158 bytes, over the default budget of 65,852.
    let bytes = bomb(16).build();
    assert!(matches!(
        decode(&bytes).unwrap_err().kind(),
        ErrorKind::BudgetExceeded {
            what: Budget::Nodes,
            ..
        }
    ));
    let v: PlistValue = plistvalue::from_slice_with_limits(&bytes, Limits::trusted()).unwrap();
    assert_eq!(leaves(&v), 1 << 16);
    let typed: Nest = plistvalue::from_slice_with_limits(&bytes, Limits::trusted()).unwrap();
    assert_eq!(typed.0.len(), 2);
    let raised = Limits::default().nodes_per_input_byte(10_000);
    assert!(plistvalue::from_slice_with_limits::<PlistValue>(&bytes, raised).is_ok());
}

#[test]
fn byte_budget_stops_a_shared_string_and_can_be_raised() {
    // 1,000 refs to one 10 kB string copy out 10 MB from an 11 kB file.
    let mut b = Bplist::new();
    b.ref_size = 2;
    b.offset_size = 2;
    b.push(&seq(0xA0, 2, &[1; 1_000]));
    b.push(&ascii(&[b'x'; 10_000]));
    let bytes = b.build();
    let e = decode(&bytes).unwrap_err();
    assert!(
        matches!(
            e.kind(),
            ErrorKind::BudgetExceeded {
                what: Budget::Bytes,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(e.offset(), Some(b.offset_of(1)));
    let raised = Limits::default().bytes_per_input_byte(1_000);
    let v: PlistValue = plistvalue::from_slice_with_limits(&bytes, raised).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 1_000);
}

#[test]
fn max_depth_can_be_lowered_and_raised() {
    let b = chain(300, false);
    let bytes = b.build();
    let low = Limits::default().max_depth(4);
    let doc = Document::with_limits(&bytes, low).unwrap();
    let e = doc.root().unwrap().decode::<Nest>().unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::DepthLimit(4)));
    assert_eq!(e.offset(), Some(b.offset_of(4)));
    // A deeper typed decode recurses, so give it a bigger stack than the default.
    let high = Limits::default().max_depth(1_000);
    let nest = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let depth = |mut n: &Nest| {
                let mut d = 0;
                while let Some(inner) = n.0.first() {
                    n = inner;
                    d += 1;
                }
                d
            };
            let nest: Nest = plistvalue::from_slice_with_limits(&bytes, high).unwrap();
            let d = depth(&nest);
            // `Nest`'s derived-style drop recurses too; this one is only 300 deep.
            drop(nest);
            d
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(nest, 300);
}
