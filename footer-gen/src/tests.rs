//! Expected texts below are transcribed from the footer specification
//! (`docs/reference/footer.md` §4.4 and §4.7), not produced by this code.

use super::*;
use model::{Inlining, Linkage, SourceLocation};

fn ns(name: &str) -> Scope {
    Scope::Namespace {
        name: name.into(),
        inlining: Inlining::NotInline,
    }
}

fn anon() -> Scope {
    Scope::AnonymousNamespace { inline: false }
}

fn spec(scopes: Vec<Scope>, name: &str, id: &str) -> SpecId {
    SpecId {
        name: name.into(),
        scopes,
        mangled_name: String::new(),
        symbolic_id: id.into(),
        linkage: Linkage::Internal,
        value_type: "int".into(),
        location: SourceLocation::default(),
    }
}

#[test]
fn empty_footer_is_zero_bytes() {
    assert_eq!(render(&[], Style::V3), "");
    assert_eq!(render(&[], Style::V1), "");
}

#[test]
fn complete_v3_example() {
    let ids = [
        spec(vec![], "a", "P____ZL1a"),
        spec(
            vec![Scope::Record {
                name: "Wrapper".into(),
            }],
            "a",
            "_ZN7Wrapper1aE",
        ),
        spec(vec![anon()], "c", "P____ZN12_GLOBAL__N_11cE"),
    ];
    let expected = "#include <sycl/detail/defines_elementary.hpp>
namespace sycl {
inline namespace _V1 {
namespace detail {
template<>
inline const char *get_spec_constant_symbolic_ID_impl<::a>() {
  return \"P____ZL1a\";
}
} // namespace detail
} // namespace _V1
} // namespace sycl
namespace sycl {
inline namespace _V1 {
namespace detail {
template<>
inline const char *get_spec_constant_symbolic_ID_impl<::Wrapper::a>() {
  return \"_ZN7Wrapper1aE\";
}
} // namespace detail
} // namespace _V1
} // namespace sycl
namespace {
namespace __sycl_detail {
static constexpr decltype(c) &__shim_0() {
  return c;
}
} // namespace __sycl_detail
} // namespace 
namespace sycl {
inline namespace _V1 {
namespace detail {
template<>
inline const char *get_spec_constant_symbolic_ID_impl<::__sycl_detail::__shim_0()>() {
  return \"P____ZN12_GLOBAL__N_11cE\";
}
} // namespace detail
} // namespace _V1
} // namespace sycl
#include <sycl/detail/spec_const_integration.hpp>
";
    assert_eq!(render(&ids, Style::V3), expected);
}

#[test]
fn nested_anonymous_namespaces_chain_shims() {
    // Counter starts at 3 in the specification's example: three earlier shims.
    let earlier: Vec<SpecId> = (0..3)
        .map(|i| spec(vec![anon()], &format!("e{i}"), "X"))
        .collect();
    let mut ids = earlier;
    ids.push(spec(
        vec![ns("outer"), anon(), ns("inner"), anon()],
        "same_name",
        "P____ZN5outer12_GLOBAL__N_15inner12_GLOBAL__N_19same_nameE",
    ));
    let footer = render(&ids, Style::V3);
    let expected_tail = "namespace outer {
namespace {
namespace inner {
namespace {
namespace __sycl_detail {
static constexpr decltype(same_name) &__shim_3() {
  return same_name;
}
} // namespace __sycl_detail
} // namespace 
} // namespace inner
} // namespace 
} // namespace outer
namespace outer {
namespace {
namespace __sycl_detail {
static constexpr decltype(inner::__sycl_detail::__shim_3()) &__shim_4() {
  return inner::__sycl_detail::__shim_3();
}
} // namespace __sycl_detail
} // namespace 
} // namespace outer
namespace sycl {
inline namespace _V1 {
namespace detail {
template<>
inline const char *get_spec_constant_symbolic_ID_impl<::outer::__sycl_detail::__shim_4()>() {
  return \"P____ZN5outer12_GLOBAL__N_15inner12_GLOBAL__N_19same_nameE\";
}
} // namespace detail
} // namespace _V1
} // namespace sycl
#include <sycl/detail/spec_const_integration.hpp>
";
    assert!(footer.ends_with(expected_tail), "{footer}");
}

#[test]
fn redundant_inline_namespace_is_dropped_ambiguous_one_kept() {
    let inline = |redundant| Scope::Namespace {
        name: "Bar".into(),
        inlining: if redundant {
            Inlining::Redundant
        } else {
            Inlining::Inline
        },
    };
    let ids = [
        spec(vec![ns("Foo"), inline(true)], "InlineNSSpecID", "A"),
        spec(vec![ns("Foo"), inline(false)], "NSSpecID", "B"),
    ];
    let footer = render(&ids, Style::V3);
    assert!(footer.contains("get_spec_constant_symbolic_ID_impl<::Foo::InlineNSSpecID>()"));
    assert!(footer.contains("get_spec_constant_symbolic_ID_impl<::Foo::Bar::NSSpecID>()"));
}

#[test]
fn inline_namespace_is_kept_in_shims() {
    let ids = [spec(
        vec![
            ns("outer"),
            Scope::Namespace {
                name: "inner".into(),
                inlining: Inlining::Redundant,
            },
            anon(),
        ],
        "same_name",
        "ID",
    )];
    let footer = render(&ids, Style::V3);
    assert!(footer.contains(
        "namespace outer {\ninline namespace inner {\nnamespace {\nnamespace __sycl_detail {\n"
    ));
    assert!(
        footer.contains("} // namespace \n} // inline namespace inner\n} // namespace outer\n")
    );
    assert!(footer.contains("<::outer::inner::__sycl_detail::__shim_0()>"));
}

#[test]
fn directly_nested_anonymous_namespaces_get_distinct_detail_namespaces() {
    let ids = [spec(vec![anon(), anon()], "x", "ID")];
    let footer = render(&ids, Style::V3);
    assert!(footer.contains("namespace {\nnamespace {\nnamespace __sycl_detail {\n"));
    assert!(footer.contains("namespace {\nnamespace __sycl_detail_1 {\nstatic constexpr decltype(__sycl_detail::__shim_0()) &__shim_1() {"));
    assert!(footer.contains("<::__sycl_detail_1::__shim_1()>"));
}

#[test]
fn v1_and_v2_layouts() {
    let ids = [spec(vec![anon()], "c", "ID")];
    let v1 = render(&ids, Style::V1);
    assert!(v1.starts_with("namespace {\nnamespace __sycl_detail {\nstatic constexpr decltype(c) &__spec_id_shim_0() {\n"));
    assert!(v1.contains("__SYCL_INLINE_NAMESPACE(cl) {\nnamespace sycl {\nnamespace detail {\ntemplate<>\ninline const char *get_spec_constant_symbolic_ID<::__sycl_detail::__spec_id_shim_0()>() {\n"));
    assert!(v1.ends_with(
        "} // __SYCL_INLINE_NAMESPACE(cl)\n#include <CL/sycl/detail/spec_const_integration.hpp>\n"
    ));
    let v2 = render(&ids, Style::V2);
    assert!(v2.starts_with("#include <CL/sycl/detail/defines_elementary.hpp>\nnamespace {\n"));
    assert!(v2.contains(
        "inline const char *get_spec_constant_symbolic_ID_impl<::__sycl_detail::__shim_0()>() {\n"
    ));
}
