//! Every integration test in one binary: the real app booted on port 0 with a temporary data
//! directory (see `common`), driven the way browsers, Paystack and the merchant's commands do.

mod common;

mod abroad;
mod accounts;
mod alerts;
mod back_office;
mod chats;
mod collections_admin;
mod commerce;
mod counter;
mod couriers;
mod crash;
mod credit;
mod delivery;
mod feeds;
mod foundation;
mod hardening;
mod home_page;
mod import;
mod listing;
mod mail;
mod messages;
mod operations;
mod pages;
mod pay_on_delivery;
mod payments;
mod people;
mod pictures;
mod product_admin;
mod refunds;
mod restore;
mod returns;
mod reviews;
mod riders;
mod search;
mod setup;
mod shop_identity;
mod shopping;
mod standby;
mod stock;
mod structure;
mod uploads;
mod ways_to_pay;
