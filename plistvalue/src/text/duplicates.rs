//! A dictionary's repeated keys, resolved as CoreFoundation's text parsers resolve
//! them (`CFDictionarySetValue` once per entry): the last value wins, at the first
//! key's place. The readers resolve duplicates while they fill the table, so the
//! binary reader, which would keep the first, never sees any.

use crate::writer::ObjRef;

/// Scratch space for [`Duplicates::merge`], kept across a document's dictionaries.
#[derive(Default)]
pub(crate) struct Duplicates {
    /// Per object index: 1 + the entry a key is at, while its dictionary is checked
    /// (large dictionaries only).
    marks: Vec<u32>,
}

impl Duplicates {
    /// Merges duplicate keys of the dictionary whose keys and values alternate in
    /// `kids[start..]` (and their text offsets in `at[start..]`), in place. Equal
    /// text is one interned object, so equal keys are equal indices. Returns the
    /// number of distinct entries left.
    pub(crate) fn merge(
        &mut self,
        kids: &mut Vec<ObjRef>,
        at: &mut Vec<u64>,
        start: usize,
    ) -> usize {
        let n = (kids.len() - start) / 2;
        let (k_all, a_all) = (&mut kids[start..], &mut at[start..]);
        let mut keep = 0;
        if n <= 16 {
            for i in 0..n {
                let k = k_all[2 * i];
                if let Some(j) = (0..keep).find(|&j| k_all[2 * j] == k) {
                    k_all[2 * j + 1] = k_all[2 * i + 1];
                    a_all[2 * j + 1] = a_all[2 * i + 1];
                } else {
                    k_all.copy_within(2 * i..2 * i + 2, 2 * keep);
                    a_all.copy_within(2 * i..2 * i + 2, 2 * keep);
                    keep += 1;
                }
            }
        } else {
            let marks = &mut self.marks;
            for i in 0..n {
                let k = k_all[2 * i].index() as usize;
                if marks.len() <= k {
                    marks.resize(k + 1, 0);
                }
                match marks[k] {
                    0 => {
                        marks[k] = keep as u32 + 1;
                        k_all.copy_within(2 * i..2 * i + 2, 2 * keep);
                        a_all.copy_within(2 * i..2 * i + 2, 2 * keep);
                        keep += 1;
                    }
                    m => {
                        let j = m as usize - 1;
                        k_all[2 * j + 1] = k_all[2 * i + 1];
                        a_all[2 * j + 1] = a_all[2 * i + 1];
                    }
                }
            }
            for j in 0..keep {
                marks[k_all[2 * j].index() as usize] = 0;
            }
        }
        kids.truncate(start + 2 * keep);
        at.truncate(start + 2 * keep);
        keep
    }
}
