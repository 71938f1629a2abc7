//! Generates the adapter's view of Unified Runtime from the headers Intel's runtime ships
//! (`include/unified-runtime/ur_api.h`, `ur_ddi.h` in the `intel-sycl-rt` wheel that
//! scripts/setup installs into .venv):
//! - `ur.rs`: the types, constants and function-pointer types, by bindgen;
//! - `tables.rs`: one `extern "C"` stub per UR entry point that `src/ffi/entry/` does not
//!   implement (each answers `UR_RESULT_ERROR_UNSUPPORTED_FEATURE`), the full dispatch table
//!   with every slot filled, and the 26 exported `urGet*ProcAddrTable` getters.
//!
//! The stubs take their parameter types from the header's `ur_pfn*_t` types, so a slot's
//! function always has the slot's exact signature; an implemented entry point with the wrong
//! signature does not compile.

use std::collections::BTreeSet;
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use quote::ToTokens;

fn main() {
    let manifest =
        PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo:rerun-if-env-changed=SYCL_SPECCONST_UR_INCLUDE");
    let include = env::var_os("SYCL_SPECCONST_UR_INCLUDE")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("..").join(".venv").join("include"));
    let headers = include.join("unified-runtime");
    let ddi = headers.join("ur_ddi.h");
    if !ddi.is_file() {
        panic!(
            "{} not found: run scripts/setup (it installs Intel's SYCL runtime, whose wheel ships \
             the Unified Runtime headers) or point SYCL_SPECCONST_UR_INCLUDE at a directory \
             holding unified-runtime/ur_ddi.h",
            ddi.display()
        );
    }
    for header in ["ur_api.h", "ur_ddi.h"] {
        println!("cargo:rerun-if-changed={}", headers.join(header).display());
    }

    let bindings = bindgen::Builder::default()
        .header(ddi.to_string_lossy())
        // The headers use C99 `bool` without including its header.
        .clang_arg("-include")
        .clang_arg("stdbool.h")
        .clang_arg(format!("-I{}", include.display()))
        .clang_arg(format!("-I{}", headers.display()))
        .allowlist_item("ur.*|UR_.*")
        // The API's functions are the loader's; the adapter only implements them.
        .blocklist_function(".*")
        // Enumerations as integer constants: a value the caller passes that this header does
        // not know is then a number to refuse, not an invalid Rust enum.
        .default_enum_style(bindgen::EnumVariation::Consts)
        .prepend_enum_name(false)
        .layout_tests(false)
        .derive_default(true)
        .generate_comments(false)
        .generate()
        .expect("bindgen over ur_ddi.h");
    let text = bindings.to_string();
    fs::write(out.join("ur.rs"), &text).expect("write ur.rs");

    let file = syn::parse_file(&text).expect("bindgen's output parses");
    let implemented = implemented_entry_points(&manifest.join("src").join("ffi").join("entry"));
    fs::write(out.join("tables.rs"), tables(&file, &implemented)).expect("write tables.rs");
}

/// The `fn ur*` items of `src/ffi/entry/*.rs`: the entry points implemented for real.
fn implemented_entry_points(dir: &Path) -> BTreeSet<String> {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names = BTreeSet::new();
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .expect("src/ffi/entry exists")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .collect();
    files.sort();
    for path in files {
        println!("cargo:rerun-if-changed={}", path.display());
        let source = fs::read_to_string(&path).expect("read an entry file");
        // A file that does not parse fails in rustc with a better message.
        let Ok(parsed) = syn::parse_file(&source) else {
            continue;
        };
        for item in parsed.items {
            match item {
                syn::Item::Fn(function) => {
                    let name = function.sig.ident.to_string();
                    if is_entry_name(&name) && function.sig.abi.is_some() {
                        names.insert(name);
                    }
                }
                // `counted!(urXRetain, urXRelease, ...)` defines entry points too.
                syn::Item::Macro(invocation) => {
                    for token in invocation.mac.tokens {
                        if let proc_macro2::TokenTree::Ident(ident) = token {
                            let name = ident.to_string();
                            if is_entry_name(&name) {
                                names.insert(name);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
    names
}

/// `urPlatformGet`, not `ur_platform_handle_t`.
fn is_entry_name(name: &str) -> bool {
    name.strip_prefix("ur")
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| c.is_ascii_uppercase())
}

/// A struct's fields as (field name, type name).
fn struct_fields(file: &syn::File, name: &str) -> Vec<(String, String)> {
    for item in &file.items {
        if let syn::Item::Struct(item) = item
            && item.ident == name
        {
            return item
                .fields
                .iter()
                .filter_map(|field| {
                    let ident = field.ident.as_ref()?.to_string();
                    Some((
                        ident,
                        field.ty.to_token_stream().to_string().replace(' ', ""),
                    ))
                })
                .collect();
        }
    }
    panic!("{name} not in ur_ddi.h")
}

/// `ur_pfnFoo_t` → the parameter types of its function type.
fn function_parameters(file: &syn::File, pfn: &str) -> Vec<String> {
    for item in &file.items {
        if let syn::Item::Type(alias) = item
            && alias.ident == pfn
        {
            // `Option<unsafe extern "C" fn(...) -> ur_result_t>`
            if let syn::Type::Path(path) = &*alias.ty
                && let Some(segment) = path.path.segments.last()
                && let syn::PathArguments::AngleBracketed(args) = &segment.arguments
                && let Some(syn::GenericArgument::Type(syn::Type::BareFn(function))) =
                    args.args.first()
            {
                return function
                    .inputs
                    .iter()
                    .map(|input| input.ty.to_token_stream().to_string())
                    .collect();
            }
            panic!("{pfn} is not an optional function pointer");
        }
    }
    panic!("{pfn} not in ur_ddi.h")
}

fn tables(file: &syn::File, implemented: &BTreeSet<String>) -> String {
    let mut stubs = String::new();
    let mut fill = String::new();
    let mut getters = String::new();
    let mut used = BTreeSet::new();
    for (table, table_type) in struct_fields(file, "ur_dditable_t") {
        writeln!(
            getters,
            "/// Fills the loader's `{table_type}` with this adapter's entry points.\n\
             #[unsafe(no_mangle)]\n\
             pub unsafe extern \"C\" fn urGet{table}ProcAddrTable(version: ur_api_version_t, table: *mut {table_type}) -> ur_result_t {{\n\
             \x20   if !version_supported(version) {{ return UR_RESULT_ERROR_UNSUPPORTED_VERSION; }}\n\
             \x20   // SAFETY: the loader passes a table of this type to fill, or null.\n\
             \x20   match unsafe {{ table.as_mut() }} {{\n\
             \x20       Some(table) => {{ *table = dispatch_table().{table}; UR_RESULT_SUCCESS }}\n\
             \x20       None => UR_RESULT_ERROR_INVALID_NULL_POINTER,\n\
             \x20   }}\n\
             }}"
        )
        .expect("write to a String");
        for (slot, pfn) in struct_fields(file, &table_type) {
            let entry = format!(
                "ur{}",
                pfn.strip_prefix("ur_pfn")
                    .and_then(|s| s.strip_suffix("_t"))
                    .expect("ur_pfn*_t slot types")
            );
            if implemented.contains(&entry) {
                used.insert(entry.clone());
                writeln!(
                    fill,
                    "    table.{table}.{slot} = Some(crate::ffi::entry::{entry});"
                )
                .expect("write to a String");
                continue;
            }
            let params: Vec<String> = function_parameters(file, &pfn)
                .into_iter()
                .enumerate()
                .map(|(i, ty)| format!("_arg{i}: {ty}"))
                .collect();
            writeln!(
                stubs,
                "pub(super) extern \"C\" fn {entry}({}) -> ur_result_t {{ crate::ffi::entry::unsupported(\"{entry}\") }}",
                params.join(", ")
            )
            .expect("write to a String");
            writeln!(
                fill,
                "    table.{table}.{slot} = Some(unsupported::{entry});"
            )
            .expect("write to a String");
        }
    }
    let unknown: Vec<&String> = implemented.difference(&used).collect();
    if !unknown.is_empty() {
        panic!("src/ffi/entry defines functions that no dispatch table slot names: {unknown:?}");
    }
    format!(
        "// Generated by build.rs from ur_ddi.h: do not edit.\n\
         /// The entry points this adapter does not implement.\n\
         #[allow(non_snake_case)]\n\
         mod unsupported {{\n    use super::*;\n{stubs}}}\n\
         /// Every slot of every table: the implemented entry points, the rest unsupported.\n\
         fn fill_dispatch_table(table: &mut ur_dditable_t) {{\n{fill}}}\n\
         {getters}"
    )
}
