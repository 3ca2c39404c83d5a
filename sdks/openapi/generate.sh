#!/usr/bin/env bash
# Generates the client libraries' types from the service's OpenAPI document (its /docs-json):
# TypeScript (openapi-typescript) into OUT/typescript/src/generated/api.ts and Python TypedDicts into
# OUT/python/src/mailcheck/_generated.py. OUT defaults to sdks/ itself; sdks/check.sh generates into a
# temporary directory and compares, so CI fails when the checked-in types are stale.
# Needs sdks/typescript/node_modules (npm ci there). Usage: generate.sh OPENAPI.json [OUT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sdks=$(cd "$here/.." && pwd)
document=${1:?usage: generate.sh OPENAPI.json [OUT]}
out=${2:-$sdks}
public=$(mktemp)
trap 'rm -f "$public"' EXIT
node "$here/public-document.mjs" "$document" > "$public"
mkdir -p "$out/typescript/src/generated" "$out/python/src/mailcheck"
"$sdks/typescript/node_modules/.bin/openapi-typescript" "$public" --default-non-nullable=false \
  -o "$out/typescript/src/generated/api.ts" > /dev/null
python3 "$here/python_types.py" "$public" "$out/python/src/mailcheck/_generated.py"
