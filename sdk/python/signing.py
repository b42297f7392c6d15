"""Signs requests to the mkt trading API (see "Signing requests" in README.md).

``SigningApiClient`` is the package's ``ApiClient`` with every request signed: Ed25519 over
timestamp + METHOD + path (no query) + raw body, sent as ``x-mkt-signature``,
``x-mkt-timestamp`` and ``x-mkt-fingerprint``. It signs at the last step, in the urllib3 pool
the REST client sends through, so the signature covers the exact bytes on the wire: pass
request bodies as models or dicts, the client encodes them once.

Needs the ``cryptography`` package (``pip install cryptography``).
"""

import base64
import hashlib
import threading
import time
from collections import OrderedDict
from typing import Callable, Optional
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from mkt_trading.api_client import ApiClient
from mkt_trading.configuration import Configuration

SEED_BYTES = 32
SECRET_KEY_BYTES = 64
# The server accepts each signature of a write once, and Ed25519 is deterministic: the same write
# sent twice in one second (a retry, a second identical cancel) would carry one signature and the
# second be refused as `signature_replayed`. So the client never signs the same write twice with one
# timestamp: the later one waits for the next second. Reads are not refused on a second use.
REPLAY_GUARDED_METHODS = frozenset(("POST", "PUT", "PATCH", "DELETE"))
REPLAY_WINDOW_SECONDS = 30
REMEMBERED_WRITES_MAX = 10_000


class SigningKeyError(ValueError):
    """The private key is not base64 of a 32-byte Ed25519 seed or a 64-byte secret key."""


class UnsignableBodyError(TypeError):
    """The request body is not bytes or text, so the bytes sent cannot be known before sending."""


def ed25519_private_key(private_key_base64: str) -> Ed25519PrivateKey:
    """The key of a base64 seed (32 bytes) or secret key (64 bytes: the seed, then the public key)."""
    raw = base64.b64decode(private_key_base64.strip())
    if len(raw) not in (SEED_BYTES, SECRET_KEY_BYTES):
        raise SigningKeyError(
            f"the private key decodes to {len(raw)} bytes; expected base64 of the 32-byte Ed25519 seed "
            "(private_key of `mkt admin signing-key create`) or of the 64-byte secret key"
        )
    return Ed25519PrivateKey.from_private_bytes(raw[:SEED_BYTES])


def signature_headers(key: Ed25519PrivateKey, fingerprint: str, method: str, path: str, body: bytes, timestamp: int) -> dict:
    """The three signature headers of one request; ``path`` is the request path without the query."""
    stamp = str(timestamp)
    signature = key.sign((stamp + method.upper() + path).encode("utf-8") + body)
    return {
        "x-mkt-signature": base64.b64encode(signature).decode("ascii"),
        "x-mkt-timestamp": stamp,
        "x-mkt-fingerprint": fingerprint,
    }


def _body_bytes(body) -> bytes:
    if body is None:
        return b""
    if isinstance(body, bytes):
        return body
    if isinstance(body, str):
        return body.encode("utf-8")  # as urllib3 sends a str body
    raise UnsignableBodyError(
        f"cannot sign a {type(body).__name__} request body: the signature covers the raw bytes sent"
    )


class _WriteTimestamps:
    """The last timestamp each write (method, path, body) was signed with, to never sign one twice alike."""

    def __init__(self):
        self._last = OrderedDict()  # digest -> timestamp, in order of use
        self._lock = threading.Lock()

    def next(self, method: str, path: str, body: bytes, now_seconds: int) -> int:
        digest = hashlib.sha256(f"{method} {path}\n".encode("utf-8") + body).digest()
        with self._lock:
            last = self._last.pop(digest, None)
            timestamp = now_seconds if last is None else max(now_seconds, last + 1)
            self._last[digest] = timestamp
            while len(self._last) > REMEMBERED_WRITES_MAX or (self._last and next(iter(self._last.values())) < now_seconds - REPLAY_WINDOW_SECONDS):
                self._last.popitem(last=False)
            return timestamp


class _SigningPool:
    """Wraps the REST client's urllib3 pool: signs each request with the body urllib3 is given."""

    def __init__(self, pool, key: Ed25519PrivateKey, fingerprint: str, now: Callable[[], float], sleep: Callable[[float], None]):
        self._pool = pool
        self._key = key
        self._fingerprint = fingerprint
        self._now = now
        self._sleep = sleep
        self._writes = _WriteTimestamps()

    def request(self, method, url, body=None, fields=None, headers=None, **kwargs):
        method = method.upper()
        if fields and method not in ("GET", "HEAD", "DELETE", "OPTIONS"):
            raise UnsignableBodyError("cannot sign a form body: the signature covers the raw bytes sent")
        path = urlsplit(url).path
        raw = _body_bytes(body)
        now = self._now()
        timestamp = int(now)
        if method in REPLAY_GUARDED_METHODS:
            timestamp = self._writes.next(method, path, raw, timestamp)
            if timestamp > now:
                self._sleep(timestamp - now)
        signed = dict(headers or {})
        signed.update(signature_headers(self._key, self._fingerprint, method, path, raw, timestamp))
        return self._pool.request(method, url, body=body, fields=fields, headers=signed, **kwargs)

    def __getattr__(self, name):
        return getattr(self._pool, name)


class SigningApiClient(ApiClient):
    """An ``ApiClient`` that signs every request with a trading signing key.

    ``private_key``: base64 of the 32-byte seed (``private_key`` of ``mkt admin signing-key create``)
    or of the 64-byte secret key. ``fingerprint``: the key's fingerprint as registered.
    ``now``: Unix time in seconds (default ``time.time``); the server accepts 30 s of drift.
    The same write sent again within one second waits for the next second (``sleep``, default
    ``time.sleep``): the server takes each signature of a write once.
    """

    def __init__(self, configuration: Optional[Configuration] = None, *, private_key: str, fingerprint: str,
                 now: Callable[[], float] = time.time, sleep: Callable[[float], None] = time.sleep, **kwargs):
        super().__init__(configuration, **kwargs)
        self.rest_client.pool_manager = _SigningPool(self.rest_client.pool_manager, ed25519_private_key(private_key), fingerprint, now, sleep)
