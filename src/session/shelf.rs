//! Saves in localStorage, one per tab: each tab saves under its own key (its id lives in
//! sessionStorage, which survives a reload but not a new tab), so two tabs never overwrite each
//! other, and a new tab starts from the most recent save. The member view and the group view each
//! keep a shelf of their own.

use leptos::prelude::*;

const TAB_KEY: &str = "kip848:tab";
/// Saves kept on a shelf (one per tab, most recent first).
const KEEP: usize = 5;

/// Saves of one kind in localStorage: one key per tab (`prefix` + tab id) and the list of the
/// tabs that saved most recently (`recent`), pruned to [`KEEP`].
pub struct Shelf {
    pub prefix: &'static str,
    pub recent: &'static str,
}

impl Shelf {
    /// This tab's save, else the most recent one: its key and value.
    pub fn newest(&self) -> Option<(String, String)> {
        let storage = local()?;
        let own = tab_id().map(|id| format!("{}{id}", self.prefix));
        let recent = storage
            .get_item(self.recent)
            .ok()
            .flatten()
            .unwrap_or_default();
        let latest = recent
            .split(',')
            .find(|id| !id.is_empty())
            .map(|id| format!("{}{id}", self.prefix));
        own.into_iter().chain(latest).find_map(|key| {
            let value = storage.get_item(&key).ok().flatten()?;
            Some((key, value))
        })
    }

    /// Forgets a save that could not be read.
    pub fn discard(&self, key: &str) {
        if let Some(storage) = local() {
            let _ = storage.remove_item(key);
        }
    }

    /// Saves `value` as this tab's, and drops the saves of tabs beyond the newest [`KEEP`].
    pub fn put(&self, value: &str) -> Result<(), String> {
        let storage = local().ok_or("this browser offers no storage here (private browsing?)")?;
        let id = tab_id().ok_or("this browser offers no session storage here")?;
        storage
            .set_item(&format!("{}{id}", self.prefix), value)
            .map_err(|_| "the browser's storage is full or refused the write".to_owned())?;
        let recent = storage
            .get_item(self.recent)
            .ok()
            .flatten()
            .unwrap_or_default();
        let mut ids: Vec<&str> = std::iter::once(id.as_str())
            .chain(recent.split(',').filter(|r| !r.is_empty() && *r != id))
            .collect();
        for dropped in ids.split_off(ids.len().min(KEEP)) {
            let _ = storage.remove_item(&format!("{}{dropped}", self.prefix));
        }
        let _ = storage.set_item(self.recent, &ids.join(","));
        Ok(())
    }
}

fn local() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

fn tab_id() -> Option<String> {
    let storage = window().session_storage().ok().flatten()?;
    if let Ok(Some(id)) = storage.get_item(TAB_KEY) {
        return Some(id);
    }
    let id = format!("{:x}", (js_sys::Math::random() * 4_294_967_296.0) as u64);
    storage.set_item(TAB_KEY, &id).ok()?;
    Some(id)
}
