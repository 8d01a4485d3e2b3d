# WEBHOOK_SECRET=… PORT=8080 python3 receiver.py
import base64, hashlib, hmac, json, os, time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ["WEBHOOK_SECRET"].encode("utf-8")
TOLERANCE_SECONDS = 5 * 60

def valid_service_signature(raw_body, header):
    """The spec's signature: lowercase hex HMAC-SHA256 of the raw body."""
    expected = hmac.new(SECRET, raw_body, hashlib.sha256).hexdigest().encode("ascii")
    return hmac.compare_digest(expected, (header or "").encode("utf-8"))

def valid_standard_signature(raw_body, headers):
    """Standard Webhooks: HMAC-SHA256 of `id.timestamp.body`, refused if the timestamp is over 5 minutes off."""
    msg_id, ts = headers.get("webhook-id"), headers.get("webhook-timestamp") or ""
    if not msg_id or not (ts.isascii() and ts.isdigit()) or abs(int(time.time()) - int(ts)) > TOLERANCE_SECONDS:
        return False  # a replay, or a bad clock
    expected = base64.b64encode(hmac.new(SECRET, f"{msg_id}.{ts}.".encode("utf-8") + raw_body, hashlib.sha256).digest())
    signatures = (headers.get("webhook-signature") or "").split(" ")
    return any(hmac.compare_digest(s[3:].encode("utf-8"), expected) for s in signatures if s.startswith("v1,"))

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
