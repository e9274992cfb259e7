#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: a temporary directory, a free
# port on 127.0.0.1, initdb and pg_ctl run as an unprivileged user (the
# `postgres` user when we are root, else ourselves). Nothing outside the
# directory is changed; the socket lives in it too.
#
#   source scripts/pg-cluster.sh
#   pg_cluster_start      # sets TONGIAKI_TEST_PG=postgres://USER@127.0.0.1:PORT/postgres
#   ...
#   pg_cluster_stop       # stops the server and deletes the directory
#
# Or run it: `scripts/pg-cluster.sh -- COMMAND…` runs COMMAND with
# TONGIAKI_TEST_PG set and stops the cluster afterwards, whatever happens.

PG_CLUSTER_DIR=""
PG_CLUSTER_AS=()

pg_cluster_bin() {
  local d
  d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
  if [ -z "$d" ] || [ ! -x "$d/initdb" ]; then
    echo "pg-cluster: no PostgreSQL under /usr/lib/postgresql/*/bin (scripts/setup.sh installs it)" >&2
    return 1
  fi
  echo "$d"
}

pg_cluster_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

pg_cluster_start() {
  local bin port user
  bin="$(pg_cluster_bin)" || return 1
  PG_CLUSTER_DIR="$(mktemp -d "${TMPDIR:-/tmp}/tongiaki-pg.XXXXXX")" || return 1
  if [ "$(id -u)" = 0 ]; then
    user=postgres
    id -u "$user" >/dev/null 2>&1 || { echo "pg-cluster: no user $user" >&2; return 1; }
    chown "$user" "$PG_CLUSTER_DIR"
    PG_CLUSTER_AS=(runuser -u "$user" --)
  else
    user="$(id -un)"
    PG_CLUSTER_AS=()
  fi
  port="$(pg_cluster_free_port)" || return 1
  "${PG_CLUSTER_AS[@]}" "$bin/initdb" -D "$PG_CLUSTER_DIR/data" -U "$user" \
    --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$PG_CLUSTER_DIR/initdb.log" 2>&1 || {
    cat "$PG_CLUSTER_DIR/initdb.log" >&2
    return 1
  }
  # Small and fast: nothing here must survive a power cut.
  "${PG_CLUSTER_AS[@]}" "$bin/pg_ctl" -D "$PG_CLUSTER_DIR/data" -l "$PG_CLUSTER_DIR/server.log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_CLUSTER_DIR -c fsync=off -c full_page_writes=off -c max_connections=300" \
    start >/dev/null || {
    cat "$PG_CLUSTER_DIR/server.log" >&2
    return 1
  }
  export TONGIAKI_TEST_PG="postgres://$user@127.0.0.1:$port/postgres"
  # For the load test's count of the database's own CPU time.
  export TONGIAKI_TEST_PG_DATA="$PG_CLUSTER_DIR/data"
  echo "pg-cluster: $TONGIAKI_TEST_PG (in $PG_CLUSTER_DIR)"
}

pg_cluster_stop() {
  [ -n "$PG_CLUSTER_DIR" ] || return 0
  local bin
  bin="$(pg_cluster_bin)" || true
  if [ -n "$bin" ] && [ -f "$PG_CLUSTER_DIR/data/postmaster.pid" ]; then
    "${PG_CLUSTER_AS[@]}" "$bin/pg_ctl" -D "$PG_CLUSTER_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$PG_CLUSTER_DIR"
  PG_CLUSTER_DIR=""
  unset TONGIAKI_TEST_PG TONGIAKI_TEST_PG_DATA
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -uo pipefail
  [ "${1:-}" = "--" ] && shift
  if [ $# -eq 0 ]; then
    echo "usage: scripts/pg-cluster.sh -- COMMAND [ARGS…]" >&2
    exit 2
  fi
  trap pg_cluster_stop EXIT INT TERM
  pg_cluster_start || exit 1
  "$@"
fi
