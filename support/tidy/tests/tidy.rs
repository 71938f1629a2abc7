//! House rules over the whole tree (rust-analyzer's "tidy" tests are the model): each test
//! names every offending file, so a failure says what to fix.

use std::path::{Path, PathBuf};

/// The modules allowed to hold `unsafe` code: one small FFI module per crate that needs one (a
/// path ending in `/` is a module directory: the UR CUDA adapter's inward FFI, one file per
/// family of entry points).
const FFI_MODULES: &[&str] = &[
    "adapter-cuda/src/cuda.rs",
    "adapter-cuda/src/ffi/",
    "specialise/src/ffi.rs",
    "plugin/src/libclang.rs",
    "support/opencl/src/sys.rs",
    "support/process/src/sys.rs",
];
/// The one crate that is FFI through and through (LLVM's handle layer, one file per handle
/// family): `unsafe` anywhere in its sources, no crate-level lint; its soundness is its types'
/// and checks' (`llvm::tests`).
const FFI_CRATE: &str = "support/llvm/src/";

/// Directories that are not the project's sources.
const SKIPPED_DIRS: &[&str] = &["target", ".git", ".venv", ".cache", "Output", "__pycache__"];

/// The workspace root, resolved once (the line-reference check asks for it per word).
fn root() -> &'static Path {
    static ROOT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ROOT.get_or_init(|| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .canonicalize()
            .expect("the workspace root exists")
    })
}

/// Files of the tree whose names end in one of `extensions`, sorted, relative to the root.
fn files(extensions: &[&str]) -> Vec<PathBuf> {
    let root = root();
    let mut found = Vec::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = std::fs::read_dir(&dir).expect("a directory of the tree is readable");
        for entry in entries {
            let path = entry.expect("a directory entry is readable").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() {
                if !SKIPPED_DIRS.contains(&name) {
                    pending.push(path);
                }
            } else if extensions.iter().any(|ext| name.ends_with(ext)) {
                found.push(
                    path.strip_prefix(root)
                        .expect("under the root")
                        .to_path_buf(),
                );
            }
        }
    }
    found.sort();
    found
}

fn read(relative: &Path) -> String {
    std::fs::read_to_string(root().join(relative)).expect("a source file is UTF-8 text")
}

#[derive(Debug, PartialEq)]
enum Token {
    Ident(String),
    Str(String),
    Comment(String),
    Punct(char),
}

/// Rust source as tokens, as far as these rules need: identifiers, string literals (plain and
/// raw), comments (line and nested block) and single punctuation characters; numbers, char
/// literals and lifetimes are dropped.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            let start = i;
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            out.push(Token::Comment(chars[start..i].iter().collect()));
        } else if c == '/' && at(i + 1) == '*' {
            let start = i;
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(Token::Comment(
                chars[start..i.min(chars.len())].iter().collect(),
            ));
        } else if c == '"' || ((c == 'b' || c == 'c') && at(i + 1) == '"') {
            i += if c == '"' { 1 } else { 2 };
            let mut value = String::new();
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    value.push(chars[i]);
                    i += 1;
                }
                if i < chars.len() {
                    value.push(chars[i]);
                }
                i += 1;
            }
            i += 1;
            out.push(Token::Str(value));
        } else if (c == 'r' || ((c == 'b' || c == 'c') && at(i + 1) == 'r'))
            && matches!(at(i + 1 + usize::from(c != 'r')), '"' | '#')
        {
            i += 1 + usize::from(c != 'r');
            let mut hashes = 0;
            while at(i) == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1; // the opening quote
            let start = i;
            let closes = |i: usize| at(i) == '"' && (1..=hashes).all(|k| at(i + k) == '#');
            while i < chars.len() && !closes(i) {
                i += 1;
            }
            out.push(Token::Str(
                chars[start..i.min(chars.len())].iter().collect(),
            ));
            i += 1 + hashes;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a): skip either.
            if at(i + 1) == '\\' {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
        } else {
            out.push(Token::Punct(c));
            i += 1;
        }
    }
    out
}

fn rust_files() -> Vec<(PathBuf, Vec<Token>)> {
    files(&[".rs"])
        .into_iter()
        .map(|path| {
            let tokens = tokens(&read(&path));
            (path, tokens)
        })
        .collect()
}

fn has_unsafe(tokens: &[Token]) -> bool {
    tokens.iter().any(|t| *t == Token::Ident("unsafe".into()))
}

fn relative_str(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// Whether the file `name` is the FFI module `module` or, for a directory module, inside it.
fn is_in_module(name: &str, module: &str) -> bool {
    if module.ends_with('/') {
        name.starts_with(module)
    } else {
        name == module
    }
}

#[test]
fn unsafe_code_only_in_the_ffi_modules() {
    let mut outside = Vec::new();
    let mut ffi_seen = Vec::new();
    for (path, tokens) in rust_files() {
        let name = relative_str(&path);
        if !has_unsafe(&tokens) {
            continue;
        }
        if let Some(module) = FFI_MODULES.iter().find(|m| is_in_module(&name, m)) {
            ffi_seen.push(module.to_string());
        } else if !name.starts_with(FFI_CRATE) {
            outside.push(name);
        }
    }
    assert!(
        outside.is_empty(),
        "`unsafe` outside the FFI modules: {outside:?}"
    );
    let stale: Vec<_> = FFI_MODULES
        .iter()
        .filter(|m| !ffi_seen.iter().any(|s| s == *m))
        .collect();
    assert!(
        stale.is_empty(),
        "FFI modules without `unsafe` (remove them from the list): {stale:?}"
    );
}

/// The driver's one door for children (`driver/src/run.rs`: shown for `-###`/`-v`, recorded
/// so that a signal kills them).
const DRIVER_CHILDREN_MODULE: &str = "driver/src/run.rs";

/// Where `tokens` start a child: `process::spawn(`, `::output(`, `::status(`, or a
/// `Command`'s `.spawn()`, `.output()`, `.status()`.
fn starts_a_child(tokens: &[Token]) -> bool {
    let starter =
        |t: &Token| matches!(t, Token::Ident(n) if n == "spawn" || n == "output" || n == "status");
    let by_path = tokens.windows(5).any(|w| {
        w[0] == Token::Ident("process".into())
            && w[1] == Token::Punct(':')
            && w[2] == Token::Punct(':')
            && starter(&w[3])
            && w[4] == Token::Punct('(')
    });
    let by_method = tokens.windows(4).any(|w| {
        w[0] == Token::Punct('.')
            && starter(&w[1])
            && w[2] == Token::Punct('(')
            && w[3] == Token::Punct(')')
    });
    by_path || by_method
}

#[test]
fn the_driver_starts_children_only_through_its_run_module() {
    let found: Vec<String> = rust_files()
        .into_iter()
        .map(|(path, tokens)| (relative_str(&path), tokens))
        .filter(|(name, tokens)| {
            name.starts_with("driver/src/")
                && name != DRIVER_CHILDREN_MODULE
                && starts_a_child(tokens)
        })
        .map(|(name, _)| name)
        .collect();
    assert!(
        found.is_empty(),
        "children started outside {DRIVER_CHILDREN_MODULE} (use `Echo::start`, `Echo::output` \
         or `run::output`): {found:?}"
    );
}

#[test]
fn the_child_rule_sees_each_way_of_starting_one() {
    for text in [
        "process::spawn(&mut cmd)",
        "let out = process::output(cmd.stdin(Stdio::null()))",
        "Command::new(x).status()",
        "cmd.output().ok()?",
    ] {
        assert!(starts_a_child(&tokens(text)), "{text}");
    }
    for text in [
        "out.status.success()",
        "scope.spawn(|| work())",
        "std::process::Command::new(x)",
        "// cmd.output()",
    ] {
        assert!(!starts_a_child(&tokens(text)), "{text}");
    }
}

/// `#![forbid(unsafe_code)]` in every crate root; `#![deny(unsafe_code)]` (with the FFI module
/// allowing it) where the crate owns an FFI module.
#[test]
fn crate_roots_refuse_unsafe_code() {
    let mut wrong = Vec::new();
    for manifest in files(&["Cargo.toml"]) {
        let Some(crate_dir) = manifest.parent().filter(|d| !d.as_os_str().is_empty()) else {
            continue; // the workspace's own manifest
        };
        if Path::new(FFI_CRATE).starts_with(crate_dir) {
            continue;
        }
        let owns_ffi = FFI_MODULES
            .iter()
            .any(|m| Path::new(m).starts_with(crate_dir));
        let lint = if owns_ffi { "deny" } else { "forbid" };
        let expected = ["#", "!", "[", lint, "(", "unsafe_code", ")", "]"];
        let src = crate_dir.join("src");
        let mut roots: Vec<PathBuf> = ["lib.rs", "main.rs"]
            .iter()
            .map(|f| src.join(f))
            .filter(|p| root().join(p).is_file())
            .collect();
        // src/bin/NAME.rs, or src/bin/NAME/main.rs for a binary of several modules.
        if let Ok(bins) = std::fs::read_dir(root().join(src.join("bin"))) {
            for entry in bins.flatten() {
                let bin = src.join("bin").join(entry.file_name());
                if root().join(&bin).is_dir() {
                    roots.push(bin.join("main.rs"));
                } else if bin.extension().is_some_and(|e| e == "rs") {
                    roots.push(bin);
                }
            }
        }
        for crate_root in roots {
            let text: Vec<String> = tokens(&read(&crate_root))
                .into_iter()
                .filter_map(|t| match t {
                    Token::Ident(s) => Some(s),
                    Token::Punct(c) => Some(c.to_string()),
                    _ => None,
                })
                .collect();
            let found = text
                .windows(expected.len())
                .any(|w| w.iter().zip(expected).all(|(a, b)| a == b));
            if !found {
                wrong.push(format!(
                    "{} lacks #![{lint}(unsafe_code)]",
                    relative_str(&crate_root)
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn no_dead_code_allowances() {
    let mut found = Vec::new();
    for (path, tokens) in rust_files() {
        let allows = tokens.windows(4).any(|w| {
            matches!(&w[0], Token::Ident(a) if a == "allow" || a == "expect")
                && w[1] == Token::Punct('(')
                && w[2] == Token::Ident("dead_code".into())
        });
        if allows {
            found.push(relative_str(&path));
        }
    }
    assert!(
        found.is_empty(),
        "dead code allowed (remove the code instead): {found:?}"
    );
}

/// `PATH:N` where PATH is a file of the tree: a line number that drifts with every edit.
fn line_references(text: &str) -> Vec<String> {
    let root = root();
    let mut refs = Vec::new();
    let separators = |c: char| c.is_whitespace() || "`()[]{},;\"'<>|".contains(c);
    for word in text.split(separators) {
        let Some((path, rest)) = word.split_once(':') else {
            continue;
        };
        let line: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if path.contains('/') && !line.is_empty() && root.join(path).is_file() {
            refs.push(format!("{path}:{line}"));
        }
    }
    refs
}

#[test]
fn docs_and_comments_name_symbols_not_line_numbers() {
    let mut found = Vec::new();
    for path in files(&[".md"]) {
        let mut in_fence = false;
        for (n, line) in read(&path).lines().enumerate() {
            if line.trim_start().starts_with("```") {
                in_fence = !in_fence;
                continue;
            }
            if !in_fence {
                for r in line_references(line) {
                    found.push(format!("{}:{}: {r}", relative_str(&path), n + 1));
                }
            }
        }
    }
    for (path, tokens) in rust_files() {
        for token in tokens {
            if let Token::Comment(text) = token {
                for r in line_references(&text) {
                    found.push(format!("{}: {r}", relative_str(&path)));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "line references (name the symbol instead): {found:#?}"
    );
}

/// Names the code reads from the environment: the string given to `var`, `var_os`, `set_var`
/// or `remove_var`, and every `SYCL_SPECCONST_*` string.
fn environment_names(tokens: &[Token]) -> Vec<String> {
    let mut names = Vec::new();
    for w in tokens.windows(3) {
        if let (Token::Ident(f), Token::Punct('('), Token::Str(name)) = (&w[0], &w[1], &w[2])
            && matches!(f.as_str(), "var" | "var_os" | "set_var" | "remove_var")
        {
            names.push(name.clone());
        }
    }
    for t in tokens {
        if let Token::Str(s) = t
            && s.len() > "SYCL_SPECCONST_".len()
            && s.starts_with("SYCL_SPECCONST_")
            && s.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        {
            names.push(s.clone());
        }
    }
    names
}

#[test]
fn every_environment_variable_is_documented() {
    let doc = read(Path::new("docs/environment.md"));
    let documented = |name: &str| doc.contains(&format!("| `{name}` |"));
    let mut missing = Vec::new();
    // This file's own examples are not reads.
    for (path, tokens) in rust_files()
        .into_iter()
        .filter(|(p, _)| !p.starts_with("support/tidy"))
    {
        for name in environment_names(&tokens) {
            if !documented(&name) {
                missing.push(format!("{name} ({})", relative_str(&path)));
            }
        }
    }
    for name in clang_args::COMPILE_ENVIRONMENT {
        if !documented(name) {
            missing.push(format!("{name} (clang_args::COMPILE_ENVIRONMENT)"));
        }
    }
    assert!(
        missing.is_empty(),
        "not in docs/environment.md: {missing:#?}"
    );
}

#[test]
fn the_lexer_tells_code_from_comments_and_strings() {
    let t = tokens(
        "// unsafe here is a comment\nlet s = \"unsafe\"; let r = r#\"a \" unsafe\"#; \
         /* outer /* unsafe */ still comment */ fn f<'a>(c: char) { let q = '\"'; unsafe {} }",
    );
    let unsafe_idents = t
        .iter()
        .filter(|x| **x == Token::Ident("unsafe".into()))
        .count();
    assert_eq!(unsafe_idents, 1, "{t:?}");
    assert!(t.contains(&Token::Str("a \" unsafe".into())), "{t:?}");
    assert!(t.contains(&Token::Comment(
        "/* outer /* unsafe */ still comment */".into()
    )));
    let env = tokens("std::env::var_os(\"HOME\"); let k = \"SYCL_SPECCONST_X1\"; var(x);");
    assert_eq!(environment_names(&env), ["HOME", "SYCL_SPECCONST_X1"]);
}

#[test]
fn line_references_are_paths_of_the_tree_with_a_number() {
    assert_eq!(
        line_references("see `support/tidy/Cargo.toml:3` and (support/tidy/src/lib.rs:12)"),
        ["support/tidy/Cargo.toml:3", "support/tidy/src/lib.rs:12"]
    );
    // Diagnostics of made-up files, and paths without a line, are not references.
    assert!(line_references("/src/k.cpp:3:7: error app.cpp:12 support/tidy/Cargo.toml").is_empty());
}
