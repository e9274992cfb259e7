//! `search`: Monte Carlo tree search over sampled pile orders.
//!
//! The only hidden information in Tongiaki is the order of the pile, and it
//! is hidden from every player alike. So each iteration draws an order of
//! the unseen cards from the bot's own random numbers ([`determinise`]) and
//! plays down the tree on that copy: the cards a voyage reveals are then a
//! fair sample of what the real pile could hold. Cards drawn during an
//! action are *chance outcomes*: a tree edge (an action) keeps one child per
//! outcome seen (keyed by which cards were laid where), so every node stands
//! for exactly one public state and its legal actions are always the same.
//!
//! - Tree over all decision points of all players (in Tongiaki one decision
//!   may be a single `land` of one ship); each edge's statistics are the
//!   rewards of the player who moves at its node, so consecutive decisions
//!   of one player chain naturally.
//! - Selection: UCT on the edges; edges not yet tried are tried in the order
//!   of the greedy heuristic's values (best first), with progressive
//!   widening: a node visited v times considers only its best
//!   `widen_base + widen * sqrt(v)` actions by that order.
//! - Rollouts: `greedy` (the greedy bot's choices, the default), `light`
//!   (random, but never resettles when anything else is legal and never
//!   sends its own ships home) or `random` (uniform); cut after `horizon`
//!   turns (0 = play to the end) and scored from the standings. Greedy
//!   rollouts cost more time per iteration than light ones, the more so the
//!   more players, and win far more often against greedy, which is why
//!   they are the default (BENCHMARKS.md, "Bots: speed").
//! - Reward: `rank` (share of the players beaten, ties half), `win` (share
//!   of first place) or `margin` (score lead, squashed to 0..1).
//! - Budget: iterations and/or milliseconds per decision ([`Budget`]); the
//!   move played is the most visited edge at the root.

use super::greedy::{chain_length, greedy_action, Heuristic, Params, LONG_CHAIN};
use super::{determinise, Bot, BotError, Budget, Clock};
use crate::board::MAX_SEATS;
use crate::cards::CardId;
use crate::game::{Game, Phase};
use crate::moves::Move;
use crate::score::ranking;
use crate::seat::Seat;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A decision among k legal actions gets at most this many iterations per
/// action (but never less than a quarter of the budget): min(budget,
/// max(budget / 4, 40 k)). At the page's 2000 (`SEARCH_ITERATIONS` in
/// www/bots.js) a landing among 3 ships gets 500, a choice among 50 or
/// more the whole 2000: most decisions of a game are small choices, so a
/// game's search costs far less than 2000 per decision (BENCHMARKS.md).
pub const SMALL_CHOICE_ITERATIONS: u32 = 40;

/// Iterations per decision when a spec gives none (`search` alone, as in
/// `simulate`). The page passes its own budget (`SEARCH_ITERATIONS` in
/// www/bots.js, 2000), the server its own (2000 with a 1 s clock,
/// `search_budget` in server/src/online/hub/mod.rs).
pub const DEFAULT_ITERATIONS: u32 = 1000;

/// A rollout stops (and is scored as it stands) when one turn takes this
/// many decisions: an R25 chain that goes round in circles.
const ROLLOUT_TURN_DECISIONS: u32 = 100;
/// ... and when it takes this many in all (a game that stalls: nobody
/// reveals cards any more).
const ROLLOUT_DECISIONS: u32 = 3000;
/// ... and when an R25 question needs more chain states than this (a chain
/// whose exact answer would cost more than many iterations; so rare in
/// play that cutting the rollout there changes little, BENCHMARKS.md).
pub const ROLLOUT_CHAIN_STATES: u32 = 10_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    Random,
    Light,
    Greedy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reward {
    Rank,
    Win,
    Margin,
}

/// Everything that shapes a search; parsed from `search:...` specs.
#[derive(Clone, Copy, Debug)]
pub struct SearchConfig {
    pub budget: Budget,
    pub rollout: Rollout,
    pub reward: Reward,
    /// UCT exploration constant (rewards are in 0..1).
    pub c: f32,
    /// Rollouts stop after this many turns and score the standings (0 = to the end).
    pub horizon: u32,
    /// Progressive widening: actions considered = widen_base + widen * sqrt(visits).
    pub widen_base: f32,
    pub widen: f32,
    /// Iterations per legal action for a small choice (see
    /// [`SMALL_CHOICE_ITERATIONS`]); 0: every decision gets the whole budget.
    pub small: u32,
    /// Flat Monte Carlo on paired pile orders instead of the tree ([`super::flat`]).
    pub flat: bool,
    /// Tree reuse: a decision starts from the part of the bot's last tree
    /// that the moves played since lead to ([`Reused`]).
    pub reuse: bool,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            budget: Budget::default(),
            rollout: Rollout::Greedy,
            reward: Reward::Rank,
            c: 0.7,
            horizon: 0,
            widen_base: 3.0,
            widen: 1.0,
            small: SMALL_CHOICE_ITERATIONS,
            flat: false,
            reuse: false,
        }
    }
}

impl SearchConfig {
    /// Options after `search:`: `N` (iterations), `Nms` (milliseconds),
    /// `rollout=random|light|greedy`, `reward=rank|win|margin`, `c=F`,
    /// `horizon=N`, `widen=F`, `widen_base=F`, `small=N` (iterations per
    /// legal action of a small choice, 0: the whole budget), `flat` (flat
    /// Monte Carlo on paired pile orders instead of the tree), `reuse`
    /// (start each decision from the last one's tree, [`Reused`]).
    pub fn parse(opts: &[&str]) -> Result<SearchConfig, BotError> {
        let mut cfg = SearchConfig::default();
        let (mut iters, mut millis) = (None, None);
        for &o in opts {
            let bad = || BotError::SearchOption(o.to_string());
            if let Some(ms) = o.strip_suffix("ms") {
                let ms: f64 = ms.parse().map_err(|_| bad())?;
                if ms.is_nan() {
                    return Err(bad());
                }
                // With an iteration count before it, both (the first to
                // run out stops the search: `search:2000:900ms`).
                cfg.budget = Budget::checked(iters, Some(ms))?;
                millis = Some(ms);
            } else if o.bytes().all(|b| b.is_ascii_digit()) && !o.is_empty() {
                // Digits only: an iteration count (refused above the cap,
                // however many digits).
                let n: f64 = o.parse().map_err(|_| bad())?;
                if n == 0.0 {
                    return Err(BotError::NoIterations);
                }
                cfg.budget = Budget::checked(Some(n), millis)?;
                iters = Some(n);
            } else if let Some((k, v)) = o.split_once('=') {
                // A finite number (NaN or inf would make every node's
                // score NaN).
                let num = || {
                    v.parse::<f32>()
                        .ok()
                        .filter(|x| x.is_finite())
                        .ok_or_else(bad)
                };
                match k {
                    "rollout" => {
                        cfg.rollout = match v {
                            "random" => Rollout::Random,
                            "light" => Rollout::Light,
                            "greedy" => Rollout::Greedy,
                            _ => return Err(bad()),
                        }
                    }
                    "reward" => {
                        cfg.reward = match v {
                            "rank" => Reward::Rank,
                            "win" => Reward::Win,
                            "margin" => Reward::Margin,
                            _ => return Err(bad()),
                        }
                    }
                    "c" => cfg.c = num()?,
                    // No game has more turns than decisions: a longer
                    // horizon means nothing (and would overflow a turn).
                    "horizon" => {
                        cfg.horizon = v
                            .parse()
                            .ok()
                            .filter(|&h: &u32| h as usize <= crate::game::MAX_GAME_DECISIONS)
                            .ok_or_else(bad)?
                    }
                    "widen" => cfg.widen = num()?,
                    "widen_base" => cfg.widen_base = num()?,
                    "small" => cfg.small = v.parse().map_err(|_| bad())?,
                    _ => return Err(bad()),
                }
            } else if o == "flat" {
                cfg.flat = true;
            } else if o == "reuse" {
                cfg.reuse = true;
            } else {
                return Err(bad());
            }
        }
        Ok(cfg)
    }
}

/// The search bot.
#[derive(Clone)]
pub struct SearchBot {
    rng: ChaCha8Rng,
    cfg: SearchConfig,
    params: Params,
    /// Iterations run by the last decision (for benchmarks).
    pub last_iterations: u32,
    /// With `reuse`: the last decision's game and tree.
    last: Option<Reused>,
    /// With `reuse`: visits the last decision's root started with (for
    /// tests and benchmarks).
    pub reused_visits: u32,
}

/// A decision's game and its search tree, kept for the next decision of
/// the same bot (`reuse`). Every node of the tree stands for one public
/// state reached from the root by actions and the cards they drew, so when
/// the next decision's game continues this one (its log extends the
/// root's), the moves played since lead from the root to the node of the
/// new position, if the search went there: that subtree's statistics are
/// the new search's start. They stay fair samples: each was gathered on a
/// pile order that drew exactly the cards the real moves drew.
#[derive(Clone)]
struct Reused {
    game: Game,
    nodes: Vec<Node>,
}

impl Reused {
    /// The kept tree's part below `game`'s position, its root first; empty
    /// when `game` does not continue the kept game or the search never
    /// reached its position.
    fn subtree_for(self, game: &Game) -> Vec<Node> {
        let Reused {
            game: mut g,
            mut nodes,
        } = self;
        let (old, new) = (g.log(), game.log());
        if nodes.is_empty() || new.len() < old.len() || new[..old.len()] != old[..] {
            return Vec::new();
        }
        let since = old.len();
        let mut at = 0u32;
        for &m in &new[since..] {
            let Some(i) = g.legal_moves().iter().position(|&a| a == m) else {
                return Vec::new();
            };
            let n = &nodes[at as usize];
            let Some(k) = n.order.iter().position(|&o| o as usize == i) else {
                return Vec::new();
            };
            let before = drawn_mask(&g);
            // The kept game is the bot's copy of the real one: it draws the
            // cards the real moves drew (checked below).
            g.play_trusted(m);
            let sig = outcome(&g, before);
            match n.edges[k].children.iter().find(|c| c.0 == sig) {
                Some(&(_, child)) => at = child,
                None => return Vec::new(),
            }
        }
        if !same_public_state(&g, game) {
            return Vec::new();
        }
        // The subtree, renumbered from 0 (the rest is dropped).
        let mut map = std::collections::HashMap::new();
        let mut queue = vec![at];
        map.insert(at, 0u32);
        let mut out: Vec<Node> = Vec::new();
        while let Some(&old_id) = queue.get(out.len()) {
            let mut node = std::mem::take(&mut nodes[old_id as usize]);
            for e in &mut node.edges {
                for c in &mut e.children {
                    let id = *map.entry(c.1).or_insert_with(|| {
                        queue.push(c.1);
                        (queue.len() - 1) as u32
                    });
                    c.1 = id;
                }
            }
            out.push(node);
        }
        out
    }
}

/// Do two games stand at the same public position (the same log, cards
/// where they lie, phase and supplies)?
fn same_public_state(a: &Game, b: &Game) -> bool {
    a.log() == b.log()
        && a.players() == b.players()
        && a.phase() == b.phase()
        && a.supplies() == b.supplies()
        && CardId::all().all(|c| {
            let (x, y) = (a.board(), b.board());
            x.placement(c) == y.placement(c) && x.is_removed(c) == y.is_removed(c)
        })
}

impl SearchBot {
    pub fn new(seed: u64, cfg: SearchConfig) -> SearchBot {
        SearchBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            cfg,
            params: Params {
                plan_way_out: false,
                ..Params::default()
            },
            last_iterations: 0,
            last: None,
            reused_visits: 0,
        }
    }

    /// Nodes of the tree kept for the next decision (`reuse`): at most one
    /// per iteration that went through its root, so a kept tree is never
    /// larger than the visits it holds.
    pub fn kept_nodes(&self) -> usize {
        self.last.as_ref().map_or(0, |r| r.nodes.len())
    }
}

impl Bot for SearchBot {
    fn name(&self) -> &'static str {
        "search"
    }
    fn last_iterations(&self) -> u32 {
        self.last_iterations
    }
    fn last_reused(&self) -> u32 {
        self.reused_visits
    }
    /// The kept tree's heap: its nodes, their actions' order, edges and
    /// children.
    fn kept_bytes(&self) -> usize {
        use std::mem::size_of;
        self.last.as_ref().map_or(0, |r| {
            r.nodes
                .iter()
                .map(|n| {
                    size_of::<Node>()
                        + n.order.capacity() * size_of::<u16>()
                        + n.edges.capacity() * size_of::<Edge>()
                        + n.edges
                            .iter()
                            .map(|e| e.children.capacity() * size_of::<(u64, u32)>())
                            .sum::<usize>()
                })
                .sum()
        })
    }
    fn set_clock(&mut self, ms: f64) {
        self.cfg.budget.millis = Some(ms);
    }
    fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }
    fn choose(&mut self, game: &Game) -> Move {
        let legal = game.legal_moves();
        self.reused_visits = 0;
        if legal.len() == 1 {
            self.last_iterations = 0;
            return legal[0];
        }
        if chain_length(game) > 2 * LONG_CHAIN {
            // A chain going round in circles (R25 allows it while a way out
            // exists): the greedy player's loop breaking finds the way out.
            self.last_iterations = 0;
            let g = determinise(game, &mut self.rng);
            return greedy_action(&g, &Params::default());
        }
        // A choice among a few actions (most landings) needs fewer iterations.
        let cap = self.cfg.budget.iterations;
        let cap = if self.cfg.small == 0 {
            cap
        } else {
            cap.min((cap / 4).max(self.cfg.small * legal.len() as u32))
        };
        if self.cfg.flat {
            let r = super::flat::flat_search(
                game,
                legal,
                cap,
                self.cfg.budget.millis,
                &self.cfg,
                &self.params,
                &mut self.rng,
            );
            self.last_iterations = r.rollouts;
            return legal[r.best];
        }
        let mut tree = Tree::new(&self.cfg, &self.params);
        if let Some(last) = self.last.take() {
            tree.nodes = last.subtree_for(game);
        }
        self.reused_visits = tree.nodes.first().map_or(0, |n| n.visits);
        let clock = Clock::start();
        let mut it = 0;
        while it < cap {
            if let Some(ms) = self.cfg.budget.millis {
                if it % 8 == 0 && it > 0 && clock.elapsed_ms() >= ms {
                    break;
                }
            }
            // Each iteration plays on its own sampled pile order.
            let mut g = determinise(game, &mut self.rng);
            tree.iterate(&mut g, &mut self.rng);
            it += 1;
        }
        self.last_iterations = it;
        let best = tree.best_root_action();
        if self.cfg.reuse {
            self.last = Some(Reused {
                game: game.clone(),
                nodes: tree.nodes,
            });
        }
        legal[best]
    }
}

/// Statistics of one action at a node.
#[derive(Clone, Default)]
struct Edge {
    visits: u32,
    /// Sum of the rewards of the player to move at the node.
    reward: f32,
    /// Child nodes by chance outcome (the cards drawn by this action).
    children: Vec<(u64, u32)>,
}

#[derive(Clone, Default)]
struct Node {
    /// Player to move here.
    mover: u8,
    visits: u32,
    /// Indexes into the legal actions of this node's state, best first by
    /// the greedy heuristic; `edges[k]` belongs to action `order[k]`.
    order: Vec<u16>,
    edges: Vec<Edge>,
}

struct Tree<'a> {
    cfg: &'a SearchConfig,
    params: &'a Params,
    nodes: Vec<Node>,
}

impl<'a> Tree<'a> {
    fn new(cfg: &'a SearchConfig, params: &'a Params) -> Tree<'a> {
        Tree {
            cfg,
            params,
            nodes: Vec::new(),
        }
    }

    fn new_node(&mut self, g: &Game) -> u32 {
        let legal = g.legal_moves();
        let mut order: Vec<u16> = (0..legal.len() as u16).collect();
        if legal.len() > 1 {
            let h = Heuristic::new(g, self.params);
            let vals: Vec<f32> = legal.iter().map(|&a| h.action_value(a)).collect();
            // Stable: ties keep the engine's order.
            order.sort_by(|&a, &b| vals[b as usize].total_cmp(&vals[a as usize]));
        }
        self.nodes.push(Node {
            mover: g.current().unwrap_or(0),
            visits: 0,
            edges: vec![Edge::default(); order.len()],
            order,
        });
        (self.nodes.len() - 1) as u32
    }

    /// One iteration on the determinised game `g`.
    fn iterate(&mut self, g: &mut Game, rng: &mut ChaCha8Rng) {
        if self.nodes.is_empty() {
            self.new_node(g);
        }
        let mut path: Vec<(u32, usize)> = Vec::with_capacity(64);
        let mut node = 0u32;
        loop {
            if g.is_over() {
                break;
            }
            let k = self.select(node);
            path.push((node, k));
            let a = g.legal_moves()[self.nodes[node as usize].order[k] as usize];
            let before = drawn_mask(g);
            g.play_trusted(a);
            let sig = outcome(g, before);
            let edge = &self.nodes[node as usize].edges[k];
            match edge.children.iter().find(|c| c.0 == sig) {
                Some(&(_, child)) => node = child,
                None => {
                    // Expansion: one new node per iteration, then a rollout.
                    if !g.is_over() {
                        let child = self.new_node(g);
                        self.nodes[node as usize].edges[k]
                            .children
                            .push((sig, child));
                        rollout(self.cfg, self.params, g, rng);
                    }
                    break;
                }
            }
        }
        let rewards = reward(self.cfg, g);
        for (n, k) in path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            let r = rewards[node.mover as usize];
            let e = &mut node.edges[k];
            e.visits += 1;
            e.reward += r;
        }
    }

    /// UCT among the actions progressive widening admits; untried ones first.
    fn select(&self, node: u32) -> usize {
        let n = &self.nodes[node as usize];
        let width =
            (self.cfg.widen_base + self.cfg.widen * (n.visits as f32).sqrt()).max(1.0) as usize;
        let width = width.min(n.edges.len());
        let ln = (n.visits.max(1) as f32).ln();
        let mut best = 0;
        let mut best_v = f32::NEG_INFINITY;
        for (k, e) in n.edges[..width].iter().enumerate() {
            if e.visits == 0 {
                return k; // best untried by the heuristic's order
            }
            let v = e.reward / e.visits as f32 + self.cfg.c * (ln / e.visits as f32).sqrt();
            if v > best_v {
                best_v = v;
                best = k;
            }
        }
        best
    }

    /// The most visited root action (index into the legal actions).
    fn best_root_action(&self) -> usize {
        let root = &self.nodes[0];
        let mut best = 0;
        for (k, e) in root.edges.iter().enumerate() {
            let b = &root.edges[best];
            if e.visits > b.visits || (e.visits == b.visits && e.reward > b.reward) {
                best = k;
            }
        }
        root.order[best] as usize
    }
}

pub(super) fn rollout(cfg: &SearchConfig, params: &Params, g: &mut Game, rng: &mut ChaCha8Rng) {
    let stop = if cfg.horizon > 0 {
        g.turn().saturating_add(cfg.horizon)
    } else {
        u32::MAX
    };
    let mut turn = (g.turn(), 0);
    g.limit_chain_search(ROLLOUT_CHAIN_STATES);
    for _ in 0..ROLLOUT_DECISIONS {
        if g.is_over() || g.turn() >= stop || g.chain_search_cut() {
            return;
        }
        if turn.0 != g.turn() {
            turn = (g.turn(), 0);
        }
        turn.1 += 1;
        if turn.1 > ROLLOUT_TURN_DECISIONS {
            return; // a chain going round for ever: score it as it stands
        }
        let a = match cfg.rollout {
            Rollout::Random => {
                let legal = g.legal_moves();
                legal[rng.random_range(0..legal.len())]
            }
            Rollout::Light => light_action(g, rng),
            Rollout::Greedy => greedy_action(g, params),
        };
        g.play_trusted(a);
    }
}

/// Rewards of every seat at the end of a rollout (finished or cut).
pub(super) fn reward(cfg: &SearchConfig, g: &Game) -> [f32; MAX_SEATS] {
    let n = g.players();
    let st = g.standings();
    let mut r = [0f32; MAX_SEATS];
    match cfg.reward {
        Reward::Margin => {
            for s in 0..n {
                let best_other = (0..n)
                    .filter(|&o| o != s)
                    .map(|o| st[o].score)
                    .max()
                    .unwrap_or(0);
                let d = st[s].score as f32 - best_other as f32;
                r[s] = 0.5 + 0.5 * (d / 6.0).tanh();
            }
        }
        Reward::Rank | Reward::Win => {
            let places = match g.ranking() {
                Some(p) => p.clone(),
                None => ranking(&st),
            };
            let mut below = n;
            for place in &places {
                below -= place.len();
                for &s in place {
                    r[s as usize] = match cfg.reward {
                        Reward::Win => {
                            if below + place.len() == n {
                                1.0 / place.len() as f32
                            } else {
                                0.0
                            }
                        }
                        // Players beaten, ties counting half.
                        _ => (below as f32 + 0.5 * (place.len() - 1) as f32) / (n - 1) as f32,
                    };
                }
            }
        }
    }
    r
}

/// Cards no longer in the pile (on the table, removed, or waiting to be laid).
pub(super) fn drawn_mask(g: &Game) -> u32 {
    let b = g.board();
    let mut m = 0u32;
    for c in CardId::all() {
        if b.on_table(c) || b.is_removed(c) {
            m |= 1 << c.0;
        }
    }
    if let Phase::PlaceCard { card, .. } = g.phase() {
        m |= 1 << card.0;
    }
    m
}

/// Which cards an action drew and where they went: the chance outcome.
fn outcome(g: &Game, before: u32) -> u64 {
    let new = drawn_mask(g) & !before;
    if new == 0 {
        return 0;
    }
    let b = g.board();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for i in 0..32u8 {
        if new & (1 << i) == 0 {
            continue;
        }
        let (q, r, rot) = match b.placement(CardId(i)) {
            Some((hex, rot)) => (hex.q, hex.r, rot),
            None => (i32::MAX, i32::MAX, 9),
        };
        for w in [i as u64, q as u32 as u64, r as u32 as u64, rot as u64] {
            h = (h ^ w).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h | 1
}

/// The `light` rollout policy: random, but without the blunders that make
/// random play meaningless (resettling while ships are left in the supply,
/// sending our own ships home when another colour could go).
pub(super) fn light_action(g: &Game, rng: &mut ChaCha8Rng) -> Move {
    let legal = g.legal_moves();
    if legal.len() == 1 {
        return legal[0];
    }
    let me = Seat::new(g.current().unwrap_or(0));
    // Resettling moves a game on when all our ships are out (R51 only
    // shuffles them) or nobody reveals cards any more (it always reveals).
    let resettle = g.supply(me.index() as u8) == 0 || super::greedy::stalled(g) > 0;
    let ok = |a: &Move| match *a {
        Move::Resettle => resettle,
        Move::Return { seat } => seat != me,
        _ => true,
    };
    let n = legal.iter().filter(|a| ok(a)).count();
    if n == 0 {
        return legal[rng.random_range(0..legal.len())];
    }
    let mut k = rng.random_range(0..n);
    for a in legal {
        if ok(a) {
            if k == 0 {
                return *a;
            }
            k -= 1;
        }
    }
    unreachable!()
}
