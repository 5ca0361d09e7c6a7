//! The serde bridge's entry points for either format and for files, named as the
//! plist crate names them, so that `plist::from_file` and `plist::to_file_xml` move
//! over with one changed path.

use std::io::{Read, Write};
use std::path::Path;

use ::serde::de::DeserializeOwned;
use ::serde::Serialize;

use super::{Bridge, Unbridge};
use crate::error::Error;

/// Decodes a plist of either format, binary or XML, into a `DeserializeOwned` type.
pub fn from_bytes<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
    crate::from_bytes::<Unbridge<T>>(bytes).map(|u| u.0)
}

/// Reads all of `reader`, then decodes it as [`from_bytes`] does.
pub fn from_reader<R: Read, T: DeserializeOwned>(reader: R) -> Result<T, Error> {
    crate::from_reader::<_, Unbridge<T>>(reader).map(|u| u.0)
}

/// Reads the file at `path`, binary or XML.
pub fn from_file<P: AsRef<Path>, T: DeserializeOwned>(path: P) -> Result<T, Error> {
    crate::from_file::<_, Unbridge<T>>(path).map(|u| u.0)
}

/// Writes a `Serialize` value as a binary plist to the file at `path`.
pub fn to_file<P: AsRef<Path>, T: Serialize + ?Sized>(path: P, value: &T) -> Result<(), Error> {
    crate::to_file(path, &Bridge(value))
}

/// Encodes a `Serialize` value as an XML plist, as CoreFoundation writes it.
#[cfg(feature = "xml")]
pub fn to_vec_xml<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    crate::to_vec_xml(&Bridge(value))
}

/// Encodes a `Serialize` value as an XML plist into an `io::Write`.
#[cfg(feature = "xml")]
pub fn to_writer_xml<W: Write, T: Serialize + ?Sized>(writer: W, value: &T) -> Result<(), Error> {
    crate::to_writer_xml(writer, &Bridge(value))
}

/// Writes a `Serialize` value as an XML plist to the file at `path`.
#[cfg(feature = "xml")]
pub fn to_file_xml<P: AsRef<Path>, T: Serialize + ?Sized>(path: P, value: &T) -> Result<(), Error> {
    crate::to_file_xml(path, &Bridge(value))
}
