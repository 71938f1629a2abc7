//! The `!sycl.specialization-constants*` metadata: written by the pass (§3.6, §4) and read
//! back for the property sets (§8.4), as DPC++'s `computeModuleProperties` does.

use super::LowerError;
use super::state::State;
use super::types::{const_model, ty_model};
use crate::llvm::{Md, Module};
use crate::model::{self, Desc};

pub(crate) const MD_SPEC_CONSTANTS: &str = "sycl.specialization-constants";
pub(crate) const MD_SPEC_DEFAULTS: &str = "sycl.specialization-constants-default-values";
pub(crate) const MD_DEFAULT_MODULE: &str = "sycl.specialization-constants-default-values-module";
// The same names as C strings, for the per-node metadata calls.
const MD_SPEC_CONSTANTS_C: &std::ffi::CStr = c"sycl.specialization-constants";
const MD_SPEC_DEFAULTS_C: &std::ffi::CStr = c"sycl.specialization-constants-default-values";

impl<'c> State<'c> {
    /// §3.6/§4: both named lists, always created; one node per symbolic ID.
    pub(super) fn write_metadata(&self) -> Result<(), String> {
        let m = self.module;
        m.ensure_named_md(MD_SPEC_CONSTANTS);
        m.ensure_named_md(MD_SPEC_DEFAULTS);
        // Offsets and sizes repeat across constants: their metadata wrappers are looked up
        // once instead of through two LLVM hash tables per operand.
        let mut small: Vec<Option<Md<'c>>> = vec![None; 256];
        let mut int_md = |x: u32| match small.get_mut(x as usize) {
            Some(slot) => *slot.get_or_insert_with(|| self.ctx.const_int_md(32, u64::from(x))),
            None => self.ctx.const_int_md(32, u64::from(x)),
        };
        let not_constant = || "internal: a default value is not a constant".to_string();
        let mut ops = Vec::new();
        for r in &self.records {
            ops.clear();
            ops.push(self.ctx.md_string(&r.report.symbolic_id));
            for d in &r.report.descriptors {
                for x in [d.id, d.offset, d.size] {
                    ops.push(int_md(x));
                }
            }
            m.add_named_md(MD_SPEC_CONSTANTS_C, self.ctx.md_node(&ops));
            if r.padding_before > 0 {
                let pad = self.ctx.zero_bytes(r.padding_before);
                let pad = pad.as_md().ok_or_else(not_constant)?;
                m.add_named_md(MD_SPEC_DEFAULTS_C, self.ctx.md_node(&[pad]));
            }
            let default = r.default.as_md().ok_or_else(not_constant)?;
            m.add_named_md(MD_SPEC_DEFAULTS_C, self.ctx.md_node(&[default]));
        }
        Ok(())
    }
}

/// Spec constants as recorded in the module's metadata, for the property sets (§8.4).
#[derive(Debug, Default, Clone)]
pub struct SpecConstTables {
    /// Symbolic ID → descriptor triples, in metadata order.
    pub descriptors: Vec<(String, Vec<Desc>)>,
    /// The concatenated default blob (§6).
    pub default_blob: Vec<u8>,
}

pub fn read_spec_constants(module: &Module<'_>) -> Result<SpecConstTables, LowerError> {
    let bad = |m: &str| LowerError::Metadata(m.to_string());
    let mut out = SpecConstTables::default();
    for node in module.named_md_operands(MD_SPEC_CONSTANTS) {
        let ops = node.md_node_operands();
        let (first, rest) = ops.split_first().ok_or_else(|| bad("empty node"))?;
        let name = first
            .md_string()
            .ok_or_else(|| bad("first operand is not a string"))?;
        if rest.len() % 3 != 0 {
            return Err(bad(&format!(
                "'{name}': operand count is not a multiple of 3"
            )));
        }
        let mut descs = Vec::new();
        for t in rest.chunks(3) {
            let mut vals = [0u32; 3];
            for (slot, v) in vals.iter_mut().zip(t) {
                let x = v
                    .const_int_zext()
                    .ok_or_else(|| bad(&format!("'{name}': non-integer operand")))?;
                *slot = u32::try_from(x)
                    .map_err(|_| bad(&format!("'{name}': operand out of range")))?;
            }
            descs.push(Desc {
                id: vals[0],
                offset: vals[1],
                size: vals[2],
            });
        }
        out.descriptors.push((name, descs));
    }
    let layout = module.layout();
    for node in module.named_md_operands(MD_SPEC_DEFAULTS) {
        let ops = node.md_node_operands();
        let [c] = ops[..] else {
            return Err(bad("default-value node must have one operand"));
        };
        let ty = ty_model(&layout, c.ty()).map_err(|e| bad(&e.to_string()))?;
        let k = const_model(c, &ty).map_err(|e| bad(&e.to_string()))?;
        let bytes = model::blob(&ty, &k).map_err(|e| bad(&e.to_string()))?;
        out.default_blob.extend_from_slice(&bytes);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metadata_names_agree() {
        assert_eq!(MD_SPEC_CONSTANTS_C.to_str(), Ok(MD_SPEC_CONSTANTS));
        assert_eq!(MD_SPEC_DEFAULTS_C.to_str(), Ok(MD_SPEC_DEFAULTS));
    }
}
