//! docs/OPENSTEP.md's reading rules, case by case: each input's expected tree or
//! error, and CF's parser model (`../shared/tools/openstep.py`) reading the same
//! bytes to the same tree or refusing them, except where the doc says plistvalue is
//! stricter.

use plistvalue::{plist, ErrorKind, OpenStepError, PlistValue};
use plistvalue_suite::differential::openstep::{self, Answer};

/// What a case must give.
enum Want {
    Tree(PlistValue),
    Error(fn(&OpenStepError) -> bool),
    /// Our error where CF (and the model) read a tree: docs/OPENSTEP.md's
    /// "(stricter)" rules.
    Stricter(fn(&OpenStepError) -> bool),
}

use Want::{Error, Stricter, Tree};

fn s(text: &str) -> PlistValue {
    PlistValue::String(text.to_owned())
}

fn data(bytes: &[u8]) -> PlistValue {
    PlistValue::Data(bytes.to_vec())
}

fn nested(open: &str, close: &str, n: usize) -> Vec<u8> {
    [open.repeat(n), close.repeat(n)].concat().into_bytes()
}

fn utf16(be: bool, text: &str) -> Vec<u8> {
    let bom: [u8; 2] = if be { [0xFE, 0xFF] } else { [0xFF, 0xFE] };
    bom.into_iter()
        .chain(
            text.encode_utf16()
                .flat_map(move |u| if be { u.to_be_bytes() } else { u.to_le_bytes() }),
        )
        .collect()
}

fn utf32(be: bool, text: &str) -> Vec<u8> {
    let bom: [u8; 4] = if be {
        [0, 0, 0xFE, 0xFF]
    } else {
        [0xFF, 0xFE, 0, 0]
    };
    bom.into_iter()
        .chain(text.chars().flat_map(move |c| {
            let c = c as u32;
            if be {
                c.to_be_bytes()
            } else {
                c.to_le_bytes()
            }
        }))
        .collect()
}

/// `{ k = VALUE; }` with the value's text.
fn dict_of(value: &str) -> Vec<u8> {
    format!("{{ k = {value}; }}").into_bytes()
}

fn k(v: PlistValue) -> PlistValue {
    plist!({ "k": v })
}

type Case = (&'static str, Vec<u8>, Want);

/// R1: encodings.
fn encodings() -> Vec<Case> {
    use OpenStepError as E;
    vec![
        (
            "UTF-8 BOM",
            b"\xEF\xBB\xBF{ a = b; }".to_vec(),
            Tree(plist!({ "a": "b" })),
        ),
        (
            "UTF-8 BOM alone",
            b"\xEF\xBB\xBF".to_vec(),
            Error(|e| *e == E::Empty),
        ),
        ("empty", b"".to_vec(), Error(|e| *e == E::Empty)),
        (
            "UTF-16LE BOM",
            utf16(false, "{ a = \"é😀\"; }"),
            Tree(plist!({ "a": "é😀" })),
        ),
        (
            "UTF-16BE BOM",
            utf16(true, "\"k\" = \"v\";"),
            Tree(plist!({ "k": "v" })),
        ),
        (
            "UTF-32LE BOM",
            utf32(false, "( x, \"ü\" )"),
            Tree(plist!(["x", "ü"])),
        ),
        ("UTF-32BE BOM", utf32(true, "( x )"), Tree(plist!(["x"]))),
        (
            "UTF-16 without BOM",
            "{ a = b; }"
                .encode_utf16()
                .flat_map(u16::to_be_bytes)
                .collect(),
            Error(|e| *e == E::NoByteOrderMark),
        ),
        (
            "invalid UTF-8 in a string",
            b"{ a = \"\xC3\x28\"; }".to_vec(),
            Error(|e| matches!(e, E::BadEncoding(_))),
        ),
        (
            "invalid UTF-8 in a comment",
            b"{ /* \xFF */ a = b; }".to_vec(),
            Error(|e| matches!(e, E::BadEncoding(_))),
        ),
        (
            "overlong UTF-8",
            b"{ a = \"\xC0\xAF\"; }".to_vec(),
            Error(|e| matches!(e, E::BadEncoding(_))),
        ),
        (
            "U+FEFF inside",
            "{ a = b;\u{FEFF} }".as_bytes().to_vec(),
            Error(|e| matches!(e, E::ExpectedDictEnd('\u{FEFF}'))),
        ),
        (
            "U+2028 and U+2029 separate",
            "{\u{2028}a\u{2029}=\u{2028}b;}".as_bytes().to_vec(),
            Tree(plist!({ "a": "b" })),
        ),
    ]
}

/// R2: the document's shape.
fn shapes() -> Vec<Case> {
    use OpenStepError as E;
    vec![
        (
            "only whitespace",
            b" \t\r\n\x0B\x0C ".to_vec(),
            Tree(plist!({})),
        ),
        (
            "only comments",
            b"// a\n/* b */ // c".to_vec(),
            Tree(plist!({})),
        ),
        ("a bare string", b"hello".to_vec(), Tree(s("hello"))),
        (
            "a quoted string",
            b" 'hello world' ".to_vec(),
            Tree(s("hello world")),
        ),
        (
            "a .strings body",
            b"\"a\" = \"b\";\nc = d;\n\"e\";".to_vec(),
            Tree(plist!({ "a": "b", "c": "d", "e": "e" })),
        ),
        (
            ".strings values of any type",
            b"a = (1, 2); b = { c = <00>; };".to_vec(),
            Tree(plist!({ "a": ["1", "2"], "b": { "c": data(&[0]) } })),
        ),
        (
            "junk after a container",
            b"( a ) b".to_vec(),
            Error(|e| *e == E::Junk('b')),
        ),
        (
            "junk after data",
            b"<00> b".to_vec(),
            Error(|e| *e == E::Junk('b')),
        ),
        (
            "a string and junk",
            b"\"s\" junk".to_vec(),
            Error(|e| *e == E::ExpectedKeySeparator('j')),
        ),
        (
            ".strings body and }",
            b"a = b; }".to_vec(),
            Stricter(|e| *e == E::Junk('}')),
        ),
    ]
}

/// R3, R4: whitespace and comments.
fn comments() -> Vec<Case> {
    use OpenStepError as E;
    vec![
        (
            "/* open after the value",
            b"( a ) /* open".to_vec(),
            Tree(plist!(["a"])),
        ),
        (
            "/* open inside a dictionary",
            b"{ a = b; /* open".to_vec(),
            Error(|e| *e == E::Eof("a dictionary")),
        ),
        (
            "// at the end, no newline",
            b"( a ) // end".to_vec(),
            Tree(plist!(["a"])),
        ),
        (
            "/*/ does not close",
            b"( /*/ */ a )".to_vec(),
            Tree(plist!(["a"])),
        ),
        (
            "a//b is one string",
            b"( a//b, a /* c */ )".to_vec(),
            Tree(plist!(["a//b", "a"])),
        ),
        (
            "// ends at CR and U+2028",
            "( a, // x\rb, // y\u{2028}c )".as_bytes().to_vec(),
            Tree(plist!(["a", "b", "c"])),
        ),
        (
            "a lone / starts a string",
            b"( / , /usr/lib )".to_vec(),
            Tree(plist!(["/", "/usr/lib"])),
        ),
        (
            "a comment inside data",
            b"<00 /* x */ 01>".to_vec(),
            Error(|e| *e == E::BadData('/')),
        ),
    ]
}

/// R5, R6: unquoted and quoted strings.
fn strings() -> Vec<Case> {
    use OpenStepError as E;
    vec![
        (
            "unquoted characters",
            b"( A-z_0$9/:., -3, 1.5, . )".to_vec(),
            Tree(plist!(["A-z_0$9/:.", "-3", "1.5", "."])),
        ),
        (
            "c++ is GNUstep's",
            b"( c++ )".to_vec(),
            Error(|e| *e == E::ExpectedArraySeparator('+')),
        ),
        (
            "non-ASCII is not unquoted",
            "( é )".as_bytes().to_vec(),
            Error(|e| *e == E::ExpectedArrayEnd('é')),
        ),
        (
            "single quotes",
            b"( 'a\"b', \"a'b\" )".to_vec(),
            Tree(plist!(["a\"b", "a'b"])),
        ),
        (
            "raw controls kept",
            b"\"a\0b\rc\r\nd\te\"".to_vec(),
            Tree(s("a\0b\rc\r\nd\te")),
        ),
        (
            "unterminated string",
            [b"\"".as_slice(), &[b'x'; 1000]].concat(),
            Error(|e| *e == E::Eof("a quoted string")),
        ),
        (
            "mismatched quotes",
            b"'abc\"".to_vec(),
            Error(|e| *e == E::Eof("a quoted string")),
        ),
        (
            "backslash at the end",
            b"\"a\\".to_vec(),
            Error(|e| *e == E::Eof("a backslash escape")),
        ),
    ]
}

/// R7: escapes.
fn escapes() -> Vec<Case> {
    use OpenStepError as E;
    vec![
        ("\\0", dict_of(r#""\0""#), Tree(k(s("\0")))),
        ("\\00", dict_of(r#""\00""#), Tree(k(s("\0")))),
        ("\\000", dict_of(r#""\000""#), Tree(k(s("\0")))),
        ("\\0000", dict_of(r#""\0000""#), Tree(k(s("\u{0}0")))),
        ("\\400 wraps to 0", dict_of(r#""\400""#), Tree(k(s("\0")))),
        ("\\101 is A", dict_of(r#""\101""#), Tree(k(s("A")))),
        ("\\200 is NBSP", dict_of(r#""\200""#), Tree(k(s("\u{A0}")))),
        (
            "\\351 is Ø in NeXTSTEP",
            dict_of(r#""\351""#),
            Tree(k(s("Ø"))),
        ),
        ("\\375 is ÿ", dict_of(r#""\375""#), Tree(k(s("ÿ")))),
        (
            "\\376 has no character",
            dict_of(r#""\376""#),
            Error(|e| *e == E::BadOctalEscape(0o376)),
        ),
        (
            "\\377 has no character",
            dict_of(r#""\377""#),
            Error(|e| *e == E::BadOctalEscape(0o377)),
        ),
        (
            "\\777 is 0377",
            dict_of(r#""\777""#),
            Error(|e| *e == E::BadOctalEscape(0o377)),
        ),
        ("\\U alone", dict_of(r#""\U""#), Tree(k(s("\0")))),
        ("\\U4", dict_of(r#""\U4""#), Tree(k(s("\u{4}")))),
        ("\\U0041x", dict_of(r#""\U0041x""#), Tree(k(s("Ax")))),
        (
            "\\U00e9 either case",
            dict_of(r#""\U00e9\U00E9""#),
            Tree(k(s("éé"))),
        ),
        (
            "a surrogate pair",
            dict_of(r#""\UD83D\UDE00""#),
            Tree(k(s("😀"))),
        ),
        (
            "a lone high surrogate",
            dict_of(r#""\UD83D""#),
            Error(|e| *e == E::LoneSurrogate(0xD83D)),
        ),
        (
            "a high surrogate, then text",
            dict_of(r#""\UD83Dx""#),
            Error(|e| *e == E::LoneSurrogate(0xD83D)),
        ),
        (
            "a lone low surrogate",
            dict_of(r#""\UDE00\UD83D""#),
            Error(|e| *e == E::LoneSurrogate(0xDE00)),
        ),
        ("\\x41 is x41", dict_of(r#""\x41""#), Tree(k(s("x41")))),
        ("\\\\", dict_of(r#""\\""#), Tree(k(s("\\")))),
        ("\\'", dict_of(r#""\'""#), Tree(k(s("'")))),
        ("\\\"", dict_of(r#""\"""#), Tree(k(s("\"")))),
        (
            "backslash and LF",
            dict_of("\"a\\\nb\""),
            Tree(k(s("a\nb"))),
        ),
        (
            "the C escapes",
            dict_of(r#""\a\b\f\n\r\t\v""#),
            Tree(k(s("\u{7}\u{8}\u{C}\n\r\t\u{B}"))),
        ),
        ("\\ before é", dict_of("\"\\é\""), Tree(k(s("é")))),
        ("\\u is u", dict_of(r#""\u0041""#), Tree(k(s("u0041")))),
    ]
}

/// R8–R10: values, arrays, dictionaries.
fn structure() -> Vec<Case> {
    use OpenStepError as E;
    vec![
        (
            "GNUstep's <*I5>",
            b"( <*I5> )".to_vec(),
            Error(|e| *e == E::GnustepExtension),
        ),
        (
            "GNUstep's <*BY>",
            dict_of("<*BY>"),
            Error(|e| *e == E::GnustepExtension),
        ),
        (
            "GNUstep's <[AAEC]>",
            dict_of("<[AAEC]>"),
            Error(|e| *e == E::GnustepExtension),
        ),
        (
            "a value that is none",
            dict_of("+"),
            Error(|e| *e == E::ExpectedValue('+')),
        ),
        ("empty array", b"()".to_vec(), Tree(plist!([]))),
        ("a trailing comma", b"( a, )".to_vec(), Tree(plist!(["a"]))),
        (
            "two commas",
            b"( a,, b )".to_vec(),
            Error(|e| *e == E::ExpectedArrayEnd(',')),
        ),
        (
            "no comma",
            b"( a b )".to_vec(),
            Error(|e| *e == E::ExpectedArraySeparator('b')),
        ),
        (
            "a comma alone",
            b"(,)".to_vec(),
            Error(|e| *e == E::ExpectedArrayEnd(',')),
        ),
        (
            "an unclosed array",
            b"( a".to_vec(),
            Error(|e| *e == E::Eof("an array")),
        ),
        ("empty dictionary", b"{}".to_vec(), Tree(plist!({}))),
        (
            "no last semicolon",
            b"{ a = b }".to_vec(),
            Error(|e| *e == E::MissingSemicolon('}')),
        ),
        (
            "key; is key = key",
            b"{ a; \"b c\"; }".to_vec(),
            Tree(plist!({ "a": "a", "b c": "b c" })),
        ),
        (
            "a semicolon alone",
            b"{ ; }".to_vec(),
            Error(|e| *e == E::ExpectedDictEnd(';')),
        ),
        (
            "an array key",
            b"{ (a) = b; }".to_vec(),
            Error(|e| *e == E::ExpectedDictEnd('(')),
        ),
        (
            "no key",
            b"{ = b; }".to_vec(),
            Error(|e| *e == E::ExpectedDictEnd('=')),
        ),
        (
            "no semicolon at the end",
            b"a = b".to_vec(),
            Error(|e| *e == E::Eof("a dictionary entry")),
        ),
        (
            "a repeated key",
            b"{ a = 1; b = 2; a = 3; }".to_vec(),
            Tree(plist!({ "a": "3", "b": "2" })),
        ),
        (
            "JSON's colon",
            b"{\"a\": 1}".to_vec(),
            Error(|e| matches!(e, E::Json(_))),
        ),
        (
            "JSON's bracket",
            b"[1, 2]".to_vec(),
            Error(|e| matches!(e, E::Json(_))),
        ),
    ]
}

/// R12, R14, R15, R17: depth, data, controls, types.
fn depth_and_data() -> Vec<Case> {
    use OpenStepError as E;
    vec![
        ("512 nested arrays", nested("(", ")", 512), Tree(nest(512))),
        (
            "513 nested arrays",
            nested("(", ")", 513),
            Error(|e| *e == E::TooDeep(512)),
        ),
        (
            "513 dictionaries, the last empty",
            [b"{a=".repeat(512), b"{}".to_vec(), b";}".repeat(512)].concat(),
            Tree(nest_dict(513)),
        ),
        (
            "514 dictionaries",
            [b"{a=".repeat(513), b"{}".to_vec(), b";}".repeat(513)].concat(),
            Error(|e| *e == E::TooDeep(512)),
        ),
        (
            "data",
            b"<0fBD 12\n34\t56\r78>".to_vec(),
            Tree(data(&[0x0F, 0xBD, 0x12, 0x34, 0x56, 0x78])),
        ),
        ("empty data", b"<>".to_vec(), Tree(data(&[]))),
        ("data of spaces", b"< >".to_vec(), Tree(data(&[]))),
        (
            "an odd digit",
            b"<0fb>".to_vec(),
            Error(|e| *e == E::OddData),
        ),
        (
            "a pair split",
            b"<0 a>".to_vec(),
            Error(|e| *e == E::OddData),
        ),
        (
            "a non-hex digit",
            b"<0g>".to_vec(),
            Error(|e| *e == E::OddData),
        ),
        (
            "< at the end",
            b"( <".to_vec(),
            Error(|e| *e == E::Eof("<data>")),
        ),
        (
            "VT inside data",
            b"<00\x0B01>".to_vec(),
            Error(|e| *e == E::BadData('\u{B}')),
        ),
        (
            "U+2028 inside data",
            "<00\u{2028}01>".as_bytes().to_vec(),
            Tree(data(&[0, 1])),
        ),
        (
            "NUL between tokens",
            b"{ a = b;\0 }".to_vec(),
            Error(|e| *e == E::ExpectedDictEnd('\0')),
        ),
        (
            "NUL first",
            b"\0{}".to_vec(),
            Error(|e| *e == E::NoByteOrderMark),
        ),
        (
            "NUL after a space",
            b"  \0".to_vec(),
            Error(|e| *e == E::ExpectedValue('\0')),
        ),
        (
            "no numbers or booleans",
            b"( 1, -2.5, YES, 2024-01-01 )".to_vec(),
            Tree(plist!(["1", "-2.5", "YES", "2024-01-01"])),
        ),
    ]
}

fn cases() -> Vec<Case> {
    [
        encodings,
        shapes,
        comments,
        strings,
        escapes,
        structure,
        depth_and_data,
    ]
    .into_iter()
    .flat_map(|group| group())
    .collect()
}

/// `n` arrays, each the only element of the one around it.
fn nest(n: usize) -> PlistValue {
    (1..n).fold(plist!([]), |inner, _| plist!([inner]))
}

/// `n` dictionaries, each the value of key `a` in the one around it.
fn nest_dict(n: usize) -> PlistValue {
    (1..n).fold(plist!({}), |inner, _| plist!({ "a": inner }))
}

#[test]
fn each_rule_reads_as_stated_and_as_cfs_model_reads_it() {
    // The notation parser and the tree comparison recurse once per level (a few KiB
    // a level in a debug build), and a case nests 513 dictionaries.
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(check_every_case)
        .unwrap()
        .join()
        .unwrap();
}

fn check_every_case() {
    let cases = cases();
    let models = match openstep::tools() {
        Some(tools) => {
            let dir = tempfile::tempdir().unwrap();
            let inputs: Vec<&[u8]> = cases.iter().map(|c| c.1.as_slice()).collect();
            Some(openstep::parse_bytes(dir.path(), &tools, &inputs))
        }
        None => None,
    };
    let mut failures = Vec::new();
    for (i, (name, input, want)) in cases.iter().enumerate() {
        let ours = plistvalue::from_bytes::<PlistValue>(input);
        let mine = match (want, &ours) {
            (Tree(t), Ok(v)) if v == t => Ok(()),
            (Error(f) | Stricter(f), Err(e)) => match e.kind() {
                ErrorKind::OpenStep(k) if f(k) && e.line().is_some() => Ok(()),
                _ => Err(format!("the wrong error: {e}")),
            },
            (_, r) => Err(format!("read {r:?}")),
        };
        if let Err(why) = mine {
            failures.push(format!("{name}: {why}"));
        }
        let Some(model) = models.as_ref().map(|m| &m[i]) else {
            continue;
        };
        let agreed = match want {
            Stricter(_) => match model {
                Answer::Ok(_) => Ok(()),
                other => Err(format!("the model was to read it (CF does): {other:?}")),
            },
            _ => openstep::agree(&ours, model),
        };
        if let Err(why) = agreed {
            failures.push(format!("{name}, against the model: {why}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_octal_escape_reads_as_the_model_reads_it() {
    let Some(tools) = openstep::tools() else {
        return;
    };
    let inputs: Vec<Vec<u8>> = (0..0o400)
        .map(|v| dict_of(&format!("\"\\{v:03o}\"")))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let refs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    let models = openstep::parse_bytes(dir.path(), &tools, &refs);
    for (input, model) in inputs.iter().zip(&models) {
        let ours = plistvalue::from_bytes::<PlistValue>(input);
        if let Err(why) = openstep::agree(&ours, model) {
            panic!("{}: {why}", String::from_utf8_lossy(input));
        }
    }
}

#[test]
fn errors_name_the_line_and_column_in_bytes_of_the_text() {
    let text = "{\n\ta = b;\r\n\tc = \"é\" d;\n}";
    let e = plistvalue::from_bytes::<PlistValue>(text.as_bytes()).unwrap_err();
    assert!(matches!(
        e.kind(),
        ErrorKind::OpenStep(OpenStepError::MissingSemicolon('d'))
    ));
    // Line 3 after CRLF; the column counts the two bytes of é.
    assert_eq!((e.line(), e.column()), (Some(3), Some(11)), "{e}");
    assert_eq!(e.offset(), Some(text.find(" d").unwrap() as u64 + 1));
    assert!(
        e.to_string()
            .ends_with("(line 3, column 11, byte offset 21)"),
        "{e}"
    );
    // In UTF-16 input the offset counts UTF-16 bytes, after the byte-order mark.
    let wide = utf16(false, "( a b )");
    let e = plistvalue::from_bytes::<PlistValue>(&wide).unwrap_err();
    assert_eq!(
        (e.line(), e.column(), e.offset()),
        (Some(1), Some(5), Some(2 + 2 * 4))
    );
}
