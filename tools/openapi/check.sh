#!/usr/bin/env bash
# Checks the OpenAPI document three ways against the service built in dist/ (run `npm ci` first):
#   1. redocly lint: zero errors;
#   2. schemathesis (every check, response schema conformance included) against the running service;
#   3. a TypeScript client (openapi-typescript + openapi-fetch) and a Python client
#      (openapi-python-client) generated from /docs-json, type-checked and driven through verify,
#      batch, a bulk job to its download, a finder call and a webhook create.
# Installs its own tools (tools/openapi/node_modules, a Python venv in .tools/venv). Writes the
# outcome as a jest-style JSON (numPassedTests ...) to the path given, for .ci/run's summary.
# Usage: bash tools/openapi/check.sh RESULTS.json
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
results=${1:?usage: check.sh RESULTS.json}
work=$(mktemp -d)
# Fuzzing examples per operation: enough to reach every documented status, small enough for CI on 2 cores.
examples=${OPENAPI_FUZZ_EXAMPLES:-25}
names=()
outcomes=()

record() { names+=("$1"); outcomes+=("$2"); echo "openapi check: $1: $2"; }
check() {
  local name=$1; shift
  if "$@" > "$work/$name.log" 2>&1; then record "$name" passed; else record "$name" failed; tail -n 300 "$work/$name.log"; fi
}
write_results() {
  node -e '
    const [file, ...pairs] = process.argv.slice(1);
    const tests = [];
    for (let i = 0; i < pairs.length; i += 2) tests.push({ title: pairs[i], status: pairs[i + 1], ancestorTitles: ["openapi"] });
    const passed = tests.filter((t) => t.status === "passed").length;
    require("fs").writeFileSync(file, JSON.stringify({
      numTotalTestSuites: 1, numPassedTests: passed, numFailedTests: tests.length - passed, numPendingTests: 0, numRuntimeErrorTestSuites: 0,
      testResults: [{ name: "tools/openapi/check.sh", assertionResults: tests }],
    }));
  ' "$results" "$@"
}
finish() {
  local pairs=()
  for i in "${!names[@]}"; do pairs+=("${names[$i]}" "${outcomes[$i]}"); done
  write_results "${pairs[@]}"
  [ -n "${service_pid:-}" ] && kill "$service_pid" 2>/dev/null && wait "$service_pid" 2>/dev/null
  rm -rf "$work"
}
trap finish EXIT

install_tools() {
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error) || return 1
  if [ ! -x "$root/.tools/venv/bin/pip" ]; then
    python3 -m venv "$root/.tools/venv" || { apt-get update -qq && apt-get install -y -qq python3-venv python3-pip && python3 -m venv "$root/.tools/venv"; } || return 1
  fi
  "$root/.tools/venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
}
check "tools installed" install_tools

# The service on embedded adapters in a fresh data directory, on a free loopback port. Webhooks to
# loopback are allowed so the clients can register one without a public HTTPS receiver. Schemathesis
# sends wrong admin tokens on purpose (ignored_auth): the guessing throttle would otherwise answer
# every later admin call from loopback 429.
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
base="http://127.0.0.1:$port"
admin_token=$(node -p 'require("crypto").randomBytes(24).toString("hex")')
# JOB_DUPLICATE_WINDOW_HOURS=0: both client drivers upload the same example file with one key, which the
# service would otherwise refuse the second time as a repeat upload (3021).
(cd "$root" && exec env PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" ADMIN_TOKEN="$admin_token" DEMO_ACCOUNT=false LOG_LEVEL=warn \
  RATE_LIMIT_PER_SECOND=1000 RATE_LIMIT_BURST=1000 ADMIN_MAX_FAILURES_PER_ADDRESS=1000000 SMTP_PREFLIGHT=false WEBHOOK_ALLOW_PRIVATE_NETWORKS=true \
  JOB_DUPLICATE_WINDOW_HOURS=0 \
  node dist/apps/all-in-one/src/main.js) > "$work/service.log" 2>&1 &
service_pid=$!
# Opens two fresh accounts with credits enough for every check: schemathesis fuzzes with the first (and the
# admin token, with which it may revoke, rotate or restrict what it finds), the client drivers use the second.
start_service() {
  node -e '
    const [base, token, out] = process.argv.slice(1);
    (async () => {
      for (const deadline = Date.now() + 90_000; ; await new Promise((r) => setTimeout(r, 500))) {
        try { if ((await fetch(base + "/ready")).ok) break; } catch {}
        if (Date.now() > deadline) throw new Error("the service did not become ready");
      }
      require("fs").writeFileSync(out + "/openapi.json", await (await fetch(base + "/docs-json")).text());
      for (const file of ["api-key", "driver-key"]) {
        const opened = await fetch(base + "/admin/v1/accounts", { method: "POST", headers: { authorization: "Bearer " + token, "content-type": "application/json" }, body: JSON.stringify({ name: "openapi checks", credits: 1000000 }) });
        if (opened.status !== 201) throw new Error("account: " + opened.status + " " + (await opened.text()));
        require("fs").writeFileSync(out + "/" + file, (await opened.json()).data.apiKey);
      }
    })().catch((e) => { console.error(e.message); process.exit(1); });
  ' "$base" "$admin_token" "$work"
}
check "service started" start_service
[ -s "$work/api-key" ] || { cat "$work/service.log"; exit 1; }
api_key=$(cat "$work/api-key")
driver_key=$(cat "$work/driver-key")

check "redocly lint (zero errors)" "$here/node_modules/.bin/redocly" lint "$work/openapi.json" --format=stylish

# Every check, on every operation. `--suppress-health-check=all`: slow answers (the verifier's DNS) are
# not failures of the document. One worker: with two threads Hypothesis 6 sometimes fails inside its
# own lambda-source cache ("AST constructor recursion depth mismatch"), an error of the tool. The admin token goes to every request; the key routes ignore it.
check "schemathesis (all checks)" "$root/.tools/venv/bin/schemathesis" --config-file "$here/schemathesis.toml" run "$base/docs-json" \
  --checks all --max-examples "$examples" --workers 1 --seed 20261124 --suppress-health-check=all \
  --header "X-API-KEY: $api_key" --header "Authorization: Bearer $admin_token"

typescript_client() {
  (cd "$here" \
    && ./node_modules/.bin/openapi-typescript "$work/openapi.json" --default-non-nullable=false -o generated/api.d.ts \
    && ./node_modules/.bin/tsc -p tsconfig.json \
    && node build/drive-ts-client.js "$base" "$driver_key")
}
check "typescript client (openapi-typescript + openapi-fetch)" typescript_client

python_client() {
  "$root/.tools/venv/bin/python" "$here/json-only.py" "$work/openapi.json" "$work/openapi.python.json" \
    && "$root/.tools/venv/bin/openapi-python-client" generate --path "$work/openapi.python.json" --output-path "$work/python-client" --config "$here/python-client.yaml" --overwrite \
    && PYTHONPATH="$work/python-client" "$root/.tools/venv/bin/python" "$here/drive_python_client.py" "$base" "$driver_key"
}
check "python client (openapi-python-client)" python_client

for outcome in "${outcomes[@]}"; do [ "$outcome" = passed ] || exit 1; done
