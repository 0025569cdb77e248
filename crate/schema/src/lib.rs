//! overhead-schema
