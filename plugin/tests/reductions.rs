//! Launches with reductions (real libclang; the reduction types are declared by each test
//! the way Intel's headers declare them: `sycl::detail::reduction_impl<T, BinaryOperation,
//! Dims, Extent, ExplicitIdentity, RedOutVar>`). The callable of such a launch is no kernel of
//! its own; the kernel Intel's headers launch under its name (the final copy of one USM
//! reduction over an `nd_range`) is described instead.

use std::io::Write;

use plugin::model::KernelObject;
use plugin::model::kernel_abi::{ArgumentKind, BufferTarget, KernelArgument};
use plugin::{Analysis, Kernel, Options, analyze};

/// Just enough of SYCL for a reduction launch's types.
const PRELUDE: &str = r#"
#include <cstddef>
namespace sycl { inline namespace _V1 {
template <int D> struct range { std::size_t v[D]; };
template <int D> struct nd_range { range<D> g, l; };
template <int D> struct nd_item { std::size_t i; };
template <int D> struct id { std::size_t i; };
template <typename T, int D> struct buffer { void *impl; };
template <typename T = void> struct plus { T operator()(T a, T b) const { return a + b; } };
namespace detail {
template <typename T, class BinaryOperation, int Dims, std::size_t Extent,
          bool ExplicitIdentity, typename RedOutVar>
class reduction_impl { BinaryOperation op; RedOutVar out; };
}
class handler {
public:
  template <typename KernelName = void, int D, typename... Rest>
  void parallel_for(nd_range<D>, Rest &&...) {}
  template <typename KernelName = void, int D, typename... Rest>
  void parallel_for(range<D>, Rest &&...) {}
};
}}
using Sum = sycl::detail::reduction_impl<double, sycl::plus<double>, 0, 1, false, double *>;
using HalfSpan = sycl::detail::reduction_impl<short, sycl::plus<short>, 1, 2, false, short *>;
using InBuffer =
    sycl::detail::reduction_impl<double, sycl::plus<double>, 1, 1, false, sycl::buffer<double, 1>>;
"#;

fn analyse(body: &str) -> Analysis {
    let mut file = tempfile::Builder::new()
        .suffix(".cpp")
        .tempfile()
        .expect("temp source");
    file.write_all(format!("{PRELUDE}{body}").as_bytes())
        .expect("write source");
    let options = Options {
        source: file.path().to_path_buf(),
        args: vec!["-std=c++17".into()],
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
        .find(|k| k.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no launch of {name}: {:#?}", analysis.kernels))
}

/// The final copy's arguments for elements of `element_size` bytes.
fn result_copy_arguments(element_size: u64) -> Vec<KernelArgument> {
    let at = |offset, kind| KernelArgument { offset, kind };
    vec![
        at(0, ArgumentKind::Bytes { size: 8 }),
        at(
            8,
            ArgumentKind::Accessor {
                target: BufferTarget::Device,
                dimensions: 1,
                element_size,
                keeps_offset: true,
            },
        ),
        at(40, ArgumentKind::Bytes { size: 1 }),
        at(48, ArgumentKind::Pointer),
        at(56, ArgumentKind::Bytes { size: 1 }),
    ]
}

fn copy_of(kernel: &Kernel) -> &KernelObject {
    kernel
        .reduction_result_copy
        .as_ref()
        .unwrap_or_else(|| panic!("no result copy described: {kernel:#?}"))
}

#[test]
fn the_kernel_under_a_usm_nd_range_reductions_name_is_the_headers_result_copy() {
    let a = analyse(
        r#"
        void f(sycl::handler &h, Sum s, HalfSpan hs, int *data) {
          h.parallel_for<class Total>(sycl::nd_range<1>{}, s,
                                      [=](sycl::nd_item<1>, auto &r) { (void)data; });
          h.parallel_for<class Pairwise>(sycl::nd_range<1>{}, hs,
                                         [=](sycl::nd_item<1>, auto &r) { (void)data; });
        }
        "#,
    );
    let total = launch(&a, "Total");
    // The user's lambda (a pointer, 8 bytes) is described, but names no kernel.
    let own = total.object.as_ref().expect("the callable's object");
    assert_eq!(own.layout.object_size, 8);
    assert_eq!((&own.launcher, &own.call_operator), (&None, &None));
    let copy = copy_of(total);
    assert_eq!(copy.layout.object_size, 64);
    assert_eq!(copy.layout.arguments, result_copy_arguments(8));
    assert!(copy.arguments_complete);
    // Named through the launch's handler::parallel_for<Total, …>, located at the lambda.
    let launcher = copy.launcher.as_deref().expect("launcher");
    assert!(
        launcher.contains("12parallel_for") && launcher.contains("5Total"),
        "{launcher}"
    );
    assert_eq!(copy.location, own.location);
    // A span of two 2-byte elements: the same closure, 2-byte elements.
    let copy = copy_of(launch(&a, "Pairwise"));
    assert_eq!(copy.layout.object_size, 64);
    assert_eq!(copy.layout.arguments, result_copy_arguments(2));
}

#[test]
fn other_reduction_launches_have_no_kernel_under_their_name() {
    let a = analyse(
        r#"
        void f(sycl::handler &h, Sum s, Sum t, InBuffer b) {
          h.parallel_for<class OverRange>(sycl::range<1>{}, s, [=](sycl::id<1>, auto &r) {});
          h.parallel_for<class IntoBuffer>(sycl::nd_range<1>{}, b,
                                           [=](sycl::nd_item<1>, auto &r) {});
          h.parallel_for<class Two>(sycl::nd_range<1>{}, s, t,
                                    [=](sycl::nd_item<1>, auto &r, auto &q) {});
        }
        "#,
    );
    for name in ["OverRange", "IntoBuffer", "Two"] {
        let kernel = launch(&a, name);
        assert!(kernel.reduction_result_copy.is_none(), "{name}");
        let own = kernel.object.as_ref().expect("the callable's object");
        assert_eq!(
            (&own.launcher, &own.call_operator),
            (&None, &None),
            "{name}"
        );
    }
}

#[test]
fn launches_without_reductions_keep_their_callable() {
    let a = analyse(
        r#"
        void f(sycl::handler &h, int *data) {
          h.parallel_for<class Plain>(sycl::nd_range<1>{}, [=](sycl::nd_item<1>) { (void)data; });
        }
        "#,
    );
    let plain = launch(&a, "Plain");
    assert!(plain.reduction_result_copy.is_none());
    let own = plain.object.as_ref().expect("the callable's object");
    assert!(own.launcher.is_some());
}
