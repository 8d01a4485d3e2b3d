# python3 check_certificate.py certificate.json signing-keys.json
import base64, hashlib, json, sys
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

P256_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551

def canonical(value):  # RFC 8785 for a certificate's strings, booleans, nulls, lists, objects and its one
    # number (`match.confidence`, two decimals at most, written the same by JSON.stringify, Python and jq)
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")

def b64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

cert = json.load(open(sys.argv[1], encoding="utf-8"))
jwks = json.load(open(sys.argv[2], encoding="utf-8"))

unhashed = {k: v for k, v in cert.items() if k != "certificate_hash"}
hash_ok = "sha256_" + hashlib.sha256(canonical(unhashed)).hexdigest() == cert["certificate_hash"]

signed = {k: v for k, v in unhashed.items() if k != "signature"}
# From 2026-12-01 on, a certificate is signed by a key of its own mode, in low-S form (s <= n/2) only:
# (r, n - s) would also pass an ECDSA check, so it is refused. Certificates issued before that keep the
# older rules: one key (now published as live) signed both modes, and signatures were not normalised,
# so a live key may have signed a test certificate and a high-S signature is taken in its low-S form.
# A test key never verifies a live certificate.
legacy = isinstance(cert.get("issued_at"), str) and cert["issued_at"] < "2026-12-01T00:00:00.000Z"
jwk = next((k for k in jwks["keys"] if k.get("kid") == cert.get("signing_key_id")), None)
mode_ok = jwk is not None and (
    jwk.get("mode") == cert.get("mode") or (legacy and jwk.get("mode") == "live" and cert.get("mode") == "test")
)
raw = b64url(cert["signature"].removeprefix("vrf_sig_"))
r, s = int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")
if legacy and len(raw) == 64 and s > P256_ORDER // 2:
    s = P256_ORDER - s
low_s = len(raw) == 64 and s <= P256_ORDER // 2
signature_ok = False
if mode_ok and low_s:
    key = ec.EllipticCurvePublicNumbers(
        int.from_bytes(b64url(jwk["x"]), "big"), int.from_bytes(b64url(jwk["y"]), "big"), ec.SECP256R1()
    ).public_key()
    try:
        key.verify(encode_dss_signature(r, s), canonical(signed), ec.ECDSA(hashes.SHA256()))
        signature_ok = True
    except InvalidSignature:
        pass
print({"hash_ok": hash_ok, "signature_ok": signature_ok, "mode": cert.get("mode")})
sys.exit(0 if hash_ok and signature_ok else 1)  # for scripts: 0 only for a genuine certificate
