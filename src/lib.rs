//! Ankara: a single-binary online shop priced in naira. The binary and the tests share this library.

pub mod api;
pub mod app;
pub mod auth;
pub mod backup;
pub mod bag;
pub mod cache;
pub mod catalog;
pub mod cli;
pub mod config;
pub mod content;
pub mod cpu;
pub mod db;
pub mod email;
pub mod error;
pub mod mail;
pub mod media;
pub mod metrics;
pub mod money;
pub mod net;
pub mod orders;
pub mod payments;
pub mod saved;
pub mod search;
pub mod spa;
pub mod submissions;
pub mod util;
