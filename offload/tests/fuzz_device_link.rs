//! Fuzz target: the device link of modules that disagree on declarations (issue 38). Each
//! input's bytes choose two TUs' device code: one function `@f` each TU declares or defines
//! with a type of its own (return and parameter types from scalars, vectors, `%S`, arrays,
//! pointers, `byval(%S)`), with its own linkage, and a struct type `%S` whose body differs
//! between the TUs; each TU has a kernel that calls `@f` with its own type. The whole link
//! runs (`build_images`: link, checks, spec-constant lowering, SPIR-V emission in a forked
//! child), and the answer must be an image or a clean error: no panic, no crash of LLVM
//! (in the child: an error saying it was killed by a signal). Most disagreements are refused
//! by the link itself (`device_link::MismatchedCall`: a call whose type is not its callee's
//! definition's), the rest (both TUs only declare `@f`) as undefined.
//!
//! Runs without libtest's harness (`harness = false`): SPIR-V emission forks, which is refused
//! while other threads run.

use offload::device::{DeviceInputs, Targets, build_images};
use offload::{Mode, Split};

/// Types a TU may give `@f`'s return value and parameter.
const TYPES: [&str; 12] = [
    "i32",
    "i64",
    "float",
    "double",
    "<4 x float>",
    "<2 x i64>",
    "<3 x float>",
    "%S",
    "ptr addrspace(4)",
    "i8",
    "half",
    "[4 x float]",
];

/// Bodies of `%S` (named alike in both TUs, so LLVM's linker renames one).
const STRUCT_BODIES: [&str; 4] = [
    "{ i32, float }",
    "{ i64 }",
    "{ <4 x float> }",
    "{ { i32, [2 x float] }, double }",
];

const LINKAGES: [&str; 4] = ["", "linkonce_odr ", "weak_odr ", "internal "];

/// One TU's view of `@f`, chosen by four bytes.
struct Side {
    ret: Option<&'static str>,
    param: &'static str,
    byval: bool,
    defines: bool,
    linkage: &'static str,
    body: &'static str,
}

impl Side {
    fn from(bytes: &[u8]) -> Side {
        let at = |i: usize| bytes.get(i).copied().unwrap_or(0) as usize;
        let flags = at(2);
        Side {
            // One in thirteen: void.
            ret: TYPES.get(at(0) % (TYPES.len() + 1)).copied(),
            param: TYPES[at(1) % TYPES.len()],
            byval: flags & 1 != 0,
            defines: flags & 2 != 0,
            linkage: LINKAGES[(flags >> 2) % LINKAGES.len()],
            body: STRUCT_BODIES[at(3) % STRUCT_BODIES.len()],
        }
    }

    /// The TU's device code: `%S`, `@f` (declared or defined), and kernel `@k_<tu>` calling
    /// it.
    fn module(&self, tu: &str) -> String {
        let ret = self.ret.unwrap_or("void");
        let param = if self.byval {
            "ptr byval(%S)".to_string()
        } else {
            self.param.to_string()
        };
        let mut text = format!(
            "target datalayout = \"e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1\"\n\
             target triple = \"spir64-unknown-unknown\"\n\
             %S = type {}\n\
             @seen_{tu} = addrspace(1) global {} zeroinitializer\n\
             @out_{tu} = addrspace(1) global {ret_slot} zeroinitializer\n",
            self.body,
            if self.byval { "%S" } else { self.param },
            ret_slot = self.ret.unwrap_or("i8"),
        );
        if self.defines {
            let stored = if self.byval {
                "  %v = load %S, ptr %p\n  store %S %v, ptr addrspace(1) @seen_X\n".replace('X', tu)
            } else {
                format!("  store {} %p, ptr addrspace(1) @seen_{tu}\n", self.param)
            };
            let returned = match self.ret {
                Some(ty) => format!("  ret {ty} zeroinitializer\n"),
                None => "  ret void\n".to_string(),
            };
            text += &format!(
                "define {}spir_func {ret} @f({param} %p) {{\n{stored}{returned}}}\n",
                self.linkage
            );
        } else {
            text += &format!("declare spir_func {ret} @f({param})\n");
        }
        let argument = if self.byval {
            "  %a = alloca %S\n  store %S zeroinitializer, ptr %a\n".to_string()
        } else {
            String::new()
        };
        let call_argument = if self.byval {
            "ptr byval(%S) %a".to_string()
        } else {
            format!("{} zeroinitializer", self.param)
        };
        let call = match self.ret {
            Some(ty) => format!(
                "  %r = call spir_func {ty} @f({call_argument})\n  store {ty} %r, ptr addrspace(1) @out_{tu}\n"
            ),
            None => format!("  call spir_func void @f({call_argument})\n"),
        };
        text += &format!("define spir_kernel void @k_{tu}() {{\n{argument}{call}  ret void\n}}\n");
        text
    }
}

fn main() {
    // Seeds: the two TUs agree; one declares what the other defines with another type; both
    // define, linkonce_odr, with different types and struct bodies.
    let seeds = vec![
        vec![0, 0, 2, 0, 0, 0, 0, 0],
        vec![0, 0, 2, 0, 1, 1, 0, 0],
        vec![7, 4, 6, 0, 4, 7, 6, 2],
        vec![12, 7, 3, 1, 1, 0, 2, 3],
    ];
    let images = std::cell::Cell::new(0u64);
    let refused = std::cell::Cell::new(0u64);
    // A link, a lowering and a forked SPIR-V emission per execution: a hundredth of the byte
    // readers' runs.
    let report = fuzz::run_scaled("device-link-declarations", &seeds, 100, |bytes| {
        let (a, b) = bytes.split_at(bytes.len().min(4));
        let inputs = DeviceInputs {
            spir64: vec![
                ("a.o".into(), Side::from(a).module("a").into_bytes()),
                ("b.o".into(), Side::from(b).module("b").into_bytes()),
            ],
            nvptx64: Vec::new(),
        };
        let targets = Targets {
            spirv: Some(Mode::Native),
            cpu_ahead_of_time: false,
            nvptx: None,
        };
        match build_images(inputs, targets, Split::None, "1.2") {
            Ok((built, _)) => {
                assert!(!built.is_empty(), "no image and no error");
                images.set(images.get() + 1);
            }
            Err(e) => {
                let message = e.to_string();
                assert!(
                    !message.contains("signal") && !message.contains("thread"),
                    "LLVM crashed (or the fork was refused): {message}\n{}\n{}",
                    Side::from(a).module("a"),
                    Side::from(b).module("b")
                );
                refused.set(refused.get() + 1);
            }
        }
    });
    // Both answers occur: the target reaches the emission, and the refusals.
    let (images, refused) = (images.get(), refused.get());
    assert!(images > 0, "no link made an image");
    assert!(refused > 0, "no link was refused");
    eprintln!(
        "fuzz device-link-declarations: {} executions, {images} images, {refused} refused",
        report.executions
    );
}
