//! Everything of Tongiaki that does I/O, on the pure engine (the root
//! crate `tongiaki`): the command line's `play` and `simulate`, and the
//! server behind `tongiaki serve`.

pub mod online;
pub mod serve;
pub mod simulate;
