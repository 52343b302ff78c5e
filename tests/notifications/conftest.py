"""Fixtures for the notifications' tests: a VAPID key pair made for the test, a real local
push service (an HTTP server in a thread that records what it is sent and answers with the
status a test sets), and a browser's subscription keys to decrypt what it received."""

import base64
import http.server
import threading
from dataclasses import dataclass, field

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@pytest.fixture(autouse=True)
def notification_settings(settings):
    key = Vapid()
    key.generate_keys()
    number = key.private_key.private_numbers().private_value.to_bytes(32, "big")
    settings.VAPID_PRIVATE_KEY = b64(number)
    settings.VAPID_PUBLIC_KEY = ""
    settings.VAPID_SUBJECT = "mailto:tests@kadi.example"
    settings.VAPID_DEV_KEY_FILE = None
    settings.SITE_URL = "https://kadi.example"
    settings.PUSH_SERVICE_HOSTS = ["push.example", "*.notify.windows.com"]
    settings.PUSH_SUBSCRIPTIONS_PER_PLAYER = 3
    settings.PUSH_TIMEOUT_SECONDS = 5
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    return key


@dataclass
class Browser:
    """A browser's push keys: its ECDH key pair and auth secret, as PushSubscription.toJSON() gives them."""

    private_key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: bytes(range(16)))

    @property
    def p256dh(self) -> str:
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64(point)

    def subscription(self, endpoint: str) -> dict:
        return {
            "endpoint": endpoint,
            "expirationTime": None,
            "keys": {"p256dh": self.p256dh, "auth": b64(self.auth)},
        }


@pytest.fixture
def browser():
    return Browser()


class PushService:
    """A push service on 127.0.0.1: each POST is recorded (path, headers, body) and answered
    with ``status``."""

    def __init__(self):
        self.received: list[dict] = []
        self.status = 201
        self.arrived = threading.Event()
        service = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                service.received.append(
                    {
                        "path": self.path,
                        "headers": {k.lower(): v for k, v in self.headers.items()},
                        "body": body,
                    }
                )
                self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()
                service.arrived.set()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.close()
