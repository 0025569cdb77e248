//! overhead-derive
