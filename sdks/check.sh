#!/usr/bin/env bash
# Builds and tests the client libraries (sdks/typescript, sdks/python) against the real service, and the
# sign-up form widget (sdks/widget):
#   1. installs their tools (npm ci in sdks/typescript and sdks/widget; a virtualenv in sdks/python/.venv with
#      httpx, cryptography for the offline token check, and build);
#   2. builds the TypeScript package (ESM + CJS) and the widget (ES module + script tag bundle; its README's
#      gzip size must be the measured one), runs the widget's Node tests, and packs clean copies of the
#      packages to check what they ship (packages.test.mjs: `prepack` builds the npm packages, `python -m build`
#      the sdist and its wheel). The widget's browser tests (test/integration/widget, real Chromium against the
#      real service) run in the integration suite, on these builds;
#   3. starts the service twice (test/support/serve-for-clients.ts: default limits, and one request a
#      second per key for the 429 tests) and shares them with every test below;
#   4. regenerates both libraries' types from the service's /docs-json and compares them with the
#      checked-in ones (stale types fail);
#   5. runs the TypeScript tests (node --test) and the Python tests (unittest), one result per test;
#   6. packs both (npm pack, python -m build) and installs the artefacts in a fresh npm project and a
#      fresh virtualenv, which call the service through them.
# Writes a jest-style JSON (numPassedTests ...) to the path given, for .ci/run's summary.
# Usage: bash sdks/check.sh RESULTS.json
set -uo pipefail
sdks=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$sdks/.." && pwd)
results=${1:?usage: check.sh RESULTS.json}
work=$(mktemp -d)
lines="$work/results.jsonl"
touch "$lines"
pids=()

record() { printf '{"suite":"sdks/check.sh","title":"%s","status":"%s"}\n' "$1" "$2" >> "$lines"; echo "sdk check: $1: $2"; }
check() {
  local name=$1; shift
  if "$@" > "$work/step.log" 2>&1; then record "$name" passed; else record "$name" failed; tail -n 200 "$work/step.log"; fi
}
finish() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  wait 2>/dev/null
  node -e '
    const [file, out] = process.argv.slice(1);
    const tests = require("fs").readFileSync(file, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line));
    const suites = new Map();
    for (const t of tests) suites.set(t.suite, [...(suites.get(t.suite) ?? []), { title: t.title, status: t.status, ancestorTitles: [t.suite] }]);
    const count = (status) => tests.filter((t) => t.status === status).length;
    require("fs").writeFileSync(out, JSON.stringify({
      numTotalTestSuites: suites.size, numPassedTests: count("passed"), numFailedTests: count("failed"), numPendingTests: count("pending"),
      numRuntimeErrorTestSuites: 0, testResults: [...suites].map(([name, assertionResults]) => ({ name, assertionResults })),
    }));
    console.log(`sdk checks: ${count("passed")} passed, ${count("failed")} failed, ${count("pending")} skipped`);
  ' "$lines" "$results"
  rm -rf "$work"
}
trap finish EXIT

venv="$sdks/python/.venv"
install_tools() {
  (cd "$sdks/typescript" && npm ci --no-audit --no-fund --loglevel=error) || return 1
  (cd "$sdks/widget" && npm ci --no-audit --no-fund --loglevel=error) || return 1
  if [ ! -x "$venv/bin/pip" ]; then
    python3 -m venv "$venv" || { apt-get update -qq && apt-get install -y -qq python3-venv && python3 -m venv "$venv"; } || return 1
  fi
  "$venv/bin/pip" install --quiet --disable-pip-version-check "httpx>=0.23,<1" "cryptography>=3.1" build
}
check "tools installed" install_tools
check "typescript package built (ESM and CJS)" bash -c "cd '$sdks/typescript' && node scripts/build.mjs"
check "widget built (ES module and script tag bundle), README states its measured gzip size" \
  bash -c "cd '$sdks/widget' && node scripts/build.mjs && node scripts/size.mjs --check"
(cd "$sdks/widget" && node --test --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter="$sdks/results-reporter.mjs" --test-reporter-destination="$work/widget.jsonl" test/*.test.mjs) 2>&1 | tail -n 40
cat "$work/widget.jsonl" >> "$lines" 2>/dev/null || record "widget tests ran" failed
check "every package builds itself when packed from a clean copy (npm pack, python -m build)" \
  env PYTHON="$venv/bin/python" node --test "$sdks/packages.test.mjs"

# The services: serve-for-clients.ts prints its description (url, admin token, certificates) as one
# line and serves until its stdin closes; a FIFO held open here keeps it up until this script ends.
start_service() {
  local name=$1 env=$2
  mkfifo "$work/$name.in"
  (cd "$root" && exec node -r ./scripts/register-ts.js test/support/serve-for-clients.ts "$env" < "$work/$name.in" > "$work/$name.out" 2> "$work/$name.err") &
  pids+=($!)
  exec {fd}> "$work/$name.in"
  for _ in $(seq 1 600); do
    if [ -s "$work/$name.out" ]; then head -n 1 "$work/$name.out" > "$work/$name.json"; return 0; fi
    kill -0 "${pids[-1]}" 2>/dev/null || break
    sleep 0.2
  done
  cat "$work/$name.err"
  return 1
}
check "service started" start_service normal '{}'
check "rate-limited service started" start_service limited '{"RATE_LIMIT_PER_SECOND":"1","RATE_LIMIT_BURST":"1"}'
export MAILCHECK_TEST_SERVICE="$work/normal.json" MAILCHECK_TEST_LIMITED_SERVICE="$work/limited.json"
[ -s "$MAILCHECK_TEST_SERVICE" ] && [ -s "$MAILCHECK_TEST_LIMITED_SERVICE" ] || exit 1
url=$(node -p "require('$MAILCHECK_TEST_SERVICE').url")

types_current() {
  node -e 'fetch(process.argv[1]).then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status))))).then((t) => process.stdout.write(t))' \
    "$url/docs-json" > "$work/openapi.json" || return 1
  PATH="$venv/bin:$PATH" bash "$sdks/openapi/generate.sh" "$work/openapi.json" "$work/generated" || return 1
  diff -u "$sdks/typescript/src/generated/api.ts" "$work/generated/typescript/src/generated/api.ts" \
    && diff -u "$sdks/python/src/mailcheck/_generated.py" "$work/generated/python/src/mailcheck/_generated.py" \
    || { echo "stale: run sdks/openapi/generate.sh against a service built from this tree (see sdks/README.md)"; return 1; }
}
check "generated types match /docs-json" types_current

(cd "$sdks/typescript" && node --test --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter="$sdks/results-reporter.mjs" --test-reporter-destination="$work/ts.jsonl" test/*.test.mjs) 2>&1 | tail -n 80
cat "$work/ts.jsonl" >> "$lines" 2>/dev/null || record "typescript tests ran" failed

(cd "$sdks/python" && PYTHONPATH=src "$venv/bin/python" tests/run.py "$lines") 2>&1 | tail -n 80

# The artefacts, installed where nothing of this tree is on the path.
npm_artefact() {
  local project="$work/npm-project"
  mkdir -p "$project" && cd "$sdks/typescript" && npm pack --silent --pack-destination "$work" > "$work/pack.txt" || return 1
  cd "$project" && npm init -y > /dev/null && npm install --no-audit --no-fund --loglevel=error "$work/$(tail -n 1 "$work/pack.txt")" || return 1
  cp "$sdks/typescript/test/artefact.cjs" "$sdks/typescript/test/artefact.mjs" . || return 1
  node artefact.cjs "$MAILCHECK_TEST_SERVICE" && node artefact.mjs "$MAILCHECK_TEST_SERVICE" \
    && MAILCHECK_API_KEY=$(node -p "require('$MAILCHECK_TEST_SERVICE').testApiKey") MAILCHECK_BASE_URL="$url" npx --no-install mailcheck balance
}
check "npm pack installs in a fresh project and works (ESM, CJS, npx mailcheck)" npm_artefact

python_artefact() {
  rm -rf "$sdks/python/dist" && "$venv/bin/python" -m build --outdir "$work/dist" "$sdks/python" || return 1
  python3 -m venv "$work/venv" && "$work/venv/bin/pip" install --quiet --disable-pip-version-check "$work"/dist/*.whl || return 1
  cd "$work" && "$work/venv/bin/python" "$sdks/python/tests/artefact.py" "$MAILCHECK_TEST_SERVICE"
}
check "python -m build wheel installs in a fresh virtualenv and works" python_artefact

grep -q '"status":"failed"' "$lines" && exit 1
exit 0
