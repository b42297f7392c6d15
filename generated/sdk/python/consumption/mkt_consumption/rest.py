# GENERATED, DO NOT EDIT. Source: openapi/consumption.yaml. Regenerate: npm run generate
# coding: utf-8

"""
    mkt consumption API

    Run inference on mkt, a real-time spot market for AI inference. Each of the nine instruments (`text-standard`, `text-prime`, `text-max`, `code-standard`, `code-prime`, `code-max`, `agent-standard`, `agent-prime`, `agent-max`) is a quality contract; use its id as `model`. `GET /v1/models` also lists `-latest` aliases that name third-party model families; an alias is accepted wherever an instrument id is.  Two hosts serve this API with the same key, instruments and routing engine:  | host | surface | credential | |---|---|---| | `{base_url}` | OpenAI-compatible: `/v1/chat/completions`, `/v1/responses`, `/v1/models`; usage receipts; diagnostics | `Authorization: Bearer <consumption key>` | | `{messages_url}` | Anthropic-messages-compatible (beta): `/v1/messages`, `/v1/messages/count_tokens` | `x-api-key: <consumption key>` (or `Authorization: Bearer`) |  A consumption key (`mkt_ck_…`) is created on the platform API (`POST /v1/api-keys`) or in the dashboard. It covers inference and usage only; OAuth access tokens are not accepted here.  ## How an inference request flows  1. **Validate.** The body must be JSON (`400 malformed_json`) and match the operation's schema    (`422`; on chat completions the `{errors: [{path, message, value}]}` list). A `model` that is    neither an instrument nor an alias is `404 model_not_found`. 2. **Authenticate.** An unknown, deactivated or deleted key is `401 invalid_api_key`, and a key    past its `expires_at` is `401 key_expired`, on every endpoint of this host but `GET /v1/key`    (which shows it with `is_active: false`); the body carries `server_time`. 3. **Check the key's limits and capacity.** The key is checked again when the request runs (it    may have expired, been deactivated or deleted since the redirect: `401`, nothing billed); a    `model` outside the key's `allowed_models` is `403 model_not_allowed`; a key whose budget is    spent is `403 key_limit_exceeded`. Then the daily request limit of free accounts and the concurrency    slots (`429`, with `Retry-After`), then the token capacity for the instrument: in Auto Mode the    service buys it (a market buy plus transfer, or a limit buy under a price cap); while that buy    is in flight other requests of the same user and instrument get `503 balance_replenishing`;    no USD or no liquidity is `402`, and capacity that cannot be had within the price cap    (`max_price`) is `402 price_cap_exceeded`. 4. **Redirect.** The answer is `307 Temporary Redirect` with an absolute    `Location: {base_url}/r/v1/…?ticket=T` (the host's configured public URL, so the same origin)    and an empty body. Nothing has run yet. The ticket `T` carries what these checks established    (the model, the counted prompt), so the run does not check the request again. It is opaque,    good for one run within 60 seconds, and bound to the key and to the exact bytes of the body.    The client repeats the same method and body at the target; `fetch`, the OpenAI SDKs and the    Anthropic SDKs do this by themselves. The credential need not follow: a request that carries    a ticket is judged by the ticket alone, whatever its `Authorization` (none, a placeholder, or    the key). A ticket used twice is `401 ticket_used`, one older than 60 seconds    `401 ticket_expired`, and one that was altered or is presented with another body    `401 ticket_invalid` (even beside a valid key); nothing is billed for any of them: start    again at `/v1/…`. A client that does not follow redirects sees only the `307`. 5. **Run.** `/r/v1/…` takes one concurrency slot, reserves the prompt plus the output limit of    Units from the consumption account (oldest lots first; under a price cap only lots bought at    or under it) and the key's budget for them, and routes the request to a supplier qualified for    the instrument. Calling `/r/v1/…` directly with the key (no ticket) runs every check of the    redirect first, and is otherwise equivalent to following the redirect.  Supplier failover is automatic and invisible: a connect error, timeout, `5xx` or `429` from a supplier before the first byte moves the request to the next qualified supplier. If none can serve, the answer is `503 supplier_unavailable`. Once bytes have been sent, a failure ends a stream with an error event, never with a clean end.  Billing: the real usage is settled after the response and the rest of the reservation released. Every successful answer states what it cost in its `usage`: `cost_usd` (USD, 6 decimals) and `cost_units` (Units, 6 decimals: the tokens billed divided by the instrument's tokens per Unit), equal to the receipt's `cost_usd` and `cost_units`. A stream carries them on its last usage event (chat completions: the usage chunk, when `stream_options.include_usage` is set; responses: `response.completed` or `response.incomplete`; messages: `message_delta`), sent once the request is settled. A client that goes away mid-stream gets no final event; its receipt shows the cost of what was delivered.  Guarantees: every answer is judged against its instrument's `ai_specs` from the supplier attempt that answered: time to first token, output rate (answers of at least 64 output tokens), an answer cut short for length before both the caller's limit and `max_output_length`, and tool calls that are not JSON or name no offered tool. An answer that breaks one is `out_of_spec` and not billed: its `usage` (and its stream's last usage event) then carries `spec_breaches`, as its receipt does. A supplier that refuses a prompt the instrument's `context_window` holds is failed over, like a `5xx`.  Price cap: `max_price` (USD per Unit, a decimal string with at most 4 decimals, like an order price) caps the price of the Units a request may use. In Auto Mode the service's buy becomes a limit fill-or-kill buy at `max_price`: it buys the whole shortfall at or under the cap, or nothing (fill-or-kill rather than immediate-or-cancel, so that a request that cannot run buys no part of what it needed). The limit is the cap rounded down to the market's tick size, and no higher than the market's price band (a resting ask above the band cannot fill a limit buy); the buy locks that price for each Unit until it fills, so the USD balance must cover it. In Advanced Mode only lots bought at or under the cap count for the request, and it is billed from those lots only. When the request cannot be covered within the cap the answer is `402 price_cap_exceeded` with `context: {max_price, best_ask, units_needed}`, and nothing is bought or billed. Without `max_price` the account's `auto_buy_max_price` setting (platform API) applies; when that is null too, there is no cap.  Keys with limits: a key's budget (`limit_usd`, per `limit_reset` period in UTC) is reserved when a request is admitted, at the price of the very lots its tokens are reserved from (the request draws only from those lots, so it can never cost more), and trued up when it settles: the reservation leaves the period's reserve and the real cost enters the spend of the period the request was admitted in. Admission reserves only while spend plus reserves plus the request's reserve stays within the limit, in the database, so requests sent at once to several processes never overspend a budget. Not billed: a request that fails entirely (no answer, or the supplier broke off mid-stream) and an answer whose supplier broke the instrument's own guarantees (time to first token, throughput, output length). An answer that reaches the caller is otherwise billed, whatever the request asked of it: one that misses a JSON schema the caller chose (`response_format`, `text.format`) is billed like any other, because the caller, not the supplier, chose the schema (its receipt says `schema_mismatch`). A schema that is not a valid JSON Schema, or obviously admits no value, is a `422` before anything runs. No request shape yields delivered tokens for free. A streamed request costs exactly what the same non-streamed request costs. The `model` in every response is the `model` of the request; the serving supplier is not disclosed.  ## Request ids and usage  Every response of this API carries `x-mkt-request-id` (`req_…`). The id of a `/r/v1/…` response names the usage receipt of that inference: `GET /v1/usage/{request_id}`. Lists are at `GET /v1/usage`, totals at `GET /v1/usage/summary`. Every response also carries `x-request-id`, which echoes a well-formed incoming `x-request-id`, and `server-timing` (W3C Server Timing: `auth;dur=…, handler;dur=…, total;dur=…` in milliseconds; on a stream `total` runs up to its headers).  ## Limits  Inference concurrency is one allowance per user shared by chat completions, responses and messages; a request holds one slot from admission at `/r/v1/…` until it finishes, fails or the client disconnects. The tier follows the deposited balance (the lesser of deposits and total balance; a signup bonus does not count):  | deposited balance (USD) | concurrent requests | |---|---| | 0 to 20 | 3 | | 20 to 50 | 10 | | 50 to 150 | 30 | | 150 to 500 | 110 | | 500 and above | 400 |  Inference responses carry `x-ratelimit-limit` (the current maximum of concurrent requests; read it rather than hard-coding a tier) and `x-ratelimit-remaining` (slots left after this admission).  Free accounts (no deposit yet) may make 100 inference requests per UTC day; the first deposit lifts the limit. Each request admitted at `/r/v1/…` counts once, whatever its outcome; the redirect itself, model listing, usage and diagnostics do not count.  A `429` carries `Retry-After` in seconds: wait at least that long, reduce parallelism or queue.  ## Errors  Every error body carries the specification's `errors: {code, detail, message, server_time, context}`: branch on `code`, show `detail` to humans (`message` is the same text). On chat completions a `422` carries instead the list `errors: [{path, message, value}]`. Beside it, each error speaks the dialect of its host, so that official clients show the detail: on `{base_url}` an OpenAI-shaped `error: {message, type, code, param}` (for `503 balance_replenishing`, `type` is `balance_replenishing`); on `{messages_url}` Anthropic's `type: error` and `error: {type, message}`. Retry `402`, `429`, `500` and `503` with exponential backoff and jitter from 1 second (honour `Retry-After`); never retry `400`, `401`, `404` or `422` unchanged. Unknown query parameters are ignored. 

    The version of the OpenAPI document: 1.0.0
    Generated by OpenAPI Generator (https://openapi-generator.tech)

    Do not edit the class manually.
"""  # noqa: E501


import ipaddress
import io
import json
import re
import ssl
from urllib.parse import urlparse

import urllib3

from mkt_consumption.exceptions import ApiException, ApiValueError

SUPPORTED_SOCKS_PROXIES = {"socks5", "socks5h", "socks4", "socks4a"}
RESTResponseType = urllib3.HTTPResponse


def is_socks_proxy_url(url):
    if url is None:
        return False
    split_section = url.split("://")
    if len(split_section) < 2:
        return False
    else:
        return split_section[0].lower() in SUPPORTED_SOCKS_PROXIES

def contenttype_matches(contenttype, maintype, subtype):
    """Matches the given contenttype against the given type and subtype

    :param contenttype: the content type to match
    :param maintype: the expected maintype
    :param subtype: the expected subtype
    :return: `true` when the given content type matches the given type and subtype,
        regardless of the presence of mime type parameters, otherwise returns `false`.
    :rtype: bool
    """
    pattern = '{type}/(?:[^+;]+\\+)?{subtype}(?:[ \t]*;.*)?'.format(
        type = re.escape(maintype),
        subtype = re.escape(subtype),
    )
    return re.fullmatch(pattern, contenttype, re.IGNORECASE) is not None

def should_bypass_proxies(url: str, no_proxy: str) -> bool:
    """Return whether ``url`` matches the comma-separated ``no_proxy`` rules."""
    parsed_url = urlparse(url)
    if not parsed_url.hostname:
        return True

    host = parsed_url.hostname.lower()
    host_and_port = parsed_url.netloc.lower()
    try:
        host_ip = ipaddress.ip_address(host)
    except ValueError:
        host_ip = None

    for entry in (entry.strip().lower() for entry in no_proxy.split(',')):
        if not entry:
            continue
        if entry == '*':
            return True

        if host_ip is not None:
            try:
                if host_ip in ipaddress.ip_network(entry, strict=False):
                    return True
            except ValueError:
                pass

        entry = entry.lstrip('.')
        if (
            host == entry
            or host.endswith('.' + entry)
            or host_and_port == entry
            or host_and_port.endswith('.' + entry)
        ):
            return True

    return False


class RESTResponse(io.IOBase):

    def __init__(self, resp) -> None:
        self.response = resp
        self.status = resp.status
        self.reason = resp.reason
        self.data = None

    def read(self):
        if self.data is None:
            self.data = self.response.data
        return self.data

    @property
    def headers(self):
        """Returns a dictionary of response headers."""
        return self.response.headers

    def getheaders(self):
        """Returns a dictionary of the response headers; use ``headers`` instead."""
        return self.response.headers

    def getheader(self, name, default=None):
        """Returns a given response header; use ``headers.get()`` instead."""
        return self.response.headers.get(name, default)


class RESTClientObject:

    def __init__(self, configuration) -> None:
        # urllib3.PoolManager will pass all kw parameters to connectionpool
        # https://github.com/shazow/urllib3/blob/f9409436f83aeb79fbaf090181cd81b784f1b8ce/urllib3/poolmanager.py#L75  # noqa: E501
        # https://github.com/shazow/urllib3/blob/f9409436f83aeb79fbaf090181cd81b784f1b8ce/urllib3/connectionpool.py#L680  # noqa: E501
        # Custom SSL certificates and client certificates: http://urllib3.readthedocs.io/en/latest/advanced-usage.html  # noqa: E501

        # cert_reqs
        if configuration.verify_ssl:
            cert_reqs = ssl.CERT_REQUIRED
        else:
            cert_reqs = ssl.CERT_NONE

        pool_args = {
            "cert_reqs": cert_reqs,
            "ca_certs": configuration.ssl_ca_cert,
            "cert_file": configuration.cert_file,
            "key_file": configuration.key_file,
            "ca_cert_data": configuration.ca_cert_data,
        }
        if configuration.assert_hostname is not None:
            pool_args['assert_hostname'] = (
                configuration.assert_hostname
            )

        if configuration.retries is not None:
            pool_args['retries'] = configuration.retries

        if configuration.tls_server_name:
            pool_args['server_hostname'] = configuration.tls_server_name


        if configuration.socket_options is not None:
            pool_args['socket_options'] = configuration.socket_options

        if configuration.connection_pool_maxsize is not None:
            pool_args['maxsize'] = configuration.connection_pool_maxsize

        # https pool manager
        self.pool_manager: urllib3.PoolManager

        if configuration.proxy and not should_bypass_proxies(
            configuration.host, configuration.no_proxy or ''
        ):
            if is_socks_proxy_url(configuration.proxy):
                from urllib3.contrib.socks import SOCKSProxyManager
                pool_args["proxy_url"] = configuration.proxy
                pool_args["headers"] = configuration.proxy_headers
                self.pool_manager = SOCKSProxyManager(**pool_args)
            else:
                pool_args["proxy_url"] = configuration.proxy
                pool_args["proxy_headers"] = configuration.proxy_headers
                if configuration.proxy_ssl_context is not None:
                    pool_args["proxy_ssl_context"] = configuration.proxy_ssl_context
                self.pool_manager = urllib3.ProxyManager(**pool_args)
        else:
            self.pool_manager = urllib3.PoolManager(**pool_args)

    def request(
        self,
        method,
        url,
        headers=None,
        body=None,
        post_params=None,
        _request_timeout=None
    ):
        """Perform requests.

        :param method: http request method
        :param url: http request url
        :param headers: http request headers
        :param body: request json body, for `application/json`
        :param post_params: request post parameters,
                            `application/x-www-form-urlencoded`
                            and `multipart/form-data`
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        """
        method = method.upper()
        assert method in [
            'GET',
            'HEAD',
            'DELETE',
            'POST',
            'PUT',
            'PATCH',
            'OPTIONS'
        ]

        if post_params and body:
            raise ApiValueError(
                "body parameter cannot be used with post_params parameter."
            )

        post_params = post_params or {}
        headers = headers or {}

        timeout = None
        if _request_timeout:
            if isinstance(_request_timeout, (int, float)):
                timeout = urllib3.Timeout(total=_request_timeout)
            elif (
                    isinstance(_request_timeout, tuple)
                    and len(_request_timeout) == 2
                ):
                timeout = urllib3.Timeout(
                    connect=_request_timeout[0],
                    read=_request_timeout[1]
                )

        try:
            # For `POST`, `PUT`, `PATCH`, `OPTIONS`, `DELETE`
            if method in ['POST', 'PUT', 'PATCH', 'OPTIONS', 'DELETE']:

                content_type = headers.get('Content-Type')
                is_json = (
                    not content_type
                    or contenttype_matches(content_type, 'application', 'json')
                )
                # JSON is valid YAML 1.2, so structured YAML bodies can use
                # the existing JSON serializer:
                # https://yaml.org/spec/1.2.2/#13-relation-to-json
                is_structured_yaml = (
                    content_type
                    and (
                        contenttype_matches(content_type, 'application', 'yaml')
                        or contenttype_matches(content_type, 'text', 'yaml')
                        or contenttype_matches(content_type, 'text', 'x-yaml')
                    )
                    and not isinstance(body, (str, bytes))
                )
                if is_json or is_structured_yaml:
                    request_body = None
                    if body is not None:
                        request_body = json.dumps(body)
                    r = self.pool_manager.request(
                        method,
                        url,
                        body=request_body,
                        timeout=timeout,
                        headers=headers,
                        preload_content=False
                    )
                elif contenttype_matches(content_type, 'application', 'x-www-form-urlencoded'):
                    r = self.pool_manager.request(
                        method,
                        url,
                        fields=post_params,
                        encode_multipart=False,
                        timeout=timeout,
                        headers=headers,
                        preload_content=False
                    )
                elif contenttype_matches(content_type, 'multipart', 'form-data'):
                    # must del headers['Content-Type'], or the correct
                    # Content-Type which generated by urllib3 will be
                    # overwritten.
                    del headers['Content-Type']
                    # Ensures that dict objects are serialized
                    post_params = [(a, json.dumps(b)) if isinstance(b, dict) else (a,b) for a, b in post_params]
                    r = self.pool_manager.request(
                        method,
                        url,
                        fields=post_params,
                        encode_multipart=True,
                        timeout=timeout,
                        headers=headers,
                        preload_content=False
                    )
                # Pass a `string` parameter directly in the body to support
                # other content types than JSON when `body` argument is
                # provided in serialized form.
                elif isinstance(body, str) or isinstance(body, bytes):
                    r = self.pool_manager.request(
                        method,
                        url,
                        body=body,
                        timeout=timeout,
                        headers=headers,
                        preload_content=False
                    )
                elif content_type.startswith('text/') and isinstance(body, bool):
                    request_body = "true" if body else "false"
                    r = self.pool_manager.request(
                        method,
                        url,
                        body=request_body,
                        preload_content=False,
                        timeout=timeout,
                        headers=headers)
                else:
                    # Cannot generate the request from given parameters
                    msg = """Cannot prepare a request message for provided
                             arguments. Please check that your arguments match
                             declared content type."""
                    raise ApiException(status=0, reason=msg)
            # For `GET`, `HEAD`
            else:
                r = self.pool_manager.request(
                    method,
                    url,
                    fields={},
                    timeout=timeout,
                    headers=headers,
                    preload_content=False
                )
        except urllib3.exceptions.SSLError as e:
            msg = "\n".join([type(e).__name__, str(e)])
            raise ApiException(status=0, reason=msg)

        return RESTResponse(r)
