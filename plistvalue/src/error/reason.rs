//! The reasons some [`ErrorKind`](super::ErrorKind)s carry, as small enums a caller
//! can match on. Their `Display` is the text the error message shows.

/// Which of CoreFoundation's trailer rules a binary plist breaks, carried by
/// [`ErrorKind::InvalidTrailer`](super::ErrorKind::InvalidTrailer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TrailerRule {
    /// An offset-table entry is not 1 to 8 bytes wide.
    #[error("offset size must be 1 to 8 bytes")]
    OffsetSize,
    /// An object reference is not 1 to 8 bytes wide.
    #[error("reference size must be 1 to 8 bytes")]
    RefSize,
    /// The object count is 0: a file holds at least its top object.
    #[error("the object count is 0")]
    NoObjects,
    /// The object count or the offset table's offset does not fit `i64`.
    #[error("object count or offset-table offset above i64::MAX")]
    Overflow,
    /// The top object is not below the object count.
    #[error("the top object is not below the object count")]
    TopObject,
    /// The offset table starts inside the 8-byte header.
    #[error("the offset table starts inside the header")]
    TableInHeader,
    /// The offset table starts at or after the trailer.
    #[error("the offset table starts at or after the trailer")]
    TableAfterTrailer,
    /// The offset table does not end exactly where the trailer starts.
    #[error("the offset table does not end exactly where the trailer starts")]
    TableEnd,
    /// References too narrow to name every object.
    #[error("the reference size cannot address every object")]
    RefSizeTooSmall,
    /// Offsets too narrow to reach the offset table.
    #[error("the offset size cannot reach the offset table")]
    OffsetSizeTooSmall,
}

/// What is wrong with a count, width or payload length, carried by
/// [`ErrorKind::InvalidLength`](super::ErrorKind::InvalidLength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LengthRule {
    /// The object's payload runs past the object area into the offset table.
    #[error("the payload runs past the object area")]
    PastObjectArea,
    /// A count too large for the marker's nibble is not an integer object of 1, 2,
    /// 4 or 8 bytes.
    #[error("a long count must be an integer object of 1, 2, 4 or 8 bytes")]
    LongCount,
    /// A count above `i64::MAX`.
    #[error("count above i64::MAX")]
    CountTooLarge,
    /// A 16-byte integer outside `i64::MIN ..= u64::MAX`, the range of every plist
    /// integer type.
    #[error("16-byte integer outside i64::MIN ..= u64::MAX")]
    WideInteger,
}

/// What is wrong with a string's bytes, carried by
/// [`ErrorKind::InvalidString`](super::ErrorKind::InvalidString).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StringRule {
    /// UTF-16 text with a surrogate that has no partner, which no Rust string (and
    /// no UTF-8 text, so no XML plist) can hold.
    #[error("unpaired UTF-16 surrogate")]
    UnpairedSurrogate,
}

/// How a [`ToPlist`](crate::ToPlist) impl used the [`Encoder`](crate::Encoder)
/// wrongly, carried by [`ErrorKind::EncoderMisuse`](super::ErrorKind::EncoderMisuse).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Misuse {
    /// A container was opened and never closed.
    #[error("a container was opened and never closed")]
    Unclosed,
    /// Containers were closed out of order, or with another encoder's frame.
    #[error("containers were closed out of order, or by another encoder")]
    ClosedOutOfOrder,
    /// A dictionary was closed with a different number of keys and values.
    #[error("a dictionary needs as many keys as values")]
    OddDictionary,
    /// A child reference that is not an object of this encoder.
    #[error("a child is not an object of this encoder")]
    ForeignChild,
    /// A root reference that is not an object of this encoder.
    #[error("the root is not an object of this encoder")]
    ForeignRoot,
}

/// A serde `Serialize` or `Deserialize` impl that called the format out of order,
/// carried by [`ErrorKind::SerdeOrder`](super::ErrorKind::SerdeOrder).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CallOrder {
    /// `SerializeMap::serialize_value` before `serialize_key`.
    #[error("serialize_value called before serialize_key")]
    SerializeValueBeforeKey,
    /// `MapAccess::next_value` before `next_key`.
    #[error("next_value called before next_key")]
    NextValueBeforeKey,
    /// A visitor that stopped before a dictionary's end, which the plist crate's
    /// rules (`plistvalue::plist`) refuse, as an array left unread.
    #[error("the dictionary was not read to its end")]
    DictionaryNotReadToEnd,
}

/// Which of a decode's budgets ran out, carried by
/// [`ErrorKind::BudgetExceeded`](super::ErrorKind::BudgetExceeded); each is set in
/// [`Limits`](crate::Limits) per byte of input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Budget {
    /// Values produced ([`Limits::nodes_per_input_byte`](crate::Limits::nodes_per_input_byte)).
    #[error("node")]
    Nodes,
    /// Bytes copied out of the input ([`Limits::bytes_per_input_byte`](crate::Limits::bytes_per_input_byte)).
    #[error("byte")]
    Bytes,
    /// Heap a `PlistValue` decode allocates beyond the bytes copied
    /// ([`Limits::heap_per_input_byte`](crate::Limits::heap_per_input_byte)).
    #[error("heap")]
    Heap,
}
