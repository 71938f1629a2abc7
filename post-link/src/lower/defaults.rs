//! Default-value images: each getter call becomes its default value (§5).

use super::sites::Site;
use super::state::{Plan, State};

impl<'c> State<'c> {
    pub(super) fn default_value(&mut self, site: &Site<'c>) -> Result<Plan<'c>, String> {
        let default = self.default_of(site)?;
        if site.sret_dst.is_some() || default.ty() == site.sc_ty {
            // With sret the default is stored with its own type (§5).
            return Ok(Plan::Value(default));
        }
        if site.sc_ty.int_width() == Some(1) && default.ty().int_width() == Some(8) {
            return Ok(Plan::Bool(default, site.sc_ty));
        }
        Err("default value type differs from the getter's return type".into())
    }
}
