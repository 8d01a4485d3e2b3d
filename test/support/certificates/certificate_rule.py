"""Second implementation of the certificate rules, for tests.

Reads one certificate (JSON) on stdin and prints one JSON object:
  certificate_hash  "sha256_" + SHA-256 hex of the certificate without certificate_hash, serialised with
                    sorted keys and no whitespace (the spec's integrity rule)
  signed_body       base64 of the bytes that are signed: the certificate without certificate_hash and
                    signature, serialised the same way
"""
import base64
import hashlib
import json
import sys


def serialise(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


certificate = json.loads(sys.stdin.buffer.read())
unhashed = {k: v for k, v in certificate.items() if k != "certificate_hash"}
body = {k: v for k, v in unhashed.items() if k != "signature"}
sys.stdout.write(json.dumps({
    "certificate_hash": "sha256_" + hashlib.sha256(serialise(unhashed)).hexdigest(),
    "signed_body": base64.b64encode(serialise(body)).decode("ascii"),
}))
