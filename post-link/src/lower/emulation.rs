//! Emulation (AOT targets): each getter call becomes a load from the spec-constant buffer
//! argument, at the constant's offset in the buffer layout (§4).

use super::native::Op;
use super::sites::Site;
use super::state::{Plan, State};
use crate::model::{Desc, Kind, PADDING_ID};

impl<'c> State<'c> {
    pub(super) fn emulation(&mut self, site: &Site<'c>) -> Result<Plan<'c>, String> {
        let sc = self.ty(site.sc_ty)?;
        let buffer = site.buffer.ok_or("no spec-constant buffer argument")?;
        let offset = match self.record_of(site) {
            Some(idx) => {
                self.records[idx].report.uses += 1;
                self.records[idx].report.emulation_offset.unwrap_or(0)
            }
            None => {
                let default = self.default_of(site)?;
                let dsize = self
                    .layout
                    .store_size(default.ty())
                    .ok_or("the default value has no size")?;
                let slot = self.emu.place(sc.store, sc.align);
                if slot.padding > 0 {
                    // The padding triple goes to the previous constant (§4).
                    if let Some(prev) = self.records.last_mut() {
                        let prev_size = prev
                            .report
                            .descriptors
                            .first()
                            .map_or(0, |d| u64::from(d.size));
                        prev.report.descriptors.push(
                            Desc::new(PADDING_ID, prev_size, slot.padding)
                                .map_err(|e| e.to_string())?,
                        );
                    }
                }
                let bytes = self.default_bytes(default)?;
                let idx = self.new_record(site, &sc, default, &bytes);
                let r = &mut self.records[idx];
                r.padding_before = slot.padding;
                r.report.ids = vec![slot.id];
                r.report.descriptors =
                    vec![Desc::new(slot.id, 0, dsize).map_err(|e| e.to_string())?];
                r.report.emulation_offset = Some(slot.offset);
                r.report.uses = 1;
                slot.offset
            }
        };
        let is_bool = sc.kind == Kind::Int(1);
        let load_ty = if is_bool {
            self.ctx.int_type(8)
        } else {
            site.sc_ty
        };
        Ok(Plan::Load {
            buffer,
            offset,
            ty: load_ty,
            align: self
                .layout
                .abi_align(load_ty)
                .ok_or("internal: the spec constant's type has no size")? as u32,
            to_bool: is_bool.then_some(site.sc_ty),
        })
    }
}

impl<'c> State<'c> {
    /// An `llvm.sycl.alloca` length in an emulated SPIR-V image: the constant takes its place
    /// in the buffer layout (so it has an ID and the runtime a value for it), and the length is
    /// that ID read natively, which Intel's runtime sets for emulated images too.
    pub(super) fn emulated_alloca_length(&mut self, site: &Site<'c>) -> Result<Plan<'c>, String> {
        self.emulation(site)?;
        let idx = self
            .record_of(site)
            .ok_or("internal: no record for the private array's length")?;
        let id = *self.records[idx]
            .report
            .ids
            .first()
            .ok_or("internal: the private array's length has no ID")?;
        let default = self.records[idx].default;
        let length = self.ty(default.ty())?;
        let decl = self.scalar_decl(&length)?;
        self.extra.push(vec![Op::Leaf {
            decl,
            args: [self.ctx.const_int(32, u64::from(id)), default],
            trunc: None,
        }]);
        Ok(Plan::Extra(self.extra.len() - 1))
    }
}
