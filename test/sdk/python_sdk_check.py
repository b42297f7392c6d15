"""Drives the generated Python trading SDK against a running mkt, signing every request.

Usage: python3 python_sdk_check.py TRADING_URL PRIVATE_KEY_B64 FINGERPRINT
Prints one JSON object: what the SDK read. The mocha suite python-sdk.test.ts runs it.
"""
import base64
import json
import sys
import time
from urllib.parse import urlparse

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

import mkt_trading
from mkt_trading.api_client import ApiClient


class SigningApiClient(ApiClient):
    """Signs timestamp + METHOD + path + raw body (specification part 5) over the exact bytes sent."""

    def __init__(self, configuration, private_key, fingerprint):
        super().__init__(configuration)
        self._private_key = private_key
        self._fingerprint = fingerprint

    def call_api(self, method, url, header_params=None, body=None, post_params=None, _request_timeout=None):
        raw = "" if body is None else (body if isinstance(body, str) else json.dumps(body))
        timestamp = str(int(time.time()))
        message = (timestamp + method.upper() + urlparse(url).path + raw).encode()
        headers = dict(header_params or {})
        headers["x-mkt-signature"] = base64.b64encode(self._private_key.sign(message)).decode()
        headers["x-mkt-timestamp"] = timestamp
        headers["x-mkt-fingerprint"] = self._fingerprint
        return super().call_api(method, url, headers, raw if body is not None else None, post_params, _request_timeout)


def main():
    trading_url, private_key_b64, fingerprint = sys.argv[1:4]
    seed = base64.b64decode(private_key_b64)[:32]
    client = SigningApiClient(mkt_trading.Configuration(host=trading_url), Ed25519PrivateKey.from_private_bytes(seed), fingerprint)
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
    print(json.dumps({"symbols": symbols, "max_order_size": controls.max_order_size, "missing_status": missing_status}))


if __name__ == "__main__":
    main()
