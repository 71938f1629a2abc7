//! Hand-written debug information in the shape clang-22 emits for kernel entries (one
//! optimised entry listing its parameter in `retainedNodes`, one unoptimised entry naming it
//! in a `#dbg_declare`), to pin the operand positions the LLVM layer reads and the
//! decomposition rules.

use super::*;
use crate::llvm::Context;
use model::kernel_abi::{BufferTarget, KernelArgument};

const MODULE: &str = r#"
target triple = "spir64-unknown-unknown"

define spir_kernel void @_ZTS6Kernel(ptr addrspace(4) %0) !dbg !20 {
  ret void
}

define spir_kernel void @_ZTS8Unopt(ptr addrspace(4) %0) !dbg !40 {
  %2 = alloca ptr addrspace(4), align 8
    #dbg_declare(ptr %2, !41, !DIExpression(), !42)
  ret void
}

define spir_kernel void @_ZTS5ByRef(ptr addrspace(4) %0) !dbg !60 {
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.cpp", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!5 = !DINamespace(name: "sycl", scope: null)
!6 = !DINamespace(name: "_V1", scope: !5, exportSymbols: true)
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !4, size: 64)
!8 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "accessor<int, 2, (sycl::_V1::access::mode)1026, (sycl::_V1::access::target)2014>", scope: !6, file: !1, line: 3, size: 512, flags: DIFlagTypePassByValue, elements: !9, templateParams: !10, identifier: "_ZTSacc")
!9 = !{}
!10 = !{!11, !12, !13, !14, !15, !16}
!11 = !DITemplateTypeParameter(name: "DataT", type: !4)
!12 = !DITemplateValueParameter(name: "Dimensions", type: !4, value: i32 2)
!13 = !DITemplateValueParameter(name: "AccessMode", type: !4, value: i32 1026)
!14 = !DITemplateValueParameter(name: "AccessTarget", type: !4, value: i32 2014)
!15 = !DITemplateValueParameter(name: "IsPlaceholder", type: !4, value: i32 0)
!16 = !DITemplateTypeParameter(name: "PropertyListT", type: !17)
!17 = distinct !DICompositeType(tag: DW_TAG_class_type, name: "accessor_property_list<no_offset>", scope: !6, file: !1, line: 4, size: 8, flags: DIFlagTypePassByValue, elements: !9, identifier: "_ZTSpl")
!18 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Base", file: !1, line: 5, size: 576, flags: DIFlagTypePassByValue, elements: !19, identifier: "_ZTS4Base")
!19 = !{!30, !31}
!20 = distinct !DISubprogram(linkageName: "_ZTS6Kernel", scope: !1, file: !1, type: !21, flags: DIFlagArtificial, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !22)
!21 = !DISubroutineType(types: !9)
!22 = !{!23}
!23 = !DILocalVariable(name: "KernelFunc", arg: 1, scope: !20, type: !24, flags: DIFlagArtificial)
!24 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !25, size: 64, dwarfAddressSpace: 4)
!25 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !26)
!26 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Kernel", file: !1, line: 7, size: 768, flags: DIFlagTypePassByValue, elements: !27, identifier: "_ZTS6Kernel")
!27 = !{!28, !29, !32}
!28 = !DIDerivedType(tag: DW_TAG_inheritance, scope: !26, baseType: !18, extraData: i32 0)
!29 = !DIDerivedType(tag: DW_TAG_member, name: "p", scope: !26, file: !1, line: 8, baseType: !7, size: 64, offset: 576)
!30 = !DIDerivedType(tag: DW_TAG_member, name: "acc", scope: !18, file: !1, line: 5, baseType: !8, size: 512)
!31 = !DIDerivedType(tag: DW_TAG_member, name: "n", scope: !18, file: !1, line: 5, baseType: !4, size: 32, offset: 512)
!32 = !DIDerivedType(tag: DW_TAG_member, name: "s", scope: !26, file: !1, line: 9, baseType: !4, size: 32, offset: 640, flags: DIFlagStaticMember)
!40 = distinct !DISubprogram(linkageName: "_ZTS8Unopt", scope: !1, file: !1, type: !21, flags: DIFlagArtificial, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !9)
!41 = !DILocalVariable(name: "KernelFunc", arg: 1, scope: !40, type: !43)
!42 = !DILocation(line: 1, scope: !40)
!43 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !18, size: 64)
!50 = distinct !DICompositeType(tag: DW_TAG_class_type, file: !1, line: 12, size: 64, flags: DIFlagTypePassByValue, elements: !51)
!51 = !{!52}
!52 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !50, file: !1, line: 12, baseType: !53, size: 64)
!53 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !4, size: 64)
!60 = distinct !DISubprogram(linkageName: "_ZTS5ByRef", scope: !1, file: !1, type: !21, flags: DIFlagArtificial, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !61)
!61 = !{!62}
!62 = !DILocalVariable(name: "KernelFunc", arg: 1, scope: !60, type: !63)
!63 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !50, size: 64)
"#;

fn objects() -> Vec<(String, DeviceObject)> {
    let ctx = Context::new();
    let module = ctx
        .parse_ir(MODULE.as_bytes().to_vec(), "test")
        .expect("hand-written IR parses");
    device_objects(&module)
}

#[test]
fn reads_bases_members_and_accessor_parameters() {
    let objects = objects();
    let (name, object) = &objects[0];
    assert_eq!(name, "_ZTS6Kernel");
    assert_eq!(object.location, Some(("/src/k.cpp".to_string(), 7)));
    let layout = object.layout.as_ref().expect("layout");
    assert_eq!(layout.object_size, 96);
    assert_eq!(
        layout.arguments,
        vec![
            KernelArgument {
                offset: 0,
                kind: ArgumentKind::Accessor {
                    target: BufferTarget::Device,
                    dimensions: 2,
                    element_size: 4,
                    keeps_offset: false,
                },
            },
            KernelArgument {
                offset: 64,
                kind: ArgumentKind::Bytes { size: 4 },
            },
            KernelArgument {
                offset: 72,
                kind: ArgumentKind::Pointer,
            },
        ]
    );
}

#[test]
fn finds_the_object_of_unoptimised_entries_in_debug_records() {
    let objects = objects();
    let (name, object) = &objects[1];
    assert_eq!(name, "_ZTS8Unopt");
    let layout = object.layout.as_ref().expect("layout");
    assert_eq!(layout.object_size, 72);
    assert_eq!(layout.arguments.len(), 2);
}

/// clang-22's nvptx64 entries take the object by generic pointer (address space 0) and are
/// `ptx_kernel`s; their debug information is read as spir64's. (An optimised NVPTX compile
/// gets line directives only from clang's driver, and then no entry has a layout, unless
/// cc1 is given `-debug-info-kind=standalone` again.)
#[test]
fn nvptx_entries_read_as_spir64_entries() {
    let nvptx = MODULE
        .replace("spir64-unknown-unknown", "nvptx64-nvidia-cuda")
        .replace("spir_kernel", "ptx_kernel")
        .replace("ptr addrspace(4)", "ptr")
        .replace(", dwarfAddressSpace: 4", "");
    let ctx = Context::new();
    let module = ctx
        .parse_ir(nvptx.into_bytes(), "test")
        .expect("hand-written IR parses");
    let objects = device_objects(&module);
    let names: Vec<&str> = objects.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["_ZTS6Kernel", "_ZTS8Unopt", "_ZTS5ByRef"]);
    assert_eq!(objects, self::objects());
    let layout = objects[0].1.layout.as_ref().expect("layout");
    assert_eq!((layout.object_size, layout.arguments.len()), (96, 3));
}

#[test]
fn an_entry_without_debug_information_has_no_layout() {
    let ctx = Context::new();
    let module = ctx
        .parse_ir(
            b"target triple = \"spir64\"\ndefine spir_kernel void @k(ptr addrspace(4) %0) {\n  ret void\n}\n"
                .to_vec(),
            "test",
        )
        .expect("parses");
    let objects = device_objects(&module);
    assert_eq!(objects[0].1.layout, Err(ObjectLayoutError::NoObjectType));
}

#[test]
fn a_capture_by_reference_is_refused() {
    let objects = objects();
    let (name, object) = &objects[2];
    assert_eq!(name, "_ZTS5ByRef");
    assert_eq!(object.location, Some(("/src/k.cpp".to_string(), 12)));
    assert_eq!(object.layout, Err(ObjectLayoutError::Reference));
}
