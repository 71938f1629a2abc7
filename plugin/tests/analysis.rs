//! The analysis model on small TUs (real libclang, the lit suite's mock SYCL header).
//! Expected IDs, scopes and order follow `docs/reference/footer.md` §1, §2 and §6.

use std::io::Write;
use std::path::PathBuf;

use plugin::{Analysis, Inlining, Linkage, Options, Scope, analyze};

fn mock_include() -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../lit-tests/Inputs");
    format!("-I{}", dir.display())
}

fn analyse(source: &str) -> Analysis {
    analyse_with(source, true)
}

fn analyse_with(source: &str, kernel_details: bool) -> Analysis {
    let mut file = tempfile::Builder::new()
        .suffix(".cpp")
        .tempfile()
        .expect("temp source");
    file.write_all(source.as_bytes()).expect("write source");
    let options = Options {
        source: file.path().to_path_buf(),
        args: vec!["-std=c++17".into(), mock_include().into()],
        unique_prefix: Some("P".into()),
        skip_teardown: false,
        header_cache: None,
        kernel_details,
    };
    analyze(&options).expect("analysis succeeds")
}

fn ids(a: &Analysis) -> Vec<&str> {
    a.spec_ids.iter().map(|s| s.symbolic_id.as_str()).collect()
}

#[test]
fn linkage_decides_the_prefix() {
    let a = analyse(
        r#"#include "sycl.hpp"
        sycl::specialization_id<int> GlobalSpecID;
        constexpr sycl::specialization_id<int> b{2};
        inline constexpr sycl::specialization_id<int> c{3};
        static constexpr sycl::specialization_id<int> d{4};
        namespace Foo { sycl::specialization_id<int> NSSpecID; }
        struct Wrapper { static constexpr sycl::specialization_id<int> a{18}; };
        "#,
    );
    assert_eq!(
        ids(&a),
        [
            "_Z12GlobalSpecID",
            "P____ZL1b",
            "_Z1c",
            "P____ZL1d",
            "_ZN3Foo8NSSpecIDE",
            "_ZN7Wrapper1aE"
        ]
    );
    let linkages: Vec<Linkage> = a.spec_ids.iter().map(|s| s.linkage).collect();
    assert_eq!(
        linkages,
        [
            Linkage::External,
            Linkage::Internal,
            Linkage::External,
            Linkage::Internal,
            Linkage::External,
            Linkage::External
        ]
    );
}

#[test]
fn exclusions_extern_locals_lookalikes_templates() {
    let a = analyse(
        r#"#include "sycl.hpp"
        extern sycl::specialization_id<int> only_extern;
        extern sycl::specialization_id<int> later;
        sycl::specialization_id<int> later;
        namespace other { template <class T> struct specialization_id { constexpr specialization_id(T) {} }; }
        constexpr other::specialization_id<int> lookalike{1};
        template <class T> struct Uninst { static constexpr sycl::specialization_id<T> a{T{}}; };
        template <class T> constexpr sycl::specialization_id<T> uninst_var{T{}};
        void f() {
          static sycl::specialization_id<int> function_static;
          sycl::specialization_id<int> local;
          (void)function_static; (void)local;
        }
        "#,
    );
    assert_eq!(ids(&a), ["_Z5later"]);
    // The definition's location, not the extern declaration's.
    assert_eq!(a.spec_ids[0].location.line, 4);
}

#[test]
fn scopes_record_inline_and_anonymous_namespaces() {
    let a = analyse(
        r#"#include "sycl.hpp"
        namespace Foo { inline namespace Bar { sycl::specialization_id<int> InlineNSSpecID; } }
        namespace outer { inline namespace inner { namespace { constexpr sycl::specialization_id<int> same_name{1}; } } }
        "#,
    );
    assert_eq!(
        ids(&a),
        [
            "_ZN3Foo3Bar14InlineNSSpecIDE",
            "P____ZN5outer5inner12_GLOBAL__N_19same_nameE"
        ]
    );
    assert_eq!(
        a.spec_ids[0].scopes,
        [
            Scope::Namespace {
                name: "Foo".into(),
                inlining: Inlining::NotInline
            },
            Scope::Namespace {
                name: "Bar".into(),
                inlining: Inlining::Redundant
            }
        ]
    );
    assert_eq!(
        a.spec_ids[1].scopes.last(),
        Some(&Scope::AnonymousNamespace { inline: false })
    );
}

#[test]
fn inline_namespace_kept_when_the_name_is_ambiguous_in_the_parent() {
    let a = analyse(
        r#"#include "sycl.hpp"
        namespace Foo { inline namespace Bar { sycl::specialization_id<int> X; } }
        namespace Foo { sycl::specialization_id<int> X; }
        "#,
    );
    // Foo::Bar::X is reachable as ::Foo::Bar::X (Bar kept); Foo::X cannot be named at all.
    assert_eq!(ids(&a), ["_ZN3Foo3Bar1XE"]);
    assert!(matches!(
        a.spec_ids[0].scopes[1],
        Scope::Namespace {
            inlining: Inlining::Inline,
            ..
        }
    ));
    assert_eq!(a.warnings.len(), 1, "{:?}", a.warnings);
    assert!(a.warnings[0].contains("'Foo::X'"), "{}", a.warnings[0]);
}

#[test]
fn templates_explicit_implicit_and_variable_templates() {
    let a = analyse(
        r#"#include "sycl.hpp"
        template <class T> struct WrapperTemplate { static sycl::specialization_id<T> WrapperSpecID; };
        template class WrapperTemplate<int>;
        template <int N> struct S3 { static constexpr sycl::specialization_id<int> a{N}; };
        template <class T> constexpr sycl::specialization_id<T> templ{T{}};
        struct GlobalWrapper { template <int N> static constexpr sycl::specialization_id<int> sc{N}; };
        constexpr sycl::specialization_id<int> last{0};
        void f(sycl::handler &h) {
          h.set_specialization_constant<S3<1>::a>(1);
          h.set_specialization_constant<templ<float>>(1.0f);
          h.set_specialization_constant<GlobalWrapper::sc<20>>(1);
        }
        "#,
    );
    assert_eq!(
        ids(&a),
        [
            "_ZN15WrapperTemplateIiE13WrapperSpecIDE",
            "P____ZL4last",
            "_ZN2S3ILi1EE1aE",
            "_Z5templIfE",
            "_ZN13GlobalWrapper2scILi20EEE"
        ]
    );
    let names: Vec<&str> = a.spec_ids.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names[3], "templ<float>");
    assert_eq!(names[4], "sc<20>");
    assert_eq!(
        a.spec_ids[2].scopes,
        [Scope::Record {
            name: "S3<1>".into()
        }]
    );
}

/// The footer's analysis (no kernel details) names the same launches as the device
/// compile's, without their objects, attributes or restriction findings.
#[test]
fn kernel_details_are_left_out_when_not_asked_for() {
    let source = r#"#include "sycl.hpp"
        int *global_counter;
        void f(sycl::handler &h, int *p) {
          h.single_task<class Named>([=] { p[0] = 1; global_counter = p; });
        }
        "#;
    let full = analyse_with(source, true);
    let names = analyse_with(source, false);
    assert_eq!(full.kernels.len(), 1);
    assert_eq!(names.kernels.len(), 1);
    let (detailed, named) = (&full.kernels[0], &names.kernels[0]);
    assert_eq!(
        (
            &named.name,
            &named.invoker,
            &named.callable,
            named.location.line
        ),
        (
            &detailed.name,
            &detailed.invoker,
            &detailed.callable,
            detailed.location.line
        )
    );
    assert!(detailed.object.is_some());
    assert!(named.object.is_none());
    assert!(
        !full.kernel_restrictions.is_empty(),
        "the global write is a finding"
    );
    assert!(names.kernel_restrictions.is_empty());
}

/// A kernel may call a function its TU does not define when the function is SYCL_EXTERNAL,
/// however that is spelled: the macro (the analysis' annotation) or upstream's attribute written
/// out, which is what the host view of `-fsycl -E` output holds. Any other undefined callee is
/// refused.
#[test]
fn sycl_external_however_spelled() {
    let a = analyse(
        r#"#include "sycl.hpp"
        SYCL_EXTERNAL int by_macro(int);
        [[clang::sycl_external]] int spelled_out(int);
        [[using clang: sycl_external]] int with_using(int);
        [[clang::__sycl_external__]] int reserved_name(int);
        [[nodiscard, clang::sycl_external]] int second_attribute(int);
        [[clang::sycl_external]] int redeclared(int);
        int redeclared(int);
        [[nodiscard]] int plain(int);
        void f(sycl::handler &h, int *p) {
          h.single_task<class K>([=] {
            p[0] = by_macro(1) + spelled_out(2) + with_using(3) + reserved_name(4) +
                   second_attribute(5) + redeclared(6) + plain(7);
          });
        }
        "#,
    );
    assert_eq!(
        a.kernel_restrictions.len(),
        1,
        "{:#?}",
        a.kernel_restrictions
    );
    assert!(
        a.kernel_restrictions[0]
            .contains("undefined function without SYCL_EXTERNAL attribute: 'plain'"),
        "{}",
        a.kernel_restrictions[0]
    );
}

/// SYCL kernel attributes written through macros are read as clang expands them where they
/// are written (the expansion parse), after a lambda's parameter list and before a functor's
/// `operator()`, beside attributes written out; macros that are no attributes add none.
#[test]
fn kernel_attributes_through_macros() {
    let a = analyse(
        r#"#include "sycl.hpp"
        #define WG_4 [[sycl::reqd_work_group_size(4)]]
        #define WG(x) [[sycl::reqd_work_group_size(x)]]
        #define SIZE 2
        #define NOEXCEPT noexcept
        #define NOTHING
        struct F { WG(SIZE) void operator()(int) const {} };
        template <int N> struct G { int *p; WG(N) void operator()(int) const {} };
        void f(sycl::handler &h) {
          h.parallel_for<class A>(8, [](int) WG_4 [[sycl::reqd_sub_group_size(8)]] {});
          h.parallel_for<class B>(8, [](int) NOEXCEPT NOTHING {});
          h.parallel_for(8, F{});
          h.parallel_for(8, G<16>{});
        }
        // Undefined after its use: the kernel above has it.
        #undef WG_4
        "#,
    );
    let sizes: Vec<_> = a
        .kernels
        .iter()
        .map(|k| {
            (
                k.attributes.reqd_work_group_size.clone(),
                k.attributes.reqd_sub_group_size,
                k.attributes.problems.clone(),
            )
        })
        .collect();
    let none: Vec<String> = Vec::new();
    assert_eq!(
        sizes,
        [
            (Some(vec![4]), Some(8), none.clone()),
            (None, None, none.clone()),
            (Some(vec![2]), None, none.clone()),
            (Some(vec![16]), None, none),
        ]
    );
}

#[test]
fn kernels_with_and_without_kernel_handler() {
    let a = analyse(
        r#"#include "sycl.hpp"
        struct Functor { void operator()(sycl::kernel_handler) const {} };
        void f(sycl::handler &h) {
          h.single_task<class WithHandler>([](sycl::kernel_handler kh) { (void)kh; });
          h.parallel_for<class Plain>(8, [](int) {});
          h.single_task(Functor{});
        }
        "#,
    );
    let summary: Vec<(Option<&str>, &str, &str, bool)> = a
        .kernels
        .iter()
        .map(|k| {
            (
                k.name.as_deref(),
                k.invoker.as_str(),
                k.callable.spelling(),
                k.takes_kernel_handler,
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (Some("WithHandler"), "single_task", "lambda", true),
            (Some("Plain"), "parallel_for", "lambda", false),
            (None, "single_task", "Functor", true)
        ]
    );
}

#[test]
fn compile_errors_are_reported_not_analysed() {
    let mut file = tempfile::Builder::new()
        .suffix(".cpp")
        .tempfile()
        .expect("temp source");
    file.write_all(b"int x = ;\n").expect("write");
    let err = analyze(&Options {
        source: file.path().to_path_buf(),
        args: vec![],
        unique_prefix: None,
        skip_teardown: false,
        header_cache: None,
        kernel_details: true,
    })
    .expect_err("syntax error");
    match err {
        plugin::Error::Compile {
            errors,
            diagnostics,
        } => {
            assert_eq!(errors, 1);
            assert!(diagnostics[0].contains(":1:9: error: expected expression"));
        }
        other => panic!("unexpected error {other}"),
    }
}

#[test]
fn variable_template_arguments_print_like_clangs_class_template_arguments() {
    // Class template specializations are named by clang's own printer; the variable template
    // with the same arguments must print them identically.
    let a = analyse(
        r#"#include "sycl.hpp"
        namespace ns { struct Foo {}; template <class T> struct Box {}; }
        template <class T> struct C { static constexpr sycl::specialization_id<int> x{1}; };
        template <class T> constexpr sycl::specialization_id<int> v{1};
        template <int N, bool B, char K> struct CN { static constexpr sycl::specialization_id<int> x{1}; };
        template <int N, bool B, char K> constexpr sycl::specialization_id<int> vn{1};
        void f(sycl::handler &h) {
          h.set_specialization_constant<C<int *>::x>(1);
          h.set_specialization_constant<v<int *>>(1);
          h.set_specialization_constant<C<const char *const>::x>(1);
          h.set_specialization_constant<v<const char *const>>(1);
          h.set_specialization_constant<C<ns::Box<ns::Foo>>::x>(1);
          h.set_specialization_constant<v<ns::Box<ns::Foo>>>(1);
          h.set_specialization_constant<C<unsigned long &>::x>(1);
          h.set_specialization_constant<v<unsigned long &>>(1);
          h.set_specialization_constant<CN<-4, true, 'q'>::x>(1);
          h.set_specialization_constant<vn<-4, true, 'q'>>(1);
        }
        "#,
    );
    let names: Vec<String> = a
        .spec_ids
        .iter()
        .map(|s| match s.scopes.last() {
            Some(Scope::Record { name }) => name.clone(),
            _ => s.name.clone(),
        })
        .collect();
    assert_eq!(names.len(), 10, "{names:?}");
    for pair in names.chunks(2) {
        let class_args = &pair[0][pair[0].find('<').expect("class args")..];
        let var_args = &pair[1][pair[1].find('<').expect("variable args")..];
        assert_eq!(class_args, var_args, "{pair:?}");
    }
}

#[test]
fn function_local_static_spec_ids_are_recorded_apart() {
    let a = analyse(
        r#"#include "sycl.hpp"
        void f() {
          static constexpr sycl::specialization_id<int> in_f{1};
          auto lambda = [] { static constexpr sycl::specialization_id<int> in_lambda{2}; };
          constexpr int not_static = 3;
          (void)lambda; (void)not_static;
        }
        template <typename T> void g() { static constexpr sycl::specialization_id<int> in_g{}; }
        void h(sycl::handler &handler) {
          g<int>();
          static constexpr sycl::specialization_id<int> named{4};
          handler.set_specialization_constant<named>(5);
        }
        "#,
    );
    assert!(a.spec_ids.is_empty(), "{:?}", ids(&a));
    let locals: Vec<(&str, &str, u32, bool)> = a
        .local_spec_ids
        .iter()
        .map(|l| {
            let name = l.name.as_str();
            (name, l.mangled_name.as_str(), l.location.line, l.referenced)
        })
        .collect();
    // The pattern's `in_g` has no mangling; its instantiation `g<int>`'s does.
    assert_eq!(
        locals,
        [
            ("in_f", "_ZZ1fvE4in_f", 3, false),
            ("in_lambda", "_ZZZ1fvENKUlvE_clEvE9in_lambda", 4, false),
            ("in_g", "", 8, false),
            ("in_g", "_ZZ1gIiEvvE4in_g", 8, false),
            ("named", "_ZZ1hRN4sycl3_V17handlerEE5named", 11, true),
        ]
    );
}

#[test]
fn spec_ids_named_in_called_function_template_instantiations() {
    let a = analyse(
        r#"#include "sycl.hpp"
        struct Tag {};
        template <typename T> struct holder {
          static constexpr sycl::specialization_id<int> sc{1};
          template <int N> static constexpr sycl::specialization_id<int> vt{N};
        };
        template <auto &S> void set(sycl::handler &h) { h.set_specialization_constant<S>(1); }
        template <typename T> void outer(sycl::handler &h) {
          set<holder<T>::template vt<2>>(h);
        }
        void run(sycl::handler &h) { outer<Tag>(h); }
        "#,
    );
    let mut found = ids(&a);
    found.sort_unstable();
    assert_eq!(
        found,
        ["_ZN6holderI3TagE2scE", "_ZN6holderI3TagE2vtILi2EEE"]
    );
}
