//! Command line: `play`, `odds`, `review`, `simulate` and `serve` on the same library.
//! Native only: on wasm32 it is an empty program (see lib.rs).
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

use std::process::ExitCode;
use tongiaki::script::{run_script, trace_line};
use tongiaki_server::serve::options::ServeOptions;
use tongiaki_server::simulate::{simulate, SimConfig};

const USAGE: &str = "usage:
  tongiaki play SCRIPT.json [--trace]
  tongiaki odds SCRIPT.json
  tongiaki review SAVE.json [--iterations N] [--seed S]
  tongiaki simulate --players N --games G --seed S [--bots a,b,...] [--rotate] [--threads T] [--json]
  tongiaki serve [--port N] [--bind ADDR] [--db sqlite:PATH|postgres://USER@HOST/DB] [--www DIR] [--pkg DIR]
                 [--gone-after S] [--turn-gone-after S] [--turn-clock S] [--live-expiry S]
                 [--turn-expiry S] [--bot-delay MS] [--max-ws-per-addr N] [--search-ms MS]
                 [--max-connections N] [--max-connections-per-addr N]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(|s| s.as_str()) {
        Some("play") => play(&args[1..]),
        Some("odds") => odds(&args[1..]),
        Some("review") => review(&args[1..]),
        Some("simulate") => sim(&args[1..]),
        Some("serve") => serve(&args[1..]),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// The script named on the command line, read and parsed. `Err` is the
/// exit code, after the message (usage on stderr, or the error line of a
/// script that is not JSON on stdout).
fn read_script(args: &[String]) -> Result<serde_json::Value, ExitCode> {
    let Some(path) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("{USAGE}");
        return Err(ExitCode::from(2));
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return Err(ExitCode::from(2));
        }
    };
    serde_json::from_str(&text).map_err(|e| {
        let error = tongiaki::Error::bad_options(
            "bad_options.script_not_json",
            vec![("detail", e.to_string().into())],
        );
        let out = tongiaki::script::ScriptError { index: None, error };
        println!("{}", out.to_json());
        ExitCode::from(1)
    })
}

fn play(args: &[String]) -> ExitCode {
    let trace = args.iter().any(|a| a == "--trace");
    let script = match read_script(args) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let result = run_script(&script, |i, g| {
        if trace {
            println!("{}", trace_line(i, g));
        }
    });
    match result {
        Ok(g) => {
            if !trace {
                println!("{}", g.snapshot_json());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("{}", e.to_json());
            ExitCode::from(1)
        }
    }
}

/// `tongiaki odds SCRIPT.json`: the voyage odds of every legal emigration
/// after the script, one JSON array (docs/api.md "Voyage odds").
fn odds(args: &[String]) -> ExitCode {
    let script = match read_script(args) {
        Ok(s) => s,
        Err(code) => return code,
    };
    match run_script(&script, |_, _| {}) {
        Ok(g) => {
            println!("{}", tongiaki::odds::voyage_odds_json(&g));
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("{}", e.to_json());
            ExitCode::from(1)
        }
    }
}

/// `tongiaki review SAVE.json`: the review of a game (docs/api.md "Review").
fn review(args: &[String]) -> ExitCode {
    use tongiaki_server::review::ReviewError;
    match tongiaki_server::review::review(args) {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(ReviewError::Usage(m)) => {
            eprintln!("review: {m}\n{USAGE}");
            ExitCode::from(2)
        }
        Err(e @ ReviewError::Save(_)) => {
            println!("{}", e.to_json());
            ExitCode::from(1)
        }
    }
}

fn flag<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(|s| s.as_str())
}

fn sim(args: &[String]) -> ExitCode {
    let num = |name: &str, default: u64| -> Result<u64, String> {
        match flag(args, name) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| {
                format!(
                    "{name} needs a whole number, not {}",
                    tongiaki::error::echo(v, tongiaki::error::ECHO_CHARS)
                )
            }),
        }
    };
    let cfg = (|| -> Result<SimConfig, String> {
        Ok(SimConfig {
            players: num("--players", 4)? as usize,
            games: num("--games", 1000)? as usize,
            seed: num("--seed", 1)?,
            bots: flag(args, "--bots")
                .unwrap_or("random")
                .split(',')
                .map(|s| s.trim().to_string())
                .collect(),
            rotate: args.iter().any(|a| a == "--rotate"),
            threads: num("--threads", 1)? as usize,
        })
    })();
    let result = cfg.and_then(|c| simulate(&c).map_err(|e| e.to_string()));
    match result {
        Ok(r) => {
            if args.iter().any(|a| a == "--json") {
                println!("{}", r.to_json());
            } else {
                print!("{}", r.to_text());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("simulate: {e}");
            ExitCode::from(2)
        }
    }
}

fn serve(args: &[String]) -> ExitCode {
    // The game's files and the online tables in one process.
    let options = match ServeOptions::parse(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("serve: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match tongiaki_server::serve::serve(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("serve: {e}");
            ExitCode::from(1)
        }
    }
}
