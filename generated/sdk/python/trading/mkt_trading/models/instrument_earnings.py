# GENERATED, DO NOT EDIT. Source: openapi/trading.yaml. Regenerate: npm run generate
# coding: utf-8

"""
    mkt trading API

    The trading API of **mkt**, a real-time spot market for AI inference. Suppliers sell Units of standardised instruments (`text-standard` … `agent-max`) on one central limit order book per instrument; buyers place orders, receive Units in their trading account, and transfer them to a consumption account to run inference on the consumption API. One Unit is `tokens_per_unit` tokens of the instrument (1,000,000 by default); prices are USD per Unit.  ## Authentication  Every operation except `GET /v1/health` takes one of two credentials:  - an **Ed25519 signature** made with a trading signing key (below): the credential of bots and   servers, which need no login and no token refresh; - an **OAuth access token** of the platform API (`Authorization: Bearer mkt_at_…`, from the   device flow at `{platform_url}/v1/oauth/device/code`), as a command line sends it once   logged in. Each operation names the scope its token needs:    | Scope | Opens |   |---|---|   | `trade:read` | every read (`GET`): identity, instruments, markets, market data, orders, trades, accounts, transfers, limits, diagnostics |   | `trade:write` | every change: orders (create, batch, amend, cancel, cancel by market, bulk cancel, batch cancel, the dead-man's switch) and transfers |   | `supply:read`, `supply:write` | listing and issuing supply (`/v1/supply-issuances`), endpoints (`/v1/supply/endpoints`) |    A token without the operation's scope is refused with `403 insufficient_scope` before   anything is read or changed; `errors.detail` names the missing scope and `errors.context`   lists the needed and the granted ones. An unknown, expired or revoked token is   `401 invalid_token` (refresh it with the refresh token, or log in again).  A consumption API key is never accepted here. A request that carries a signature header is authenticated by its signature alone: an `Authorization` header beside it is ignored, and a bad signature is refused even if the token is good. Everything else works the same with either credential: the same user, limits, Auto Mode rule and answers. Where an answer describes the signing key (`signing_key` of `GET /v1/me`, the first check of `GET /v1/diagnostics`), a token's request gets `null` and a description of the token instead.  ## Signing requests  1. Generate an Ed25519 keypair on the client; the private key never leaves it (keep it as base64    of the raw 32-byte seed or the 64-byte secret key, not PEM). 2. Register the public key — base64 of its raw 32 bytes — in the dashboard or with    `POST {platform_url}/v1/signing-keys`. The answer carries the key's **fingerprint**: SHA-256    of the raw public key, base64 without padding. 3. For each request build the **signed string** by concatenating, with no separators:    1. the Unix time in whole seconds, as a decimal string;    2. the HTTP method in upper case (`GET`, `POST`, `PUT`, `DELETE`);    3. the request path only, without the query string (for `GET /v1/orders?status=filled`       sign `/v1/orders`), exactly as sent on the request line;    4. the raw request body exactly as sent, byte for byte; the empty string for `GET` and       `DELETE` without a body. Query parameters are never signed. 4. Sign the string with the private key and send three headers:     | Header | Value |    |---|---|    | `x-mkt-signature` | base64 of the 64-byte Ed25519 signature |    | `x-mkt-timestamp` | the same timestamp string that starts the signed string |    | `x-mkt-fingerprint` | the key's fingerprint |  The timestamp must lie **within 30 seconds** of server time, in either direction; otherwise the answer is `401` with code `timestamp_out_of_range` and `errors.context` = `{max_drift_seconds, observed_drift_seconds, request_timestamp, server_timestamp}` (`server_time` in the body tells you the server's clock). Sign each request, including each retry, with a fresh timestamp. On any `401`, check clock drift first, then the signed string (are you signing the raw body you send, and the path without the query?), then the fingerprint.  ### Each signature of a write is good once  The query string is not signed, and Ed25519 signatures are deterministic: a request captured on its way could otherwise be sent again, even with another query (a `DELETE /v1/orders?side=sell` resent as `DELETE /v1/orders`). So the signature of a `POST`, `PUT`, `PATCH` or `DELETE` is accepted **once**, by every server of the service: its second use inside the 30-second window is `401` with code `signature_replayed`, whatever the first use answered.  - Two identical writes signed in the same second carry the same signature, so the second is   refused. Make them differ: give each order its own `client_order_id`, which also makes a retry   after a lost answer safe (the retry, signed afresh, gets `422` naming the first order if it   was placed). - Sign every retry with a fresh timestamp; resending the same signed bytes is a replay. - Signed reads (`GET`) are not refused on a second use. They change nothing, so a replay can only   read again, within 30 seconds, what the key may read; and because the query is not signed,   `GET /v1/orders?status=open` and `GET /v1/orders?status=filled` signed in one second carry one   signature, which a client polling several lists at once must be able to send.  ### Worked example  The keypair of RFC 8032 test 1 (never use it for real):  | | | |---|---| | private key (base64 seed) | `nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=` | | public key (base64) | `11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=` | | fingerprint | `If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk` |  Placing an order at 2026-11-22T10:15:30Z (Unix `1795342530`) with the body `{\"market_id\":\"market_35255eeb-dadb-59fb-baca-64f7fd4d0264\",\"side\":\"buy\",\"type\":\"limit\",\"price\":\"0.4200\",\"quantity\":10,\"client_order_id\":\"rebalance-2026-11-22-001\"}` signs the string  ``` 1795342530POST/v1/orders{\"market_id\":\"market_35255eeb-dadb-59fb-baca-64f7fd4d0264\",\"side\":\"buy\",\"type\":\"limit\",\"price\":\"0.4200\",\"quantity\":10,\"client_order_id\":\"rebalance-2026-11-22-001\"} ```  and sends  ``` POST /v1/orders HTTP/1.1 Content-Type: application/json x-mkt-timestamp: 1795342530 x-mkt-fingerprint: If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk x-mkt-signature: zFu7hfZ87KGU7Ngtp6IUGpjpN3W5g0Hx0qnKE8f/a0WO6maL/VcbLHBKWBZrto/knQhNqG42fDpOKe19W8onCQ== ```  `GET /v1/orders?status=open` at the same second signs `1795342530GET/v1/orders` and sends `x-mkt-signature: N5tygNj0YspsRnwivve2c4LdyYtFCNsbfYLhQNvj5ZTPDIDLVzO/emi9cxX/I/pC8x57Ogq2hkWL5Y9uCKLkCQ==`.  ## Conventions  - **Envelopes.** One object is `{data: …}`; a list is `{data: […], paging: {has_more,   next_cursor, prev_cursor}}`. Errors are `{errors: {code, detail, message, server_time,   context?}}`: branch on `code`, show `detail` to people (`message` is the same text). - **Paging.** `limit` (default 50, at most 100), `next` = a previous `next_cursor`, `prev` = a   previous `prev_cursor`; `next` and `prev` are mutually exclusive. Cursors are opaque and   belong to the sort they were issued for. - **Numbers.** Prices (USD per Unit, at most 4 decimals) and USD amounts (at most 6 decimals)   are decimal strings, never JSON numbers. Quantities of Units are integers. - **Ids** are opaque; use them exactly as returned. Never derive a market or instrument id from   a symbol. Shapes: `instrument-<uuid>`, `market_<uuid>`, `order_<16 A-Z0-9>`, `trade_<uuid>`,   `user_<uuid>`, `trading_account_<hex>`, `consumption_account_<hex>`, `transfer_<uuid>`,   `supply_issuance_<uuid>`. An unknown or malformed id in a path answers `404`. - **Instrument symbols.** Wherever an instrument id is accepted (an `instrument_id` path or   query parameter, or an `instrument_id` body field), the instrument's symbol in any letter   case is accepted too (`TEXT-STANDARD`, `text-standard`), as is a model alias of   `GET /v1/models` (`mistral-latest`). A symbol that names no instrument answers `404`   in a path and `422` naming the parameter in a query or body. - **Time.** ISO 8601 UTC; trades carry microseconds. Time filters accept ISO 8601 or Unix   seconds. - **Unknown query parameters** are refused with `422 validation_error`. - **Filter spellings of the live service.** Every list also accepts the query spellings of   Phoenix Flop, which the live service's CLI sends:   `flop[filters][i][field]`, `flop[filters][i][op]`, `flop[filters][i][value]` (or   `filters[i][…]`) filter on the list's query parameter named `field`: `op` `==` (the default)   sets it; `>=` and `<=` set its `_min`/`_from` and `_max`/`_to` parameter where the list has   one. `order_by[]` and `order_directions[]` are `order_by` and `order_direction` (one sort   key), and `page_size` is `limit`. So   `GET /v1/orders?flop[filters][0][field]=status&flop[filters][0][value]=open&page_size=20`   is `GET /v1/orders?status=open&limit=20`. A field that is not a parameter of the list, or   another `op`, answers `422` naming it; two spellings of one parameter with different values   (`status=open&flop[filters][0][field]=status&flop[filters][0][value]=filled`) answer `422`   naming both. - **Quantities as digits.** The `quantity` of an order (`POST /v1/orders`, its batch and   `PUT /v1/orders/{order_id}`) may also be sent as a string of decimal digits (`\"5\"`), as the   live service's CLI sends it; `\"1.5\"`, `\"-1\"`, `\"1e3\"`, `\"\"` or a leading zero answer `422`   naming `quantity`. - **Auto Mode.** In Auto Mode (the default for new accounts) the service buys capacity for you:   order create, amend and cancel answer `403 auto_mode_trading_restricted`; every read,   transfers and supply issuance still work. Switch to Advanced Mode with   `POST {platform_url}/v1/self/system-settings/account-mode`. - **Rate limits.** Order creation is limited per user and market (read the effective values   with `GET /v1/account/limits`); `201` answers carry `x-ratelimit-limit` (the bucket's   capacity) and `x-ratelimit-remaining` (what it still holds), a `429` carries `Retry-After`. Bulk cancellation has its own,   separate throttle. - **Retries.** Retry `429`, `500` and `503` with exponential backoff and jitter from 1 second;   never retry `400`, `401`, `404`, `409` or `422` unchanged. Use `client_order_id` to make   order submission retries idempotent. - Every response carries `x-request-id`; quote it to support. Every response also carries   `server-timing` (W3C Server Timing): `auth;dur=…, handler;dur=…, total;dur=…` in   milliseconds spent authenticating, in the operation, and in all up to the response's   headers. 

    The version of the OpenAPI document: 1.0.0
    Generated by OpenAPI Generator (https://openapi-generator.tech)

    Do not edit the class manually.
"""  # noqa: E501


from __future__ import annotations
import pprint
import re  # noqa: F401
import json

from pydantic import BaseModel, ConfigDict, Field, StrictStr, field_validator
from typing import Any, ClassVar, Dict, List
from typing_extensions import Annotated
from mkt_trading.models.earnings_figures import EarningsFigures
from mkt_trading.models.earnings_period_figures import EarningsPeriodFigures
from typing import Optional, Set
from typing_extensions import Self
from pydantic_core import to_jsonable_python

class InstrumentEarnings(BaseModel):
    """
    A supplier's books for one instrument, per period (newest first) and in total.
    """ # noqa: E501
    instrument_id: Annotated[str, Field(strict=True)] = Field(description="Instrument id, `instrument-<uuid>`.")
    instrument_symbol: StrictStr
    tokens_per_unit: Annotated[int, Field(strict=True, ge=1)]
    periods: List[EarningsPeriodFigures]
    totals: EarningsFigures
    __properties: ClassVar[List[str]] = ["instrument_id", "instrument_symbol", "tokens_per_unit", "periods", "totals"]

    @field_validator('instrument_id', mode="before")
    def instrument_id_validate_regular_expression(cls, value):
        """Validates the regular expression"""
        if isinstance(value, str) and not re.match(r"^instrument-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", value):
            raise ValueError(r"must validate the regular expression /^instrument-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/")
        return value

    model_config = ConfigDict(
        validate_by_name=True,
        validate_by_alias=True,
        validate_assignment=True,
        protected_namespaces=(),
    )


    def to_str(self) -> str:
        """Returns the string representation of the model using alias"""
        return pprint.pformat(self.model_dump(by_alias=True))

    def to_json(self) -> str:
        """Returns the JSON representation of the model using alias"""
        return json.dumps(to_jsonable_python(self.to_dict()))

    @classmethod
    def from_json(cls, json_str: str) -> Optional[Self]:
        """Create an instance of InstrumentEarnings from a JSON string"""
        return cls.from_dict(json.loads(json_str))

    def to_dict(self) -> Dict[str, Any]:
        """Return the dictionary representation of the model using alias.

        This has the following differences from calling pydantic's
        `self.model_dump(by_alias=True)`:

        * `None` is only added to the output dict for nullable fields that
          were set at model initialization. Other fields with value `None`
          are ignored.
        """
        excluded_fields: Set[str] = set([
        ])

        _dict = self.model_dump(
            by_alias=True,
            exclude=excluded_fields,
            exclude_none=True,
        )
        # override the default output from pydantic by calling `to_dict()` of each item in periods (list)
        _items = []
        if self.periods:
            for _item_periods in self.periods:
                _items.append(_item_periods.to_dict() if _item_periods is not None else None)
            _dict['periods'] = _items
        # override the default output from pydantic by calling `to_dict()` of totals
        if self.totals:
            _dict['totals'] = self.totals.to_dict()
        return _dict

    @classmethod
    def from_dict(cls, obj: Optional[Dict[str, Any]]) -> Optional[Self]:
        """Create an instance of InstrumentEarnings from a dict"""
        if obj is None:
            return None

        if not isinstance(obj, dict):
            return cls.model_validate(obj)

        _obj = cls.model_validate({
            "instrument_id": obj.get("instrument_id"),
            "instrument_symbol": obj.get("instrument_symbol"),
            "tokens_per_unit": obj.get("tokens_per_unit"),
            "periods": [EarningsPeriodFigures.from_dict(_item) for _item in obj["periods"]] if obj.get("periods") is not None else None,
            "totals": EarningsFigures.from_dict(obj["totals"]) if obj.get("totals") is not None else None
        })
        return _obj


