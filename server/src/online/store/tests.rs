use super::*;

fn record(id: &str) -> TableRecord {
    TableRecord {
        id: id.into(),
        seats: 2,
        status: Status::Waiting,
        mode: Mode::Live,
        seed: u64::MAX - 7,
        options: None,
        gone_after_secs: 120,
        turn_clock_secs: 0,
        created_ms: 1,
        updated_ms: 1,
        meet: Meet::default(),
    }
}

fn seat(n: u8, name: &str) -> SeatRecord {
    SeatRecord {
        seat: n,
        name: name.into(),
        token: Some(format!("t{n}")),
        bot: None,
        replaced: false,
    }
}

/// What every store must do: the constraints decide every race.
async fn the_constraints_decide(s: &dyn Store) {
    s.create_table(&record("t1"), &[seat(0, "Ana")])
        .await
        .unwrap();
    assert!(matches!(
        s.create_table(&record("t1"), &[]).await,
        Err(StoreError::Conflict)
    ));
    // A seat and a name are each taken once.
    assert!(matches!(
        s.add_seat("t1", &seat(0, "Bo"), 2).await,
        Err(StoreError::Conflict)
    ));
    assert!(matches!(
        s.add_seat("t1", &seat(1, "ANA"), 2).await,
        Err(StoreError::Conflict)
    ));
    s.add_seat("t1", &seat(1, "Bo"), 2).await.unwrap();
    s.begin_game("t1", &serde_json::json!({"seed": 42}), &[], 3)
        .await
        .unwrap();
    assert!(matches!(
        s.begin_game("t1", &serde_json::json!({}), &[], 3).await,
        Err(StoreError::Conflict)
    ));
    // No seat once the game has begun.
    assert!(matches!(
        s.add_seat("t1", &seat(1, "Cy"), 2).await,
        Err(StoreError::Conflict)
    ));
    let m = MoveRecord {
        n: 0,
        seat: 0,
        action: serde_json::json!({"type": "setup_place", "beach": 0}),
        by_bot: false,
    };
    s.append_move("t1", &m, false, 4).await.unwrap();
    assert!(matches!(
        s.append_move("t1", &m, false, 4).await,
        Err(StoreError::Conflict)
    ));
    let m1 = MoveRecord {
        n: 1,
        seat: 1,
        action: serde_json::json!({"type": "setup_place", "beach": 1}),
        by_bot: true,
    };
    s.append_move("t1", &m1, true, 5).await.unwrap();
    assert_eq!(s.moves_from("t1", 1).await.unwrap(), vec![m1.clone()]);
    s.set_seat_bot("t1", 1, Some("greedy"), true).await.unwrap();
    let t = s.load("t1").await.unwrap().unwrap();
    assert_eq!(t.table.status, Status::Over);
    assert_eq!(t.table.seed, u64::MAX - 7);
    assert_eq!(t.table.updated_ms, 5, "a move touches its table");
    assert_eq!(t.table.options, Some(serde_json::json!({"seed": 42})));
    assert_eq!(t.moves, vec![m, m1]);
    assert_eq!(t.seats.len(), 2);
    assert_eq!(t.seats[1].bot.as_deref(), Some("greedy"));
    assert!(t.seats[1].replaced);
    assert_eq!(s.count_tables().await.unwrap(), 1);
    // Meeting strangers' writes (issue 31), through the same writer.
    let line = |text: &str| NewChat {
        seat: Some(0),
        name: Some("Ana".into()),
        text: text.into(),
        phrase: None,
        at_ms: 6,
    };
    let first = s.add_chat("t1", &line("hi")).await.unwrap();
    let second = s.add_chat("t1", &line("again")).await.unwrap();
    assert!(second > first);
    assert!(matches!(
        s.add_chat("nowhere", &line("hi")).await,
        Err(StoreError::Conflict)
    ));
    let tail = s.chat_tail("t1", 10).await.unwrap();
    assert_eq!(
        tail.iter().map(|r| r.id).collect::<Vec<_>>(),
        [first, second]
    );
    assert_eq!(
        s.chat_line("t1", second).await.unwrap().unwrap().line,
        line("again")
    );
    s.set_rematch("t1", "t2", 1).await.unwrap();
    assert!(matches!(
        s.set_rematch("t1", "t3", 0).await,
        Err(StoreError::Conflict)
    ));
    s.set_spectator_chat("t1", false).await.unwrap();
    let meet = s.meet("t1").await.unwrap().unwrap();
    assert_eq!(meet.rematch.as_deref(), Some("t2"));
    assert_eq!(meet.rematch_by, Some(1));
    assert!(!meet.spectator_chat && !meet.public);
    let mut public = record("t2");
    public.meet.public = true;
    s.create_table(&public, &[seat(0, "Cy")]).await.unwrap();
    let lobby = s.lobby(10).await.unwrap();
    assert_eq!(lobby.len(), 1);
    assert_eq!(lobby[0].id, "t2");
    assert_eq!(lobby[0].taken, vec![(0, "Cy".to_string(), None)]);
    s.add_chat("t2", &line("bye")).await.unwrap();
    s.delete_table("t2").await.unwrap();
    assert!(s.load("t2").await.unwrap().is_none());
    assert!(s.lobby(10).await.unwrap().is_empty());
    assert_eq!(
        s.expire(Mode::Live, false, 5).await.unwrap(),
        Vec::<String>::new()
    );
    // Waiting tables expire sooner: this one is playing.
    assert_eq!(
        s.expire(Mode::Live, true, 6).await.unwrap(),
        Vec::<String>::new()
    );
    assert_eq!(
        s.expire(Mode::Live, false, 6).await.unwrap(),
        vec!["t1".to_string()]
    );
    assert!(s.load("t1").await.unwrap().is_none());
    assert!(s.moves_from("t1", 0).await.unwrap().is_empty());
    assert_eq!(s.count_tables().await.unwrap(), 0);
}

#[tokio::test]
async fn sqlite_the_constraints_decide() {
    let p = std::env::temp_dir().join(format!(
        "tongiaki-store-{}-{}.db",
        std::process::id(),
        crate::online::token::table_id()
    ));
    let url = format!("sqlite:{}", p.display());
    let s = open(&url).await.unwrap();
    the_constraints_decide(&*s).await;
    assert!(s.changes().await.unwrap().is_none(), "one process");
    // Migrations run once: opening again changes nothing.
    drop(s);
    let s = open(&url).await.unwrap();
    assert_eq!(s.count_tables().await.unwrap(), 0);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", p.display()));
    }
}

/// Issue 29: the write-ahead log grew without bound under load (1 GB in
/// a minute): a checkpoint beside steady writes never gets to restart
/// it. Under a steady stream of moves it stays within its cap (plus a
/// batch's worth), and every move is there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_the_wal_stays_bounded_under_load() {
    let p = std::env::temp_dir().join(format!(
        "tongiaki-wal-{}-{}.db",
        std::process::id(),
        crate::online::token::table_id()
    ));
    let url = format!("sqlite:{}", p.display());
    let wal = format!("{}-wal", p.display());
    let s = open(&url).await.unwrap();
    const TABLES: usize = 64;
    const MOVES: u32 = 800;
    for t in 0..TABLES {
        s.create_table(&record(&format!("w{t}")), &[seat(0, "Ana")])
            .await
            .unwrap();
    }
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let watch = {
        let (done, wal) = (done.clone(), wal.clone());
        tokio::spawn(async move {
            let mut most = 0;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                most = most.max(std::fs::metadata(&wal).map_or(0, |m| m.len()));
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
            most
        })
    };
    let mut writers = Vec::new();
    for t in 0..TABLES {
        let s = s.clone();
        writers.push(tokio::spawn(async move {
            // A move's action as the engine writes one, padded to a
            // long one's size.
            let action = serde_json::json!({"type": "emigrate", "tile": "x".repeat(200)});
            for n in 0..MOVES {
                let m = MoveRecord {
                    n,
                    seat: 0,
                    action: action.clone(),
                    by_bot: false,
                };
                s.append_move(&format!("w{t}"), &m, false, n as i64)
                    .await
                    .unwrap();
            }
        }));
    }
    for w in writers {
        w.await.unwrap();
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let most = watch.await.unwrap();
    for t in [0, TABLES - 1] {
        let stored = s.load(&format!("w{t}")).await.unwrap().unwrap();
        assert_eq!(stored.moves.len(), MOVES as usize);
    }
    let bound = sqlite::WAL_CAP + (16 << 20);
    eprintln!("the WAL reached {} MB", most >> 20);
    assert!(
        most < bound,
        "the WAL reached {} MB, over {} MB",
        most >> 20,
        bound >> 20
    );
    drop(s);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", p.display()));
    }
}

/// The PostgreSQL server of `TONGIAKI_TEST_PG` (scripts/test.sh starts
/// one); `None` with a note when it is unset.
pub async fn test_pg(name: &str) -> Option<String> {
    let Ok(base) = std::env::var("TONGIAKI_TEST_PG") else {
        eprintln!("note: TONGIAKI_TEST_PG is unset: skipping the PostgreSQL half of {name}");
        return None;
    };
    Some(fresh_pg_database(&base, name).await.unwrap())
}

#[tokio::test]
async fn postgres_the_constraints_decide() {
    let Some(url) = test_pg("store").await else {
        return;
    };
    // Two processes starting together on an empty database: the
    // migrations run once (an advisory lock orders them).
    let (a, b) = tokio::join!(open(&url), open(&url));
    let (a, b) = (a.unwrap(), b.unwrap());
    let mut changes = b.changes().await.unwrap().expect("PostgreSQL tells");
    the_constraints_decide(&*a).await;
    // Every change was announced to the other process, in order.
    let mut seen = Vec::new();
    while let Ok(Some(c)) =
        tokio::time::timeout(std::time::Duration::from_secs(2), changes.recv()).await
    {
        // t2 (a lobby table the test deletes) goes first; t1 expires last
        let done = matches!(&c, Change::Gone { table } if table == "t1");
        seen.push(c);
        if done {
            break;
        }
    }
    let t = || "t1".to_string();
    let moves: Vec<&Change> = seen
        .iter()
        .filter(|c| matches!(c, Change::Move { .. }))
        .collect();
    assert_eq!(
        moves,
        vec![
            &Change::Move {
                table: t(),
                moves: 1
            },
            &Change::Move {
                table: t(),
                moves: 2
            }
        ]
    );
    assert!(seen.contains(&Change::Seats { table: t() }));
    assert!(seen.contains(&Change::Gone { table: "t2".into() }));
    assert_eq!(seen.last(), Some(&Change::Gone { table: t() }));
    a.announce("here t9 p1 0,2").await.unwrap();
    let c = tokio::time::timeout(std::time::Duration::from_secs(2), changes.recv())
        .await
        .unwrap();
    assert_eq!(
        c,
        Some(Change::Presence {
            table: "t9".into(),
            from: "p1".into(),
            counts: vec![0, 2]
        })
    );
}

#[test]
fn payloads_parse_and_junk_is_ignored() {
    assert_eq!(
        parse_payload("move abc 12"),
        Some(Change::Move {
            table: "abc".into(),
            moves: 12
        })
    );
    assert_eq!(parse_payload("move abc x"), None);
    assert_eq!(parse_payload("here abc p 1,x"), None);
    assert_eq!(parse_payload("what abc 1"), None);
    assert_eq!(parse_payload(""), None);
}
