"""Drives the generated Python trading SDK against a running mkt, signing with its SigningApiClient.

Usage: python3 python_sdk_check.py TRADING_URL PRIVATE_KEY_B64 FINGERPRINT
Prints one JSON object: what the SDK read and sent. The mocha suite python-sdk.test.ts runs it.
"""
import base64
import json
import sys
import uuid

import mkt_trading
from mkt_trading.signing import SigningApiClient, ed25519_private_key, signature_headers

# The worked example of openapi/trading.yaml ("Signing requests"): the keypair of RFC 8032 test 1.
WORKED_SEED = "nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A="
WORKED_FINGERPRINT = "If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk"
WORKED_BODY = b'{"market_id":"market_35255eeb-dadb-59fb-baca-64f7fd4d0264","side":"buy","type":"limit","price":"0.4200","quantity":10,"client_order_id":"rebalance-2026-11-22-001"}'


def worked_example():
    key = ed25519_private_key(WORKED_SEED)
    post = signature_headers(key, WORKED_FINGERPRINT, "POST", "/v1/orders", WORKED_BODY, 1795342530)
    get = signature_headers(key, WORKED_FINGERPRINT, "GET", "/v1/orders", b"", 1795342530)
    return {"order_signature": post["x-mkt-signature"], "list_signature": get["x-mkt-signature"], "timestamp": post["x-mkt-timestamp"]}


class RecordingPool:
    """Stands in for urllib3: keeps what the REST client sends, answers nothing useful."""

    def __init__(self):
        self.sent = []

    def request(self, method, url, body=None, fields=None, headers=None, **kwargs):
        self.sent.append({"method": method, "url": url, "body": body, "headers": dict(headers or {})})
        raise RuntimeError("recorded")


def signed_bytes_are_sent_bytes():
    """The signature of a POST verifies over the body urllib3 is handed, which is encoded once."""
    client = SigningApiClient(mkt_trading.Configuration(host="http://127.0.0.1:1"), private_key=WORKED_SEED, fingerprint=WORKED_FINGERPRINT, now=lambda: 1795342530)
    recorder = RecordingPool()
    client.rest_client.pool_manager._pool = recorder
    try:
        mkt_trading.OrdersApi(client).create_order(mkt_trading.CreateOrderRequest(market_id="market_x", side="buy", type="limit", price="0.0500", quantity=1, client_order_id="c-1"))
    except RuntimeError:
        pass
    sent = recorder.sent[0]
    body = sent["body"].encode("utf-8") if isinstance(sent["body"], str) else sent["body"]
    message = b"1795342530POST/v1/orders" + body
    ed25519_private_key(WORKED_SEED).public_key().verify(base64.b64decode(sent["headers"]["x-mkt-signature"]), message)
    return {"decoded": json.loads(body), "timestamp": sent["headers"]["x-mkt-timestamp"]}


def replay_guard():
    """Timestamps and sleeps of writes and reads sent in one second: a write never signed twice alike."""
    slept = []
    client = SigningApiClient(mkt_trading.Configuration(host="http://127.0.0.1:1"), private_key=WORKED_SEED, fingerprint=WORKED_FINGERPRINT,
                              now=lambda: 1795342530.25, sleep=slept.append)
    recorder = RecordingPool()
    client.rest_client.pool_manager._pool = recorder
    orders = mkt_trading.OrdersApi(client)
    request = mkt_trading.CreateOrderRequest(market_id="market_x", side="buy", type="limit", price="0.0500", quantity=1, client_order_id="c-1")
    for call in (lambda: orders.create_order(request), lambda: orders.create_order(request), lambda: orders.cancel_order("order_0000000000000000"),
                 lambda: orders.get_order("order_0000000000000000"), lambda: orders.get_order("order_0000000000000000")):
        try:
            call()
        except RuntimeError:
            pass
    return {"sent": [[r["method"], r["headers"]["x-mkt-timestamp"]] for r in recorder.sent], "slept": slept}


def main():
    trading_url, private_key_b64, fingerprint = sys.argv[1:4]
    client = SigningApiClient(mkt_trading.Configuration(host=trading_url), private_key=private_key_b64, fingerprint=fingerprint)
    reference = mkt_trading.ReferenceApi(client)
    first = reference.list_instruments(limit=5, order_by="symbol")
    rest = reference.list_instruments(limit=5, order_by="symbol", next=first.paging.next_cursor)
    symbols = [i.symbol for i in first.data + rest.data]
    market = reference.list_markets(limit=1).data[0]
    controls = reference.get_market_controls(market.market_id).data
    try:
        reference.get_instrument("instrument-00000000-0000-0000-0000-000000000000")
        missing_status = 200
    except mkt_trading.ApiException as error:
        missing_status = error.status
    orders = mkt_trading.OrdersApi(client)
    client_order_id = f"check-{uuid.uuid4()}"
    placed = orders.create_order(mkt_trading.CreateOrderRequest(market_id=market.market_id, side="buy", type="limit", price="0.0100", quantity=3, client_order_id=client_order_id)).data
    try:  # the same order again at once: signed with the next second, so the server sees a duplicate, not a replay
        orders.create_order(mkt_trading.CreateOrderRequest(market_id=market.market_id, side="buy", type="limit", price="0.0100", quantity=3, client_order_id=client_order_id))
        duplicate = {"status": 201}
    except mkt_trading.ApiException as error:
        duplicate = {"status": error.status, "code": json.loads(error.body)["errors"]["code"]}
    order = orders.get_order(placed.order_id).data
    orders.cancel_order(placed.order_id)
    cancelled = orders.get_order(placed.order_id).data
    print(json.dumps({
        "symbols": symbols,
        "max_order_size": controls.max_order_size,
        "missing_status": missing_status,
        "order": {"order_id": order.order_id, "client_order_id": order.client_order_id, "price": order.price, "quantity": order.quantity, "status": order.status.value},
        "expected_client_order_id": client_order_id,
        "cancelled_status": cancelled.status.value,
        "duplicate": duplicate,
    }))


if __name__ == "__main__":
    main()
