// scripts/setup.sh's checks (issue 29): it asked `geckodriver --version |
// grep -q VERSION` under `set -o pipefail`, which fails whenever grep has
// its answer before the tool has written everything (the tool dies of
// SIGPIPE), and so rebuilt geckodriver now and then although it was
// installed. The check reads the whole output first: here a tool that
// prints its version and then a lot more is found every time.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { join, dirname } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const setup = readFileSync(join(ROOT, "scripts", "setup.sh"), "utf8");

test("have_version finds a version however much the tool writes after it", () => {
  const fn = setup.match(/^have_version\(\) \{[\s\S]*?^\}/m);
  assert.ok(fn, "setup.sh defines have_version");
  const dir = mkdtempSync(join(tmpdir(), "tongiaki-setup-"));
  try {
    const tool = join(dir, "faketool");
    writeFileSync(tool, '#!/bin/sh\necho "faketool 0.37.1 (abc)"\nyes "more about the tool" | head -n 20000\n', { mode: 0o755 });
    const script = [
      "set -euo pipefail",
      fn[0],
      `for i in $(seq 1 20); do have_version "${tool}" 0.37.1 || { echo "not found on try $i"; exit 1; }; done`,
      `if have_version "${tool}" 9.9.9; then echo "a wrong version matched"; exit 1; fi`,
      `if have_version "${join(dir, "missing")}" 0.37.1; then echo "a missing tool matched"; exit 1; fi`,
    ].join("\n");
    const r = spawnSync("bash", ["-c", script], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("no check pipes a command into grep -q", () => {
  const code = setup.split("\n").filter((l) => !l.trim().startsWith("#"));
  const piped = code.filter((l) => /\|\s*grep\s+-[a-zA-Z]*q/.test(l));
  assert.deepEqual(piped, []);
});
