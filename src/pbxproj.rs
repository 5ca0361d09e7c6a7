//! A generated Xcode `project.pbxproj` of any size, in Xcode's own layout (header
//! comment, `/* Begin … section */` frames, one-line build files and file
//! references, annotated object IDs, quoted and bare strings as Xcode writes them):
//! the OpenStep benchmark's large input, where the corpus's largest real project is
//! half a megabyte.

use std::fmt::Write as _;

/// A 24-digit object ID, as Xcode writes them: upper-case hex, unique per `n` and
/// `kind`.
fn id(kind: u32, n: usize) -> String {
    let x = (n as u64)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(17)
        ^ u64::from(kind) << 56;
    format!("{:08X}{:016X}", 0x1D36_2300 + kind, x)
}

const EXTENSIONS: [(&str, &str); 4] = [
    ("swift", "sourcecode.swift"),
    ("m", "sourcecode.c.objc"),
    ("h", "sourcecode.c.h"),
    ("xib", "file.xib"),
];

/// The project with `files` source files, in groups of 20 and targets of 200.
pub fn generate(files: usize) -> String {
    let files = files.max(1);
    let targets = files.div_ceil(200);
    let groups = files.div_ceil(20);
    let name = |i: usize| {
        let (ext, _) = EXTENSIONS[i % EXTENSIONS.len()];
        format!("Source File {i:05}.{ext}")
    };
    let mut o = String::with_capacity(files * 700);
    o.push_str("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n");
    o.push_str("\n/* Begin PBXBuildFile section */\n");
    for i in 0..files {
        let n = name(i);
        writeln!(
            o,
            "\t\t{} /* {n} in Sources */ = {{isa = PBXBuildFile; fileRef = {} /* {n} */; settings = {{COMPILER_FLAGS = \"-fobjc-arc -Wno-unused\"; }}; }};",
            id(1, i),
            id(2, i)
        )
        .unwrap();
    }
    o.push_str("/* End PBXBuildFile section */\n\n/* Begin PBXFileReference section */\n");
    for i in 0..files {
        let n = name(i);
        let (_, kind) = EXTENSIONS[i % EXTENSIONS.len()];
        writeln!(
            o,
            "\t\t{} /* {n} */ = {{isa = PBXFileReference; fileEncoding = 4; lastKnownFileType = {kind}; path = \"{n}\"; sourceTree = \"<group>\"; }};",
            id(2, i)
        )
        .unwrap();
    }
    o.push_str("/* End PBXFileReference section */\n\n/* Begin PBXGroup section */\n");
    writeln!(
        o,
        "\t\t{} = {{\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (",
        id(3, groups)
    )
    .unwrap();
    for g in 0..groups {
        writeln!(o, "\t\t\t\t{} /* Group {g} */,", id(3, g)).unwrap();
    }
    o.push_str("\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n");
    for g in 0..groups {
        writeln!(
            o,
            "\t\t{} /* Group {g} */ = {{\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (",
            id(3, g)
        )
        .unwrap();
        for i in (g * 20..files).take(20) {
            writeln!(o, "\t\t\t\t{} /* {} */,", id(2, i), name(i)).unwrap();
        }
        writeln!(
            o,
            "\t\t\t);\n\t\t\tname = \"Group {g}\";\n\t\t\tsourceTree = \"<group>\";\n\t\t}};"
        )
        .unwrap();
    }
    o.push_str("/* End PBXGroup section */\n\n/* Begin PBXNativeTarget section */\n");
    for t in 0..targets {
        writeln!(
            o,
            "\t\t{} /* Target{t} */ = {{\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = {} /* Build configuration list for PBXNativeTarget \"Target{t}\" */;\n\t\t\tbuildPhases = (\n\t\t\t\t{} /* Sources */,\n\t\t\t);\n\t\t\tbuildRules = (\n\t\t\t);\n\t\t\tdependencies = (\n\t\t\t);\n\t\t\tname = Target{t};\n\t\t\tproductName = Target{t};\n\t\t\tproductType = \"com.apple.product-type.application\";\n\t\t}};",
            id(4, t),
            id(5, t),
            id(6, t)
        )
        .unwrap();
    }
    o.push_str("/* End PBXNativeTarget section */\n\n/* Begin PBXProject section */\n");
    writeln!(
        o,
        "\t\t{} /* Project object */ = {{\n\t\t\tisa = PBXProject;\n\t\t\tattributes = {{\n\t\t\t\tBuildIndependentTargetsInParallel = 1;\n\t\t\t\tLastUpgradeCheck = 1600;\n\t\t\t}};\n\t\t\tbuildConfigurationList = {} /* Build configuration list for PBXProject \"Generated\" */;\n\t\t\tdevelopmentRegion = en;\n\t\t\tmainGroup = {};\n\t\t\ttargets = (",
        id(7, 0),
        id(5, targets),
        id(3, groups)
    )
    .unwrap();
    for t in 0..targets {
        writeln!(o, "\t\t\t\t{} /* Target{t} */,", id(4, t)).unwrap();
    }
    o.push_str("\t\t\t);\n\t\t};\n/* End PBXProject section */\n\n/* Begin PBXSourcesBuildPhase section */\n");
    for t in 0..targets {
        writeln!(o, "\t\t{} /* Sources */ = {{\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (", id(6, t)).unwrap();
        for i in (t * 200..files).take(200) {
            writeln!(o, "\t\t\t\t{} /* {} in Sources */,", id(1, i), name(i)).unwrap();
        }
        o.push_str("\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};\n");
    }
    o.push_str(
        "/* End PBXSourcesBuildPhase section */\n\n/* Begin XCBuildConfiguration section */\n",
    );
    for c in 0..=targets {
        for (k, config) in ["Debug", "Release"].iter().enumerate() {
            writeln!(
                o,
                "\t\t{} /* {config} */ = {{\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {{\n\t\t\t\tALWAYS_SEARCH_USER_PATHS = NO;\n\t\t\t\tCLANG_ENABLE_MODULES = YES;\n\t\t\t\tCODE_SIGN_STYLE = Automatic;\n\t\t\t\tCURRENT_PROJECT_VERSION = 1;\n\t\t\t\tGCC_OPTIMIZATION_LEVEL = {};\n\t\t\t\tINFOPLIST_FILE = \"Target{c}/Info.plist\";\n\t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 15.0;\n\t\t\t\tLD_RUNPATH_SEARCH_PATHS = (\n\t\t\t\t\t\"$(inherited)\",\n\t\t\t\t\t\"@executable_path/Frameworks\",\n\t\t\t\t);\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = \"com.example.target-{c}\";\n\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tSWIFT_VERSION = 5.0;\n\t\t\t\tTARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t}};\n\t\t\tname = {config};\n\t\t}};",
                id(8, 2 * c + k),
                if k == 0 { "0" } else { "s" }
            )
            .unwrap();
        }
    }
    o.push_str(
        "/* End XCBuildConfiguration section */\n\n/* Begin XCConfigurationList section */\n",
    );
    for c in 0..=targets {
        writeln!(
            o,
            "\t\t{} /* Build configuration list */ = {{\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\t{} /* Debug */,\n\t\t\t\t{} /* Release */,\n\t\t\t);\n\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName = Release;\n\t\t}};",
            id(5, c),
            id(8, 2 * c),
            id(8, 2 * c + 1)
        )
        .unwrap();
    }
    o.push_str("/* End XCConfigurationList section */\n\t};\n");
    writeln!(o, "\trootObject = {} /* Project object */;\n}}", id(7, 0)).unwrap();
    o
}

/// A project of at least `bytes` bytes (and about that many).
pub fn of_size(bytes: usize) -> String {
    let sample = generate(1000).len();
    let mut files = bytes * 1000 / sample;
    loop {
        let text = generate(files);
        if text.len() >= bytes {
            return text;
        }
        files += files / 100 + 1;
    }
}
