//! The XML vocabulary that is needed without reading XML: how a document starts,
//! which tells the formats apart (the reader's own rules are in `xml/`).

/// Whether `bytes` start as XML text does: after an optional byte-order mark
/// (UTF-8, UTF-16 or UTF-32, either byte order) and whitespace, the first character
/// is `<`.
pub(crate) fn starts_as_text(bytes: &[u8]) -> bool {
    // (byte-order mark, unit size, big-endian)
    let (skip, unit, be) = match bytes {
        [0, 0, 0xFE, 0xFF, ..] => (4, 4, true),
        [0xFF, 0xFE, 0, 0, ..] => (4, 4, false),
        [0xEF, 0xBB, 0xBF, ..] => (3, 1, true),
        [0xFF, 0xFE, ..] => (2, 2, false),
        [0xFE, 0xFF, ..] => (2, 2, true),
        _ => (0, 1, true),
    };
    let first = bytes[skip..].chunks_exact(unit).map(|u| {
        let (lo, rest) = if be {
            (u[unit - 1], &u[..unit - 1])
        } else {
            (u[0], &u[1..])
        };
        rest.iter().all(|&b| b == 0).then_some(lo)
    });
    for c in first {
        match c {
            Some(b' ' | b'\t' | b'\n' | b'\r') => {}
            Some(b'<') => return true,
            _ => return false,
        }
    }
    false
}
