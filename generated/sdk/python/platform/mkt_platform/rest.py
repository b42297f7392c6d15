# GENERATED, DO NOT EDIT. Source: openapi/platform.yaml. Regenerate: npm run generate
# coding: utf-8

"""
    mkt platform API

    The platform API of mkt, the real-time spot market for AI inference: OAuth 2.0 device-flow login for the `mkt` command line, management of consumption API keys and trading signing keys, account settings (account mode, auto-buy and its price cap, auto-transfer, auto-reload, self-trade prevention), money in (deposits), money out (payout destinations and withdrawals) and diagnostics.  Every path below is served twice, identically: under `{platform_url}/v1/…` and under `{platform_url}/api/v1/…` (the two server entries). The one exception is the authorization server metadata, `GET /.well-known/oauth-authorization-server`, which lives at the root only.  ## Getting started  1. Start a device-flow login (RFC 8628): `POST /v1/oauth/device/code` with `client_id=mkt-cli`    and the scopes you need, e.g. `scope=keys:manage account:read account:write`    (`GET /v1/oauth/scopes?client_id=mkt-cli` lists them). 2. Show the user `verification_uri_complete` (or `verification_uri` and `user_code`). They sign in    on the dashboard and approve the request at `/device`. 3. Poll `POST /v1/oauth/token` with `grant_type=urn:ietf:params:oauth:grant-type:device_code`    every `interval` seconds. While the user has not decided it answers `400 authorization_pending`;    then it returns an access token (`mkt_at_…`, valid one hour) and a refresh token (`mkt_rt_…`,    rotated on every refresh). 4. Create a consumption key: `POST /v1/api-keys` with `Authorization: Bearer <access token>`. The    raw `mkt_ck_…` key is in that response only; store it. 5. Call the consumption API with the consumption key. OAuth access tokens are not accepted there.    The trading API needs an Ed25519 signing key instead, registered with `POST /v1/signing-keys`.  ## Credentials  - **OAuth access token** (`mkt_at_…`) as `Authorization: Bearer <token>`. Each operation lists the   scope it needs. - **Dashboard session cookie** (`mkt_session`), accepted in place of a token, so the dashboard can   use this API. A session holds every scope, but adding or removing a payout destination and   withdrawing also need a sign-in within the last few minutes (`403 reauthentication_required`). A request that changes state (`POST`, `PATCH`,   `DELETE`) authenticated by the cookie must also carry the dashboard's CSRF token in the   `x-csrf-token` header, else `403 csrf_token_invalid`. When a request carries both a bearer token   and the cookie, the token is used and the cookie is ignored. - A missing, malformed, expired or revoked credential answers `401 invalid_token` with   `WWW-Authenticate: Bearer error=\"invalid_token\"`. A valid token without the operation's scope   answers `403 insufficient_scope` with `WWW-Authenticate: Bearer error=\"insufficient_scope\",   scope=\"<needed scope>\"`. - The OAuth endpoints themselves (scope discovery, device code, token, revocation, metadata) take   no credential; `mkt-cli` is a public client (no client secret).  | Scope | Grants | |---|---| | `keys:manage` | Every API key and signing key endpoint, reads included (there is no read-only key scope). | | `account:read` | Account settings and OAuth grants, read. | | `account:write` | Changing account settings; revoking OAuth grants. | | `trade:read` | Every read of the trading API (`GET`: identity, instruments, markets, market data, orders, trades, balances, transfers, limits, diagnostics) with this token instead of a signature. | | `trade:write` | Every change on the trading API with this token: orders (create, batch, amend, cancel, bulk and batch cancel, the dead-man's switch) and transfers. | | `funds:withdraw` | Payout destinations (add, remove) and withdrawals (make, cancel). Never granted by default: a login must ask for it by name. | | `supply:read`, `supply:write` | The trading API's supply issuance with this token instead of a signature: `GET /v1/supply-issuances` (read), `POST /v1/supply-issuances` (write). |  Why these scopes open trading operations: a command line logs in once with the device flow and then sends its access token, not a signature, to the trading host (the live service's command line asks for `trade:read trade:write supply:read supply:write` at login by default). Every trading operation but `GET /v1/health` accepts either credential; bots and servers keep signing with an Ed25519 key, which needs no login.  ## Order of checks  A request is checked in this order, and the first failure answers:  1. body encoding: `400 malformed_json` for a body that is not valid JSON or form data    (`invalid_request` in the RFC body on the OAuth endpoints), `413` when too large, `415` for    another content type; 2. credential: `401 invalid_token`; 3. CSRF token, for state-changing requests authenticated by the session cookie: `403 csrf_token_invalid`; 4. scope: `403 insufficient_scope`; 5. request shape: `422 validation_error` for any value the schema refuses (wrong JSON type,    unknown field, missing field, out of range, bad pattern), each listed in `errors.context.errors`; 6. account preconditions, where an operation has them, in this order: `403 account_inactive`,    `403 email_unverified`, `403 legal_terms_not_accepted`; 7. the operation's own rules (`404`, `409`, `403 mode_managed_setting`, `422` with a specific code).  Account preconditions answer `403`, never `422`: the request itself is correct and succeeds unchanged once the account is put right on the dashboard (verify the email, accept the legal terms, have the account reactivated). `422` always means \"change the request\".  ## Errors  Errors use the envelope `{errors: {code, detail, message, server_time, context?}}`; branch on `code`, show `detail` to humans (`message` is the same text, as the live service's clients read it). Every response carries `server-timing` (W3C Server Timing: `auth;dur=…, handler;dur=…, total;dur=…` in milliseconds). The OAuth endpoints `POST /v1/oauth/device/code`, `POST /v1/oauth/token` and `POST /v1/oauth/revoke` answer client errors in the RFC 6749 shape `{error, error_description}` instead, so that standard OAuth clients understand them; their `500` still uses the envelope.  ## Conventions  - Ids are opaque: `api_key_<uuid>`, `signing_key_<uuid>`, `grant_<uuid>`. An id that does not   exist, or belongs to another user, answers `404`. - Lists are ordered by creation time, oldest first, and paginate with `limit`, `next` and `prev`. - `last_used_at` fields are refreshed at most once a minute, so they may lag by up to a minute. - Timestamps are ISO 8601 UTC. Money is a decimal string of US dollars, never a JSON number. 

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

from mkt_platform.exceptions import ApiException, ApiValueError

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
