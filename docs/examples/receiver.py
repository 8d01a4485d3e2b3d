# WEBHOOK_SECRET=… PORT=8080 python3 receiver.py
# While rotating the secret, also WEBHOOK_SECRET_NEXT=… (the new one): a signature by either secret is accepted.
import base64, hashlib, hmac, json, os, time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRETS = [s.encode("utf-8") for s in (os.environ["WEBHOOK_SECRET"], os.environ.get("WEBHOOK_SECRET_NEXT")) if s]
TOLERANCE_SECONDS = 5 * 60

def valid_service_signature(raw_body, header):
    """The spec's signature: the header is the lowercase hex HMAC-SHA256 of the raw body, by one of your secrets."""
    received = (header or "").encode("utf-8")
    return any(hmac.compare_digest(hmac.new(secret, raw_body, hashlib.sha256).hexdigest().encode("ascii"), received)
               for secret in SECRETS)

def valid_standard_signature(raw_body, headers):
    """Standard Webhooks: any `v1,` entry, HMAC-SHA256 of `id.timestamp.body` by one of your secrets; refused if the timestamp is over 5 minutes off."""
    msg_id, ts = headers.get("webhook-id"), headers.get("webhook-timestamp") or ""
    if not msg_id or not (ts.isascii() and ts.isdigit()) or abs(int(time.time()) - int(ts)) > TOLERANCE_SECONDS:
        return False  # a replay, or a bad clock
    signatures = [s[3:].encode("utf-8") for s in (headers.get("webhook-signature") or "").split(" ") if s.startswith("v1,")]
    for secret in SECRETS:
        expected = base64.b64encode(hmac.new(secret, f"{msg_id}.{ts}.".encode("utf-8") + raw_body, hashlib.sha256).digest())
        if any(hmac.compare_digest(value, expected) for value in signatures):
            return True
    return False

class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))  # the exact bytes that were signed
        if not (valid_service_signature(raw, self.headers.get("Service-Signature"))
                and valid_standard_signature(raw, self.headers)):
            self.log_message("refused: a signature or the timestamp did not verify")
            self.send_response(401)
            self.end_headers()
            return
        self.send_response(200)  # acknowledge first, then process
        self.end_headers()
        event = json.loads(raw)
        # Your processing goes here (de-duplicate on event_id); this example prints one JSON line per event.
        print(json.dumps({"received": event["event"], "event_id": event["event_id"], "change": event.get("change")}), flush=True)

server = HTTPServer(("127.0.0.1", int(os.environ.get("PORT", "8080"))), Receiver)
print(json.dumps({"listening": server.server_port}), flush=True)  # PORT=0 picks a free port
server.serve_forever()
