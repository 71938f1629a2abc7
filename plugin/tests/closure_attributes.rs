//! Kernel attributes of a lambda a launch is given through its closure type (a variable, a
//! lambda made by another function, as the SYCL-CTS reduction tests pass theirs): read as a
//! lambda expression's, after the parameter list; the names in its body are no macros (real
//! libclang, the lit suite's mock SYCL header).

use std::io::Write;
use std::path::PathBuf;

use plugin::{Analysis, Kernel, Options, analyze};

fn analyse(source: &str) -> Analysis {
    let mut file = tempfile::Builder::new()
        .suffix(".cpp")
        .tempfile()
        .expect("temp source");
    file.write_all(source.as_bytes()).expect("write source");
    let inputs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../lit-tests/Inputs");
    let options = Options {
        source: file.path().to_path_buf(),
        args: vec![
            "-std=c++17".into(),
            format!("-I{}", inputs.display()).into(),
        ],
        unique_prefix: Some("P".into()),
        skip_teardown: false,
        header_cache: None,
        kernel_details: true,
    };
    analyze(&options).expect("analysis succeeds")
}

fn launch<'a>(analysis: &'a Analysis, name: &str) -> &'a Kernel {
    analysis
        .kernels
        .iter()
        .chain(&analysis.instantiated_kernels)
        .find(|k| k.name.as_deref().is_some_and(|n| n.ends_with(name)))
        .unwrap_or_else(|| panic!("no launch of {name}: {:#?}", analysis.kernels))
}

#[test]
fn lambdas_given_through_their_closure_type_are_read_as_lambdas() {
    let a = analyse(
        r#"#include "sycl.hpp"
        #define SIZE 16
        template <typename T> auto made(T *out) {
          return [=]() [[sycl::reqd_work_group_size(SIZE)]] { out[0] = T(1); };
        }
        template <typename T> auto plain(T *in, T *out) {
          return [=](auto i) { out[i] = in[i] + T(2); };
        }
        void f(sycl::handler &h, int *in, int *out) {
          auto held = [=]() [[sycl::reqd_work_group_size(8, 4)]] { out[1] = in[1]; };
          h.single_task<class Held>(held);
          auto made_here = made(out);
          h.single_task<class Made>(made_here);
          auto generic = plain(in, out);
          h.parallel_for<class Generic>(4, generic);
        }
        "#,
    );
    let held = launch(&a, "Held");
    assert_eq!(held.attributes.reqd_work_group_size, Some(vec![8, 4]));
    assert!(
        held.attributes.problems.is_empty(),
        "{:?}",
        held.attributes.problems
    );
    // Through a macro, read as clang expands it.
    let made = launch(&a, "Made");
    assert_eq!(made.attributes.reqd_work_group_size, Some(vec![16]));
    assert!(
        made.attributes.problems.is_empty(),
        "{:?}",
        made.attributes.problems
    );
    // No attributes: the body's names (`out`, `in`, `i`) are not read as macros.
    let generic = launch(&a, "Generic");
    assert_eq!(generic.attributes, Default::default());
}
