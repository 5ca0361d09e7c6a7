//! One value out of a large file, without decoding the rest: the lazy `Document`
//! reads only the objects on the path to it.
//!
//! ```sh
//! cargo run --release --example one_field                      # a 200,000-entry log it builds
//! cargo run --release --example one_field -- FILE /a/0/b       # any file, by JSON pointer
//! ```

use plistvalue::{Document, FromPlist, PlistValue, ToPlist};

/// One entry of the log this example builds.
#[derive(Debug, ToPlist, FromPlist)]
struct Request {
    url: String,
    status: u16,
    body: Vec<u8>,
}

#[derive(ToPlist)]
struct Log {
    requests: Vec<Request>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args_os().skip(1);
    let file = args.next();
    let (bytes, pointer) = match &file {
        Some(file) => (
            std::fs::read(file)?,
            args.next()
                .map_or(String::new(), |p| p.to_string_lossy().into_owned()),
        ),
        None => (
            plistvalue::to_vec(&log(200_000))?,
            "/requests/150000".into(),
        ),
    };

    // The lazy reader reads binary plists in place; an XML file is converted to
    // binary bytes first (one pass over the text, and the only copy).
    let binary = plistvalue::to_binary(&bytes)?;
    let doc = Document::from_slice(&binary)?;

    // By JSON pointer, as a tree: only the objects on the path and below it are read.
    let Some(node) = doc.pointer(&pointer)? else {
        return Err(format!("nothing at {pointer:?}").into());
    };
    let value: PlistValue = node.decode()?;
    println!("{pointer}: {value}");
    println!("(a file of {} objects, {} bytes)", doc.len(), bytes.len());

    // Into a type, by pointer: an error names the path where the value did not fit.
    if file.is_none() {
        let request: Request = doc.decode_at("/requests/150000")?;
        let status: u16 = doc.decode_at("/requests/7/status")?;
        println!(
            "{} ({} bytes), status {status}",
            request.url,
            request.body.len()
        );

        // Or step by step, each step reading one object.
        let requests = doc.root()?.get("requests")?.ok_or("no requests")?;
        let request = requests.at(99)?.ok_or("fewer than 100 requests")?;
        let url = request.get("url")?.ok_or("a request without a url")?;
        println!("requests[99].url = {}", url.to_str()?);
    }
    Ok(())
}

/// A log of `n` requests, each with its own body.
fn log(n: u32) -> Log {
    let requests = (0..n)
        .map(|i| Request {
            url: format!("https://example.com/items/{i}"),
            status: if i % 17 == 0 { 404 } else { 200 },
            body: i.to_le_bytes().repeat(16),
        })
        .collect();
    Log { requests }
}
