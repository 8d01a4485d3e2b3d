#!/usr/bin/env bash
# BASE=http://127.0.0.1:3000 KEY=svc_test_… bash docs/examples/quickstart.sh
# Verifies a sandbox provider with the test key, fetches the signed certificate and the keys that sign
# it, checks the certificate, then forces an outcome with a reserved test name and lists the coverage.
# Needs curl, jq and Node.js; writes result.json, certificate.json and signing-keys.json here.
set -euo pipefail
BASE=${BASE:-http://127.0.0.1:3000}
KEY=${KEY:?set KEY to the test key that npm start printed}
here=$(dirname "$0")

# Verify a provider, then fetch the signed certificate and the keys that sign it
curl -sS --fail $BASE/v1/verify -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" \
  -H "Idempotency-Key: quickstart-$(date +%s)" \
  -d '{"first_name": "Amelia", "last_name": "Brightwater", "state": "WA"}' > result.json
jq '{verification_id, status, verified, name, license_number, sandbox}' result.json
ID=$(jq -r .verification_id result.json)
curl -sS --fail $BASE/v1/certificate/$ID -H "Authorization: Bearer $KEY" > certificate.json
curl -sS --fail $BASE/v1/signing-keys > signing-keys.json
node "$here/check-certificate.mjs" certificate.json signing-keys.json

# Force an outcome with a reserved test name (test keys only), and see what is covered
curl -sS --fail $BASE/v1/verify -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" \
  -d '{"first_name": "Pat", "last_name": "test-suspended", "state": "TX"}' | jq -c '{status, verified, sandbox}'
curl -sS --fail $BASE/v1/coverage -H "Authorization: Bearer $KEY" | jq -c '.data[] | {state, uncovered_profession}'
