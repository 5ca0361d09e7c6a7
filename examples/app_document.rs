//! An app's document as a typed model: saved as a binary and as an XML property
//! list, and read back from either without saying which.
//!
//! ```sh
//! cargo run --example app_document          # writes into the temporary folder
//! cargo run --example app_document -- DIR   # writes into DIR
//! ```

use std::path::PathBuf;

use plistvalue::{Date, Format, FromPlist, ToPlist};

/// The document. Keys are camelCase in the file, as a Swift app's `Codable` writes
/// them; `Option` fields that are `None` leave their key out.
#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "camelCase")]
struct Library {
    name: String,
    created: Date,
    books: Vec<Book>,
    /// `Vec<u8>` is written as data, not as an array of numbers.
    cover_thumbnail: Vec<u8>,
    /// A key a newer version added: files without it still read.
    #[plist(default)]
    sort_order: SortOrder,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "camelCase")]
struct Book {
    title: String,
    author: String,
    pages: u32,
    rating: Option<f64>,
    status: Status,
}

/// An enum with data: each case is a one-key dictionary, as Swift writes it
/// (`{"reading": {"page": 112}}`, and `{"wishlist": {}}` for a case without values).
#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "camelCase")]
enum Status {
    Wishlist,
    Reading { page: u32 },
    Finished { on: Date },
}

/// An enum of unit variants only is a bare string, as a Swift `String` enum is.
#[derive(Debug, Default, PartialEq, ToPlist, FromPlist)]
enum SortOrder {
    #[default]
    Title,
    Author,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(std::env::temp_dir, PathBuf::from);
    let library = Library {
        name: "Home".into(),
        created: "2024-03-01T09:30:00Z".parse()?,
        books: vec![
            Book {
                title: "The Dispossessed".into(),
                author: "Ursula K. Le Guin".into(),
                pages: 387,
                rating: Some(4.5),
                status: Status::Finished {
                    on: "2024-04-12T21:05:00Z".parse()?,
                },
            },
            Book {
                title: "Middlemarch".into(),
                author: "George Eliot".into(),
                pages: 880,
                rating: None,
                status: Status::Reading { page: 112 },
            },
            Book {
                title: "Piranesi".into(),
                author: "Susanna Clarke".into(),
                pages: 272,
                rating: None,
                status: Status::Wishlist,
            },
        ],
        cover_thumbnail: vec![0x89, b'P', b'N', b'G'],
        sort_order: SortOrder::Author,
    };

    let binary = dir.join("library.plist");
    let xml = dir.join("library.xml.plist");
    plistvalue::to_file(&binary, &library)?; // bplist00, the smaller and faster one
    plistvalue::to_file_xml(&xml, &library)?; // byte for byte as CoreFoundation writes it

    // `from_file` detects the format, so the app reads whatever the user has.
    for path in [&binary, &xml] {
        let bytes = std::fs::read(path)?;
        let back: Library = plistvalue::from_bytes(&bytes)?;
        assert_eq!(back, library);
        let format = Format::detect(&bytes).expect("one of ours");
        println!("{}: {format:?}, {} bytes", path.display(), bytes.len());
    }
    let back: Library = plistvalue::from_file(&xml)?;
    assert_eq!(back.books[1].status, Status::Reading { page: 112 });

    println!("\n{}", std::fs::read_to_string(&xml)?);
    Ok(())
}
