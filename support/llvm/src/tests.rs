use super::*;

const IR: &str = r#"
@g = global i32 0
define void @f(ptr %p) {
  %v = load i32, ptr %p
  store i32 %v, ptr %p
  ret void
}
define void @unused() {
  ret void
}
"#;

fn parse<'c>(ctx: &'c Context, name: &str) -> Module<'c> {
    ctx.parse_ir(IR.as_bytes().to_vec(), name)
        .expect("the test IR parses")
}

fn first_instruction<'m>(m: &'m Module<'_>) -> Instruction<'m> {
    let f = m.get_function("f").expect("@f");
    f.instructions()[0]
}

#[test]
fn an_erased_instruction_is_detached_and_inert() {
    let ctx = Context::new();
    let m = parse(&ctx, "a");
    let f = m.get_function("f").expect("@f");
    let [load, store, _ret] = f.instructions()[..] else {
        panic!("three instructions")
    };
    // Used by the store: not erasable yet.
    assert!(!m.erase(load));
    assert!(m.erase(store));
    // Its operands are given up at once: the load is unused now.
    assert!(!load.has_users());
    assert!(m.erase(load));
    assert!(!m.erase(load), "erased twice");
    assert_eq!(f.instructions().len(), 1);
    // The stale handles go nowhere near IR again.
    let builder = m.builder();
    assert!(!builder.position_before(store));
    let g = m.globals()[0];
    assert!(g.replace_all_uses_with(load.as_value()).is_err());
    assert!(!m.admits(load.as_value()));
    m.verify().expect("still valid");
}

#[test]
fn values_of_another_module_are_refused() {
    let ctx = Context::new();
    let a = parse(&ctx, "a");
    let b = parse(&ctx, "b");
    let b_global = b.globals()[0].as_value();
    let b_function = b.get_function("unused").expect("@unused");
    assert!(!a.admits(b_global));
    assert!(a.admits(a.globals()[0].as_value()));
    // A constant naming B's global belongs to B too; plain constants to no module.
    let c = ctx
        .parse_ir(
            b"@g = global i32 0\n@h = global ptr getelementptr (i8, ptr @g, i64 4)\n".to_vec(),
            "c",
        )
        .expect("parses");
    let naming_g = c.globals()[1].initializer().expect("an initializer");
    assert!(!a.admits(naming_g));
    assert!(c.admits(naming_g));
    assert!(a.admits(ctx.const_int(32, 7)) && c.admits(ctx.const_int(32, 7)));
    let load = first_instruction(&a);
    assert!(load.replace_all_uses_with(b_global).is_err());
    let builder = a.builder();
    assert!(builder.position_before(load));
    assert!(builder.store(ctx.const_int(32, 1), b_global).is_none());
    assert!(builder.load(ctx.int_type(32), b_global, 4, c"").is_none());
    assert!(builder.byte_gep(b_global, 4, 64, c"").is_none());
    assert!(builder.call(&Callee::new(b_function), &[]).is_none());
    // The same operations with A's own values work.
    let a_global = a.globals()[0].as_value();
    assert!(builder.store(ctx.const_int(32, 1), a_global).is_some());
    drop(builder);
    drop(b);
    a.verify().expect("A never took a value of B");
}

#[test]
fn types_of_another_context_are_refused() {
    let ctx = Context::new();
    let other = Context::new();
    let m = parse(&ctx, "a");
    let foreign_fn_ty = Type::function(other.void_type(), &[]).expect("a function type");
    assert!(m.add_function("h", foreign_fn_ty).is_none());
    let own_fn_ty = Type::function(ctx.void_type(), &[]).expect("a function type");
    assert!(m.add_function("h", own_fn_ty).is_some());
    let g = m.globals()[0];
    assert!(g.address_cast_to(other.int_type(32)).is_none());
    let builder = m.builder();
    assert!(builder.position_before(first_instruction(&m)));
    let p = m.globals()[0].as_value();
    assert!(builder.load(other.int_type(32), p, 4, c"").is_none());
    assert!(builder.load(ctx.int_type(32), p, 4, c"").is_some());
    // A builder of one module is not positioned in another.
    let n = parse(&ctx, "n");
    let foreign = n.builder();
    assert!(!foreign.position_before(first_instruction(&m)));
    assert!(foreign.store(ctx.const_int(32, 1), p).is_none());
}

#[test]
#[should_panic(expected = "metadata of another LLVM context")]
fn metadata_of_another_context_is_a_panic() {
    let ctx = Context::new();
    let other = Context::new();
    let foreign = other.md_string("x");
    let _ = ctx.md_node(&[foreign]);
}

#[test]
#[should_panic(expected = "metadata of another LLVM context")]
fn named_metadata_of_another_context_is_a_panic() {
    let ctx = Context::new();
    let other = Context::new();
    let m = parse(&ctx, "a");
    m.add_named_md(c"n", other.md_node(&[]));
}

// The tests below each name a hole of the 2026-11-27 review (§2.1, H1-H6): before the fix
// the safe API accepted what they show refused.

/// H1: a constant naming no global is shared by every module of the context, and so is
/// its use list; `users()` lists only users that live as long as the handle.
#[test]
fn users_of_a_shared_constant_stay_in_the_asking_module() {
    let ctx = Context::new();
    let a = ctx
        .parse_ir(b"@ga = global {i32, i32} {i32 1, i32 2}\n".to_vec(), "a")
        .expect("parses");
    let b = ctx
        .parse_ir(b"@gb = global {i32, i32} {i32 1, i32 2}\n".to_vec(), "b")
        .expect("parses");
    let shared = a.globals()[0].initializer().expect("an initializer");
    assert_eq!(
        shared,
        b.globals()[0].initializer().expect("an initializer")
    );
    // Before: [@ga, @gb], both with A's lifetime, and @gb freed with B.
    assert!(shared.users().is_empty());
    // A global's users, and those of a constant naming it, are its module's.
    let c = ctx
        .parse_ir(
            b"@g = global i32 0\n@h = global ptr getelementptr (i8, ptr @g, i64 4)\n".to_vec(),
            "c",
        )
        .expect("parses");
    let gep = c.globals()[0].users();
    assert_eq!(gep.len(), 1);
    assert_eq!(gep[0].users(), vec![c.globals()[1].as_value()]);
}

/// H2: LLVM builds a function type in its return type's context.
#[test]
fn a_function_type_with_a_parameter_of_another_context_is_refused() {
    let ctx = Context::new();
    let other = Context::new();
    assert!(Type::function(ctx.void_type(), &[other.int_type(32)]).is_none());
    assert!(Type::function(ctx.void_type(), &[ctx.int_type(32)]).is_some());
}

const TWO_FUNCTIONS: &[u8] = b"define void @f(ptr %q) {\n  %x = load i32, ptr %q\n  ret void\n}\n\
define void @g(ptr %p) {\n  %y = load i32, ptr %p\n  ret void\n}\n";

/// H3: LLVM owns arguments and instructions per function; one used by another function
/// would dangle once its own function is deleted (`delete_unused` deletes `@g`, which
/// has no users).
#[test]
fn locals_of_another_function_are_refused() {
    let ctx = Context::new();
    let mut m = ctx.parse_ir(TWO_FUNCTIONS.to_vec(), "m").expect("parses");
    let g_id = {
        let f = m.get_function("f").expect("@f");
        let g = m.get_function("g").expect("@g");
        let g_param = g.params()[0];
        let g_load = g.instructions()[0];
        let b = m.builder();
        assert!(b.position_before(f.instructions()[0]));
        // Before: a store in @f through @g's argument.
        assert!(b.store(ctx.const_int(32, 0), g_param).is_none());
        assert!(b.load(ctx.int_type(32), g_param, 4, c"").is_none());
        assert!(b.store(g_load.as_value(), f.params()[0]).is_none());
        // The function's own locals are fine.
        assert!(b.store(ctx.const_int(32, 0), f.params()[0]).is_some());
        // Before: @f's load replaced by @g's.
        let f_load = f.instructions()[0];
        assert!(f_load.replace_all_uses_with(g_load.as_value()).is_err());
        g.id()
    };
    assert_eq!(m.delete_unused(&[g_id]), 1);
    m.verify().expect("valid");
}

#[test]
fn a_global_is_replaced_by_no_local() {
    let ctx = Context::new();
    let m = ctx
        .parse_ir(
            b"@v = global ptr null\ndefine void @f(ptr %q) {\n  store ptr @v, ptr %q\n  ret void\n}\n"
                .to_vec(),
            "m",
        )
        .expect("parses");
    let v = m.globals()[0];
    let q = m.get_function("f").expect("@f").params()[0];
    assert!(v.replace_all_uses_with(q).is_err());
    m.verify().expect("valid");
}

/// H4: a layout's struct cache is keyed by address: types of other contexts are refused.
#[test]
fn a_layout_measures_only_its_own_context_types() {
    let ctx = Context::new();
    let other = Context::new();
    let m = parse(&ctx, "a");
    let layout = m.layout();
    let foreign = other.zero_bytes(8).ty();
    assert_eq!(layout.alloc_size(ctx.zero_bytes(8).ty()), Some(8));
    assert_eq!(layout.alloc_size(foreign), None);
    assert_eq!(layout.store_size(foreign), None);
    assert_eq!(layout.abi_align(foreign), None);
    let foreign_struct = other
        .parse_ir(b"@s = global {i32, i32} zeroinitializer\n".to_vec(), "s")
        .expect("parses");
    let struct_ty = foreign_struct.globals()[0]
        .initializer()
        .expect("an initializer")
        .ty();
    assert_eq!(layout.element_offset(struct_ty, 1), None);
    assert_eq!(
        foreign_struct.layout().element_offset(struct_ty, 1),
        Some(4)
    );
}

/// H5: metadata is the context's, so it must not name a module's global.
#[test]
fn metadata_names_no_global() {
    let ctx = Context::new();
    let m = parse(&ctx, "a");
    let g = m.globals()[0];
    assert!(g.as_md().is_none());
    assert!(m.get_function("f").expect("@f").as_md().is_none());
    let c = ctx
        .parse_ir(
            b"@g = global i32 0\n@h = global ptr getelementptr (i8, ptr @g, i64 4)\n".to_vec(),
            "c",
        )
        .expect("parses");
    assert!(
        c.globals()[1]
            .initializer()
            .expect("init")
            .as_md()
            .is_none()
    );
    assert!(ctx.const_int(32, 1).as_md().is_some());
    assert!(ctx.zero_bytes(3).as_md().is_some());
}

#[test]
#[should_panic(expected = "metadata read from a module")]
fn metadata_read_from_a_module_is_not_put_back() {
    let ctx = Context::new();
    let m = ctx
        .parse_ir(
            b"define void @f() !n !0 {\n  ret void\n}\n!0 = !{ptr @f}\n".to_vec(),
            "m",
        )
        .expect("parses");
    let f = m.get_function("f").expect("@f");
    let (_, node) = f.metadata_attachments()[0];
    let _ = ctx.md_node(&[node]);
}

/// H6, in part: a block without terminator, an attribute without its value.
#[test]
fn no_terminator_is_erased_and_no_attribute_lacks_its_value() {
    let ctx = Context::new();
    let m = ctx
        .parse_ir(b"define void @f() {\n  ret void\n}\n".to_vec(), "m")
        .expect("parses");
    let f = m.get_function("f").expect("@f");
    assert!(!m.erase(f.instructions()[0]));
    for name in [
        "byval",
        "align",
        "sret",
        "dereferenceable",
        "no-such-attribute",
    ] {
        assert!(!f.add_enum_attribute(name), "{name}");
    }
    assert!(f.add_enum_attribute("alwaysinline"));
    m.verify().expect("valid");
}

#[test]
fn direct_calls_lists_each_call_once() {
    let ctx = Context::new();
    let m = ctx
        .parse_ir(
            b"declare void @g(ptr)\n\
              define void @f() {\n  call void @g(ptr @g)\n  call void @g(ptr null)\n  ret void\n}\n\
              @p = global ptr @g\n"
                .to_vec(),
            "calls",
        )
        .expect("parses");
    let g = m.get_function("g").expect("@g");
    // Four uses (two callees, one argument, one initializer), two calls.
    assert_eq!(g.as_value().users().len(), 4);
    let calls = g.direct_calls();
    assert_eq!(calls.len(), 2);
    assert_ne!(calls[0], calls[1]);
}

#[test]
fn blocks_list_their_instructions_and_branches_and_phis_name_them() {
    let ctx = Context::new();
    let m = ctx
        .parse_ir(
            b"define i32 @f(i1 %c) {\n\
              entry:\n  br i1 %c, label %then, label %join\n\
              then:\n  br label %join\n\
              join:\n  %r = phi i32 [ 1, %entry ], [ 2, %then ]\n  ret i32 %r\n}\n\
              declare void @g()\n"
                .to_vec(),
            "blocks",
        )
        .expect("parses");
    let f = m.get_function("f").expect("@f");
    let blocks = f.basic_blocks();
    let sizes: Vec<usize> = blocks.iter().map(|b| b.instructions().len()).collect();
    assert_eq!(sizes, [1, 1, 2]);
    assert!(m.get_function("g").expect("@g").basic_blocks().is_empty());
    let branch = blocks[0].instructions()[0];
    // `br i1 %c, label %then, label %join`: LLVM keeps the targets last-first.
    let targets: Vec<BasicBlock<'_>> = (1..3)
        .filter_map(|i| branch.operand(i)?.as_basic_block())
        .collect();
    assert_eq!(targets, [blocks[2], blocks[1]]);
    assert_eq!(
        branch.operand(1).map(Value::kind),
        Some(ValueKind::BasicBlock)
    );
    assert!(branch.operand(0).and_then(Value::as_basic_block).is_none());
    let phi = blocks[2].instructions()[0];
    assert_eq!(phi.incoming_blocks(), [blocks[0], blocks[1]]);
    assert!(branch.incoming_blocks().is_empty());
}

/// The details of `f`'s `n`th instruction.
fn details_of<'m>(f: Function<'m>, n: usize) -> Details<'m> {
    f.instructions()[n].details().expect("readable details")
}

#[test]
fn details_tell_apart_what_opcode_type_and_operands_do_not() {
    let ctx = Context::new();
    let m = ctx
        .parse_ir(
            br#"%A = type { i32 }
%B = type { i64 }
declare void @h(ptr)
define void @f(ptr %p, i32 %x, float %y) {
  %c1 = icmp slt i32 %x, 0
  %c2 = icmp ult i32 %x, 0
  %c3 = icmp slt i32 %x, 0
  %a1 = add nuw i32 %x, 1
  %a2 = add i32 %x, 1
  %l1 = load i32, ptr %p, align 4
  %l2 = load i32, ptr %p, align 2
  %l3 = load volatile i32, ptr %p, align 4
  %l4 = load atomic i32, ptr %p syncscope("workgroup") acquire, align 4
  %l5 = load atomic i32, ptr %p acquire, align 4
  %g1 = getelementptr %A, ptr %p, i64 1
  %g2 = getelementptr %B, ptr %p, i64 1
  %g3 = getelementptr inbounds %A, ptr %p, i64 1
  %s1 = alloca %A
  %s2 = alloca %B
  call void @h(ptr byval(%A) %p)
  call void @h(ptr byval(%B) %p)
  call void @h(ptr "k"="v" %p)
  %f1 = fadd fast float %y, 1.0
  %f2 = fadd float %y, 1.0
  %e1 = extractvalue { i32, i32 } zeroinitializer, 0
  %e2 = extractvalue { i32, i32 } zeroinitializer, 1
  %v1 = shufflevector <2 x i32> zeroinitializer, <2 x i32> zeroinitializer, <2 x i32> <i32 0, i32 1>
  %v2 = shufflevector <2 x i32> zeroinitializer, <2 x i32> zeroinitializer, <2 x i32> <i32 1, i32 poison>
  ret void
}
@g = global i32 0
@k = constant i32 0, align 8
@gep = global ptr getelementptr (i8, ptr @g, i64 4)
@sum = global i64 add (i64 ptrtoint (ptr @g to i64), i64 1)
"#
            .to_vec(),
            "details",
        )
        .expect("parses");
    let f = m.get_function("f").expect("@f");
    let differ = |a: usize, b: usize| details_of(f, a) != details_of(f, b);
    assert!(!differ(0, 2), "the same comparison");
    for (a, b, what) in [
        (0, 1, "predicate"),
        (3, 4, "wrap flags"),
        (5, 6, "alignment"),
        (5, 7, "volatile"),
        (8, 9, "sync scope"),
        (5, 8, "ordering"),
        (10, 11, "GEP source type"),
        (10, 12, "GEP flags"),
        (13, 14, "allocated type"),
        (15, 16, "byval type"),
        (15, 17, "string attribute"),
        (18, 19, "fast-math flags"),
        (20, 21, "indices"),
        (22, 23, "shuffle mask"),
    ] {
        assert!(differ(a, b), "{what}");
    }
    let [byval_a, byval_b] = [15, 16].map(|n| details_of(f, n));
    let struct_names: Vec<Option<String>> = [byval_a, byval_b]
        .iter()
        .filter_map(|d| d.types.iter().find(|t| t.kind() == TypeKind::Struct))
        .map(|t| t.struct_name())
        .collect();
    assert_eq!(struct_names, [Some("A".into()), Some("B".into())]);
    let globals = m.globals();
    let initializer = |n: usize| globals[n].initializer().expect("an initializer");
    assert_eq!(
        initializer(2).details().map(|d| d.types.len()),
        Some(1),
        "a constant GEP's source type"
    );
    assert!(
        initializer(3).details().is_none(),
        "a constant add's flags are unread"
    );
    assert_ne!(globals[0].details(), globals[1].details());
    // Functions: calling convention, type and parameter attributes.
    let h = m.get_function("h").expect("@h");
    assert_ne!(f.details(), h.details());
}

#[test]
fn function_details_include_parameter_attributes_not_function_attributes() {
    let ctx = Context::new();
    let m = ctx
        .parse_ir(
            b"%A = type { [4 x i8] }\n%B = type { [8 x i8] }\n\
              define void @a(ptr byval(%A) %p) #0 {\n  ret void\n}\n\
              define void @b(ptr byval(%A) %p) #1 {\n  ret void\n}\n\
              define void @c(ptr byval(%B) %p) #0 {\n  ret void\n}\n\
              define void @d(ptr noundef %p) #0 {\n  ret void\n}\n\
              define spir_func void @e(ptr byval(%A) %p) #0 {\n  ret void\n}\n\
              attributes #0 = { \"sycl-module-id\"=\"a.cpp\" }\n\
              attributes #1 = { \"sycl-module-id\"=\"b.cpp\" noinline }\n"
                .to_vec(),
            "params",
        )
        .expect("parses");
    let details = |name: &str| m.get_function(name).expect("defined").details();
    assert_eq!(details("a"), details("b"));
    assert_ne!(details("a"), details("c"));
    assert_ne!(details("a"), details("d"));
    assert_ne!(details("a"), details("e"));
}

#[test]
fn linkage_poison_metadata_and_function_types() {
    let ctx = Context::new();
    let m = ctx
        .parse_ir(
            b"@p = private constant i32 1\n@i = internal global i32 2\n\
              @o = linkonce_odr global i32 3\n@w = weak_odr global i32 4\n@e = external global i32\n\
              declare float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)\n\
              declare i32 @v(i32, ...)\n\
              define float @f(float %x) !reqd_work_group_size !0 {\n  \
              %r = call float @llvm.experimental.constrained.fadd.f32(float %x, float poison, metadata !\"round.dynamic\", metadata !\"fpexcept.strict\") strictfp\n  \
              %s = fadd float %x, undef\n  ret float %r\n}\n\
              !0 = !{i32 8, i32 1, i32 1}\n"
                .to_vec(),
            "linkage",
        )
        .expect("parses");
    let linkages: Vec<Option<Linkage>> = m.globals().iter().map(|g| g.linkage()).collect();
    assert_eq!(
        linkages,
        [
            Some(Linkage::Private),
            Some(Linkage::Internal),
            Some(Linkage::LinkOnceOdr),
            Some(Linkage::WeakOdr),
            Some(Linkage::External)
        ]
    );
    assert!(Linkage::Private.is_local() && !Linkage::LinkOnceOdr.is_local());
    assert!(Linkage::WeakOdr.is_linkonce_or_weak() && !Linkage::External.is_linkonce_or_weak());
    assert_eq!(ctx.const_int(32, 1).linkage(), None);
    let f = m.get_function("f").expect("@f");
    let [call, fadd, _] = f.instructions()[..] else {
        panic!("three instructions")
    };
    let poison = call.operand(1).expect("poison");
    let undef = fadd.operand(1).expect("undef");
    assert_eq!(
        (poison.kind(), undef.kind()),
        (ValueKind::Undef, ValueKind::Undef)
    );
    assert!(poison.is_poison() && !undef.is_poison());
    let rounding = call.operand(2).expect("metadata");
    assert_eq!(rounding.kind(), ValueKind::Metadata);
    assert_eq!(rounding.md_string().as_deref(), Some("round.dynamic"));
    let attached = f.metadata_attachments();
    assert_eq!(attached.len(), 1);
    assert_eq!(attached[0].0, ctx.md_kind_id("reqd_work_group_size"));
    assert_ne!(attached[0].0, ctx.md_kind_id("dbg"));
    let same = ctx.md_node(&[1, 1, 1].map(|_| ctx.const_int_md(32, 1)));
    let eight = ctx.md_node(&[
        ctx.const_int_md(32, 8),
        ctx.const_int_md(32, 1),
        ctx.const_int_md(32, 1),
    ]);
    assert_eq!(attached[0].1, eight, "uniqued nodes are one handle");
    assert_ne!(attached[0].1, same);
    let v = m.get_function("v").expect("@v").function_type();
    assert!(v.is_var_arg() && !f.function_type().is_var_arg());
    assert_eq!(v.return_type(), Some(ctx.int_type(32)));
    assert_eq!(v.param_types(), [ctx.int_type(32)]);
    assert!(ctx.int_type(32).return_type().is_none());
    assert!(ctx.int_type(32).param_types().is_empty());
}

#[test]
fn an_unpositioned_builder_builds_nothing() {
    let ctx = Context::new();
    let m = parse(&ctx, "a");
    let p = m.globals()[0].as_value();
    let builder = m.builder();
    assert!(builder.store(ctx.const_int(32, 1), p).is_none());
}

#[test]
fn a_builder_before_an_erased_instruction_builds_nothing() {
    let ctx = Context::new();
    let m = parse(&ctx, "a");
    let f = m.get_function("f").expect("@f");
    let store = f.instructions()[1];
    let builder = m.builder();
    assert!(builder.position_before(store));
    let p = m.globals()[0].as_value();
    assert!(m.erase(store));
    assert!(builder.store(ctx.const_int(32, 1), p).is_none());
    m.verify().expect("valid");
}

#[test]
fn delete_unused_deletes_only_unused_globals_of_the_module() {
    let ctx = Context::new();
    let mut a = parse(&ctx, "a");
    let b = parse(&ctx, "b");
    let stale = b.get_function("unused").expect("@unused").id();
    drop(b);
    let unused = a.get_function("unused").expect("@unused").id();
    let used = a.get_function("f").expect("@f").id();
    let g = a.globals()[0].id();
    // `f` and `g` are unused too here; B's id names nothing of A's.
    assert_eq!(a.delete_unused(&[stale]), 0);
    assert_eq!(a.delete_unused(&[unused, unused]), 1);
    assert!(a.get_function("unused").is_none());
    assert_eq!(a.delete_unused(&[unused]), 0, "already gone");
    assert_eq!(a.delete_unused(&[used, g]), 2);
    a.verify().expect("valid");
}

/// The refusals of the builders, RAUW and link that no other test shows (review 2026-11-27
/// §2.1, "lesser points").
#[test]
fn operands_llvm_rejects_are_refused() {
    let ctx = Context::new();
    let other = Context::new();
    let m = ctx
        .parse_ir(
            b"declare void @h(ptr, i32)\n@s = addrspace(1) global i32 0\n\
define void @f(ptr %p, i64 %n) {\n  %x = load i32, ptr %p\n  ret void\n}\n"
                .to_vec(),
            "m",
        )
        .expect("parses");
    let f = m.get_function("f").expect("@f");
    let [p, n] = f.params()[..] else {
        panic!("two parameters")
    };
    let x = f.instructions()[0].as_value();
    let b = m.builder();
    assert!(b.position_before(f.instructions()[1]));
    let h = Callee::new(m.get_function("h").expect("@h"));
    assert!(b.call(&h, &[p]).is_none(), "too few arguments");
    assert!(b.call(&h, &[p, n]).is_none(), "i64 for i32");
    assert!(b.call(&h, &[x, p]).is_none(), "swapped");
    assert!(b.call(&h, &[p, x]).is_some());
    let i32t = ctx.int_type(32);
    assert!(b.array_alloca(i32t, p, 4).is_none(), "a pointer count");
    assert!(b.array_alloca(other.int_type(32), n, 4).is_none());
    assert!(b.array_alloca(i32t, n, 4).is_some());
    let s = m.globals()[0].as_value();
    assert!(
        b.address_space_cast(s, ctx.pointer_type(1), c"").is_none(),
        "same space"
    );
    assert!(
        b.address_space_cast(x, ctx.pointer_type(0), c"").is_none(),
        "an integer"
    );
    assert!(
        b.address_space_cast(s, other.pointer_type(0), c"")
            .is_none()
    );
    assert!(b.address_space_cast(s, ctx.pointer_type(0), c"").is_some());
    assert!(b.trunc(x, ctx.int_type(64), c"").is_none(), "a widening");
    assert!(b.trunc(p, ctx.int_type(8), c"").is_none(), "a pointer");
    assert!(b.trunc(n, other.int_type(8), c"").is_none());
    assert!(b.trunc(n, i32t, c"").is_some());
    drop(b);
    assert!(x.replace_all_uses_with(n).is_err(), "i64 for i32");
    m.verify().expect("valid");
    let mut m = m;
    let foreign = other.parse_ir(Vec::new(), "o").expect("parses");
    assert!(m.link(foreign).is_err());
}

#[test]
#[should_panic(expected = "metadata of another LLVM context")]
fn function_metadata_of_another_context_is_a_panic() {
    let ctx = Context::new();
    let other = Context::new();
    let m = parse(&ctx, "a");
    m.get_function("f")
        .expect("@f")
        .set_metadata("n", other.md_node(&[]));
}

/// Metadata as a value can name any module's values (`!{ptr @g}`); the builders take none.
#[test]
fn metadata_values_are_no_call_arguments() {
    let ctx = Context::new();
    let a = ctx
        .parse_ir(
            b"declare void @llvm.experimental.noalias.scope.decl(metadata)\n\
define void @f() {\n  ret void\n}\n"
                .to_vec(),
            "a",
        )
        .expect("parses");
    let b = ctx
        .parse_ir(
            b"@gb = global i32 0\n!named = !{!0}\n!0 = !{ptr @gb}\n".to_vec(),
            "b",
        )
        .expect("parses");
    let naming_gb = b.named_md_operands("named")[0];
    assert_eq!(naming_gb.kind(), ValueKind::Metadata);
    let decl = Callee::new(
        a.get_function("llvm.experimental.noalias.scope.decl")
            .expect("the declaration"),
    );
    let builder = a.builder();
    let f = a.get_function("f").expect("@f");
    assert!(builder.position_before(f.instructions()[0]));
    assert!(builder.call(&decl, &[naming_gb]).is_none());
}

const NVPTX_KERNEL: &str = r#"target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@shared = external addrspace(3) global [0 x i8], align 16
define ptx_kernel void @k(ptr addrspace(1) %out, i64 %offset) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i8, ptr addrspace(3) @shared, i64 %offset
  store i32 %tid, ptr addrspace(3) %p
  store i32 %tid, ptr addrspace(1) %out
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
"#;

fn ptx_of(text: &str) -> String {
    let ctx = Context::new();
    let mut m = ctx
        .parse_ir(text.as_bytes().to_vec(), "k")
        .expect("the test IR parses");
    let machine = TargetMachine::for_cpu(
        "nvptx64-nvidia-cuda",
        "sm_90",
        "+ptx78",
        CodeGenLevel::Default,
    )
    .expect("LLVM has the NVPTX target");
    let ptx = m.emit_assembly(&machine).expect("PTX");
    String::from_utf8(ptx).expect("PTX is text")
}

#[test]
fn ptx_is_generated_for_the_cpu_and_features_asked() {
    let ptx = ptx_of(NVPTX_KERNEL);
    assert!(ptx.contains(".version 7.8"), "{ptx}");
    assert!(ptx.contains(".target sm_90"), "{ptx}");
    assert!(ptx.contains(".visible .entry k("), "{ptx}");
    assert!(
        ptx.contains(".extern .shared .align 16 .b8 shared[]"),
        "{ptx}"
    );
    assert!(!ptx.contains('\0'));
}

/// The NVPTX backend keeps no state from one emission to the next (unlike LLVM 22's SPIR-V
/// backend, `post_link::isolate`), so PTX is emitted in process: the same module gives the
/// same PTX after another module was emitted.
#[test]
fn ptx_emission_leaves_nothing_behind_for_the_next() {
    let first = ptx_of(NVPTX_KERNEL);
    let other = NVPTX_KERNEL.replace("@k(", "@other(");
    assert!(ptx_of(&other).contains(".entry other("));
    assert_eq!(ptx_of(NVPTX_KERNEL), first);
}

#[test]
fn an_invalid_module_names_its_first_invalid_function() {
    let ctx = Context::new();
    let text = "define void @fine() {\n  ret void\n}\n\
                define i32 @broken(i32 %x) {\nentry:\n  ret i32 %y\nnext:\n  %y = add i32 %y, 1\n  ret i32 %y\n}\n";
    let m = ctx
        .parse_ir(text.as_bytes().to_vec(), "broken.ll")
        .expect("parses: only the verifier refuses it");
    let invalid = m.verify_located().expect_err("does not verify");
    assert_eq!(invalid.function.as_deref(), Some("broken"));
    assert!(
        invalid
            .in_step("device link")
            .starts_with("internal error in device link of function 'broken': LLVM's verifier: "),
        "{}",
        invalid.in_step("device link")
    );
    assert!(parse(&ctx, "fine").verify_located().is_ok());
    // A global's fault is no function's.
    let global = ctx
        .parse_ir(b"@g = common global i32 1\n".to_vec(), "g.ll")
        .expect("parses");
    assert_eq!(global.verify_located().expect_err("invalid").function, None);
}

#[test]
fn lane_builders_refuse_what_llvm_would_not_take() {
    let ctx = Context::new();
    let text = "define i1 @f(<4 x i1> %v, i1 %a, i32 %w, i32 %x) {\n  ret i1 %a\n}\n\
                define i1 @g(i1 %b) {\n  ret i1 %b\n}\n";
    let m = ctx
        .parse_ir(text.as_bytes().to_vec(), "lanes.ll")
        .expect("parses");
    let f = m.get_function("f").expect("@f");
    let [v, a, w, x] = f.params()[..] else {
        panic!("four parameters")
    };
    let other = m.get_function("g").expect("@g").params()[0];
    let b = m.builder();
    assert!(b.extract_element(v, 0).is_none(), "not positioned yet");
    assert!(b.position_before(f.instructions()[0]));
    assert!(b.extract_element(v, 4).is_none(), "lane 4 of 4");
    assert!(b.extract_element(a, 0).is_none(), "not a vector");
    assert!(b.logic(Logic::Or, a, w).is_none(), "two types");
    assert!(b.logic(Logic::Or, v, v).is_none(), "not an integer");
    assert!(
        b.logic(Logic::And, a, other).is_none(),
        "another function's argument"
    );
    assert!(b.not(v).is_none(), "not an integer");
    let lane = b.extract_element(v, 3).expect("lane 3");
    let both = b.logic(Logic::And, lane, a).expect("and");
    let either = b.logic(Logic::Or, w, x).expect("or");
    assert!(b.logic(Logic::Xor, both, a).is_some());
    assert!(b.not(either).is_some());
    m.verify().expect("valid");
}
