#!/usr/bin/env bash
# Commit subjects are one line of at most 72 characters, the detail in the
# body after a blank line. Checked for the commits after BASE (main's head
# when the rule came in; older history stays as it is).
#
#   scripts/check-commits.sh [REV]     the commits BASE..REV (default HEAD)
#
# A clone without that history (a shallow CI clone, a tarball) cannot be
# checked: the script says so and passes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export LC_ALL=C.UTF-8 # ${#s} counts characters, not bytes

BASE=570a4c28386800f383ae3fbc15684362588b905f
REV="${1:-HEAD}"
MAX=72

note() { printf 'commit subjects: %s\n' "$*"; }

if ! git rev-parse --git-dir >/dev/null 2>&1; then
  note "not a git checkout: skipped"
  exit 0
fi
if ! git cat-file -e "$BASE^{commit}" 2>/dev/null; then
  if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
    note "a shallow clone without ${BASE:0:7}: skipped (git fetch --unshallow to check)"
  else
    note "${BASE:0:7} is not in this history: skipped"
  fi
  exit 0
fi
if ! git merge-base --is-ancestor "$BASE" "$REV"; then
  note "$REV does not descend from ${BASE:0:7}: skipped"
  exit 0
fi

bad=0
n=0
while read -r hash; do
  n=$((n + 1))
  msg="$(git log -1 --format=%B "$hash")"
  subject="${msg%%$'\n'*}"
  second=""
  if [[ "$msg" == *$'\n'* ]]; then
    rest="${msg#*$'\n'}"
    second="${rest%%$'\n'*}"
  fi
  if [ ${#subject} -gt $MAX ]; then
    printf '%s: subject of %d characters (at most %d): %s\n' "${hash:0:10}" "${#subject}" "$MAX" "$subject"
    bad=$((bad + 1))
  elif [ -z "${subject//[[:space:]]/}" ]; then
    printf '%s: empty subject\n' "${hash:0:10}"
    bad=$((bad + 1))
  elif [ -n "$second" ]; then
    printf '%s: the subject goes on to a second line (leave a blank line before the body): %s\n' "${hash:0:10}" "$subject"
    bad=$((bad + 1))
  fi
done < <(git rev-list "$BASE..$REV")

if [ $bad -gt 0 ]; then
  note "$bad of $n commits after ${BASE:0:7} break the rule"
  exit 1
fi
note "$n commits after ${BASE:0:7}: every subject one line of at most $MAX characters"
