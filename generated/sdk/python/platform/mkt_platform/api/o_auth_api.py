# GENERATED, DO NOT EDIT. Source: openapi/platform.yaml. Regenerate: npm run generate
"""
    mkt platform API

    The platform API of mkt, the real-time spot market for AI inference: OAuth 2.0 device-flow login for the `mkt` command line, management of consumption API keys and trading signing keys, account settings (account mode, auto-buy and its price cap, auto-transfer, auto-reload, self-trade prevention), money in (deposits), money out (payout destinations and withdrawals) and diagnostics.  Every path below is served twice, identically: under `{platform_url}/v1/…` and under `{platform_url}/api/v1/…` (the two server entries). The one exception is the authorization server metadata, `GET /.well-known/oauth-authorization-server`, which lives at the root only.  ## Getting started  1. Start a device-flow login (RFC 8628): `POST /v1/oauth/device/code` with `client_id=mkt-cli`    and the scopes you need, e.g. `scope=keys:manage account:read account:write`    (`GET /v1/oauth/scopes?client_id=mkt-cli` lists them). 2. Show the user `verification_uri_complete` (or `verification_uri` and `user_code`). They sign in    on the dashboard and approve the request at `/device`. 3. Poll `POST /v1/oauth/token` with `grant_type=urn:ietf:params:oauth:grant-type:device_code`    every `interval` seconds. While the user has not decided it answers `400 authorization_pending`;    then it returns an access token (`mkt_at_…`, valid one hour) and a refresh token (`mkt_rt_…`,    rotated on every refresh). 4. Create a consumption key: `POST /v1/api-keys` with `Authorization: Bearer <access token>`. The    raw `mkt_ck_…` key is in that response only; store it. 5. Call the consumption API with the consumption key. OAuth access tokens are not accepted there.    The trading API needs an Ed25519 signing key instead, registered with `POST /v1/signing-keys`.  ## Credentials  - **OAuth access token** (`mkt_at_…`) as `Authorization: Bearer <token>`. Each operation lists the   scope it needs. - **Dashboard session cookie** (`mkt_session`), accepted in place of a token, so the dashboard can   use this API. A session holds every scope, but adding or removing a payout destination and   withdrawing also need a sign-in within the last few minutes (`403 reauthentication_required`). A request that changes state (`POST`, `PATCH`,   `DELETE`) authenticated by the cookie must also carry the dashboard's CSRF token in the   `x-csrf-token` header, else `403 csrf_token_invalid`. When a request carries both a bearer token   and the cookie, the token is used and the cookie is ignored. - A missing, malformed, expired or revoked credential answers `401 invalid_token` with   `WWW-Authenticate: Bearer error=\"invalid_token\"`. A valid token without the operation's scope   answers `403 insufficient_scope` with `WWW-Authenticate: Bearer error=\"insufficient_scope\",   scope=\"<needed scope>\"`. - The OAuth endpoints themselves (scope discovery, device code, token, revocation, metadata) take   no credential; `mkt-cli` is a public client (no client secret).  | Scope | Grants | |---|---| | `keys:manage` | Every API key and signing key endpoint, reads included (there is no read-only key scope). | | `account:read` | Account settings and OAuth grants, read. | | `account:write` | Changing account settings; revoking OAuth grants. | | `trade:read` | Every read of the trading API (`GET`: identity, instruments, markets, market data, orders, trades, balances, transfers, limits, diagnostics) with this token instead of a signature. | | `trade:write` | Every change on the trading API with this token: orders (create, batch, amend, cancel, bulk and batch cancel, the dead-man's switch) and transfers. | | `funds:withdraw` | Payout destinations (add, remove) and withdrawals (make, cancel). Never granted by default: a login must ask for it by name. | | `supply:read`, `supply:write` | The trading API's supply issuance with this token instead of a signature: `GET /v1/supply-issuances` (read), `POST /v1/supply-issuances` (write). |  Why these scopes open trading operations: a command line logs in once with the device flow and then sends its access token, not a signature, to the trading host (the live service's command line asks for `trade:read trade:write supply:read supply:write` at login by default). Every trading operation but `GET /v1/health` accepts either credential; bots and servers keep signing with an Ed25519 key, which needs no login.  ## Order of checks  A request is checked in this order, and the first failure answers:  1. body encoding: `400 malformed_json` for a body that is not valid JSON or form data    (`invalid_request` in the RFC body on the OAuth endpoints), `413` when too large, `415` for    another content type; 2. credential: `401 invalid_token`; 3. CSRF token, for state-changing requests authenticated by the session cookie: `403 csrf_token_invalid`; 4. scope: `403 insufficient_scope`; 5. request shape: `422 validation_error` for any value the schema refuses (wrong JSON type,    unknown field, missing field, out of range, bad pattern), each listed in `errors.context.errors`; 6. account preconditions, where an operation has them, in this order: `403 account_inactive`,    `403 email_unverified`, `403 legal_terms_not_accepted`; 7. the operation's own rules (`404`, `409`, `403 mode_managed_setting`, `422` with a specific code).  Account preconditions answer `403`, never `422`: the request itself is correct and succeeds unchanged once the account is put right on the dashboard (verify the email, accept the legal terms, have the account reactivated). `422` always means \"change the request\".  ## Errors  Errors use the envelope `{errors: {code, detail, message, server_time, context?}}`; branch on `code`, show `detail` to humans (`message` is the same text, as the live service's clients read it). Every response carries `server-timing` (W3C Server Timing: `auth;dur=…, handler;dur=…, total;dur=…` in milliseconds). The OAuth endpoints `POST /v1/oauth/device/code`, `POST /v1/oauth/token` and `POST /v1/oauth/revoke` answer client errors in the RFC 6749 shape `{error, error_description}` instead, so that standard OAuth clients understand them; their `500` still uses the envelope.  ## Conventions  - Ids are opaque: `api_key_<uuid>`, `signing_key_<uuid>`, `grant_<uuid>`. An id that does not   exist, or belongs to another user, answers `404`. - Lists are ordered by creation time, oldest first, and paginate with `limit`, `next` and `prev`. - `last_used_at` fields are refreshed at most once a minute, so they may lag by up to a minute. - Timestamps are ISO 8601 UTC. Money is a decimal string of US dollars, never a JSON number. 

    The version of the OpenAPI document: 1.0.0
    Generated by OpenAPI Generator (https://openapi-generator.tech)

    Do not edit the class manually.
"""  # noqa: E501


import warnings
from pydantic import validate_call, Field, StrictFloat, StrictStr, StrictInt
from typing import Any, Dict, List, Optional, Tuple, Union
from typing_extensions import Annotated

from pydantic import Field
from typing import Any, Dict, Optional
from typing_extensions import Annotated
from mkt_platform.models.authorization_server_metadata import AuthorizationServerMetadata
from mkt_platform.models.device_authorization import DeviceAuthorization
from mkt_platform.models.o_auth_grant_list import OAuthGrantList
from mkt_platform.models.o_auth_scope_list import OAuthScopeList
from mkt_platform.models.token_response import TokenResponse

from mkt_platform.api_client import ApiClient, RequestSerialized
from mkt_platform.api_response import ApiResponse
from mkt_platform.rest import RESTResponseType


class OAuthApi:
    """NOTE: This class is auto generated by OpenAPI Generator
    Ref: https://openapi-generator.tech

    Do not edit the class manually.
    """

    def __init__(self, api_client=None) -> None:
        if api_client is None:
            api_client = ApiClient.get_default()
        self.api_client = api_client


    @validate_call
    def create_device_code(
        self,
        client_id: Annotated[str, Field(strict=True, max_length=100, description="The OAuth client; the public client is `mkt-cli`.")],
        scope: Annotated[Optional[Annotated[str, Field(strict=True, max_length=1000)]], Field(description="Scopes separated by single spaces, e.g. `keys:manage account:read`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> DeviceAuthorization:
        """Start a device-flow login

        Device authorization request (RFC 8628 §3.1). Returns a `device_code` for the client to poll the token endpoint with, and a `user_code` for the user to confirm on the dashboard at `verification_uri` (or directly at `verification_uri_complete`). The user code is eight upper-case consonants in two groups of four; the dashboard also accepts it in lower case and without the dash. The device code lives `expires_in` seconds (600); poll no faster than every `interval` seconds (5).  `scope` is a space-separated list of scopes from `GET /v1/oauth/scopes`; when omitted, the client's full scope list is requested except `funds:withdraw`, which is granted only when asked for by name. Duplicates are ignored.  Body as `application/x-www-form-urlencoded` (the RFC's encoding) or `application/json`; further RFC parameters are accepted and ignored. Errors use the RFC 6749 body: `400 invalid_request` (missing or repeated `client_id`), `400 invalid_scope` (a scope that does not exist or that the client may not request), `401 invalid_client` (unknown `client_id`), `429 slow_down` with `Retry-After` when too many logins were started. The response is not cached (`Cache-Control: no-store`).  Throttled per client address and per client: an address may start 30 logins in ten minutes, the whole public client 600 a minute; past that each request must wait a delay that doubles (1, 2, 4 … seconds, at most ten minutes for an address, one minute for the client), told in `Retry-After`. The address is the connection's own; `X-Forwarded-For` is not trusted. 

        :param client_id: The OAuth client; the public client is `mkt-cli`. (required)
        :type client_id: str
        :param scope: Scopes separated by single spaces, e.g. `keys:manage account:read`.
        :type scope: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._create_device_code_serialize(
            client_id=client_id,
            scope=scope,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "DeviceAuthorization",
            '400': "OAuthError",
            '401': "OAuthError",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '429': "OAuthError",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def create_device_code_with_http_info(
        self,
        client_id: Annotated[str, Field(strict=True, max_length=100, description="The OAuth client; the public client is `mkt-cli`.")],
        scope: Annotated[Optional[Annotated[str, Field(strict=True, max_length=1000)]], Field(description="Scopes separated by single spaces, e.g. `keys:manage account:read`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[DeviceAuthorization]:
        """Start a device-flow login

        Device authorization request (RFC 8628 §3.1). Returns a `device_code` for the client to poll the token endpoint with, and a `user_code` for the user to confirm on the dashboard at `verification_uri` (or directly at `verification_uri_complete`). The user code is eight upper-case consonants in two groups of four; the dashboard also accepts it in lower case and without the dash. The device code lives `expires_in` seconds (600); poll no faster than every `interval` seconds (5).  `scope` is a space-separated list of scopes from `GET /v1/oauth/scopes`; when omitted, the client's full scope list is requested except `funds:withdraw`, which is granted only when asked for by name. Duplicates are ignored.  Body as `application/x-www-form-urlencoded` (the RFC's encoding) or `application/json`; further RFC parameters are accepted and ignored. Errors use the RFC 6749 body: `400 invalid_request` (missing or repeated `client_id`), `400 invalid_scope` (a scope that does not exist or that the client may not request), `401 invalid_client` (unknown `client_id`), `429 slow_down` with `Retry-After` when too many logins were started. The response is not cached (`Cache-Control: no-store`).  Throttled per client address and per client: an address may start 30 logins in ten minutes, the whole public client 600 a minute; past that each request must wait a delay that doubles (1, 2, 4 … seconds, at most ten minutes for an address, one minute for the client), told in `Retry-After`. The address is the connection's own; `X-Forwarded-For` is not trusted. 

        :param client_id: The OAuth client; the public client is `mkt-cli`. (required)
        :type client_id: str
        :param scope: Scopes separated by single spaces, e.g. `keys:manage account:read`.
        :type scope: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._create_device_code_serialize(
            client_id=client_id,
            scope=scope,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "DeviceAuthorization",
            '400': "OAuthError",
            '401': "OAuthError",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '429': "OAuthError",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def create_device_code_without_preload_content(
        self,
        client_id: Annotated[str, Field(strict=True, max_length=100, description="The OAuth client; the public client is `mkt-cli`.")],
        scope: Annotated[Optional[Annotated[str, Field(strict=True, max_length=1000)]], Field(description="Scopes separated by single spaces, e.g. `keys:manage account:read`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Start a device-flow login

        Device authorization request (RFC 8628 §3.1). Returns a `device_code` for the client to poll the token endpoint with, and a `user_code` for the user to confirm on the dashboard at `verification_uri` (or directly at `verification_uri_complete`). The user code is eight upper-case consonants in two groups of four; the dashboard also accepts it in lower case and without the dash. The device code lives `expires_in` seconds (600); poll no faster than every `interval` seconds (5).  `scope` is a space-separated list of scopes from `GET /v1/oauth/scopes`; when omitted, the client's full scope list is requested except `funds:withdraw`, which is granted only when asked for by name. Duplicates are ignored.  Body as `application/x-www-form-urlencoded` (the RFC's encoding) or `application/json`; further RFC parameters are accepted and ignored. Errors use the RFC 6749 body: `400 invalid_request` (missing or repeated `client_id`), `400 invalid_scope` (a scope that does not exist or that the client may not request), `401 invalid_client` (unknown `client_id`), `429 slow_down` with `Retry-After` when too many logins were started. The response is not cached (`Cache-Control: no-store`).  Throttled per client address and per client: an address may start 30 logins in ten minutes, the whole public client 600 a minute; past that each request must wait a delay that doubles (1, 2, 4 … seconds, at most ten minutes for an address, one minute for the client), told in `Retry-After`. The address is the connection's own; `X-Forwarded-For` is not trusted. 

        :param client_id: The OAuth client; the public client is `mkt-cli`. (required)
        :type client_id: str
        :param scope: Scopes separated by single spaces, e.g. `keys:manage account:read`.
        :type scope: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._create_device_code_serialize(
            client_id=client_id,
            scope=scope,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "DeviceAuthorization",
            '400': "OAuthError",
            '401': "OAuthError",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '429': "OAuthError",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _create_device_code_serialize(
        self,
        client_id,
        scope,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        # process the header parameters
        # process the form parameters
        if client_id is not None:
            _form_params.append(('client_id', client_id))
        if scope is not None:
            _form_params.append(('scope', scope))
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )

        # set the HTTP header `Content-Type`
        if _content_type:
            _header_params['Content-Type'] = _content_type
        else:
            _default_content_type = (
                self.api_client.select_header_content_type(
                    [
                        'application/x-www-form-urlencoded', 
                        'application/json'
                    ]
                )
            )
            if _default_content_type is not None:
                _header_params['Content-Type'] = _default_content_type

        # authentication setting
        _auth_settings: List[str] = [
        ]

        return self.api_client.param_serialize(
            method='POST',
            resource_path='/v1/oauth/device/code',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def create_token(
        self,
        grant_type: Annotated[str, Field(strict=True, max_length=128, description="`urn:ietf:params:oauth:grant-type:device_code` or `refresh_token`. Any other value answers `400 unsupported_grant_type` (deliberately not an enum, so the RFC's own error is returned).")],
        client_id: Annotated[str, Field(strict=True, max_length=100, description="The OAuth client; must be the client the device code or grant was issued to.")],
        device_code: Annotated[Optional[Annotated[str, Field(strict=True, max_length=512)]], Field(description="The `device_code` from `POST /v1/oauth/device/code` (device-code grant).")] = None,
        refresh_token: Annotated[Optional[Annotated[str, Field(strict=True, max_length=512)]], Field(description="The current refresh token, `mkt_rt_…` (refresh grant).")] = None,
        scope: Annotated[Optional[Annotated[str, Field(strict=True, max_length=1000)]], Field(description="Scopes separated by single spaces, e.g. `keys:manage account:read`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> TokenResponse:
        """Issue or refresh tokens

        Token endpoint (RFC 6749 §5, RFC 8628 §3.4). Two grant types:  - `urn:ietf:params:oauth:grant-type:device_code` with `device_code` and `client_id`: polls a   device-flow login. `400 authorization_pending` while the user has not decided;   `400 slow_down` when polled faster than `interval` (add 5 seconds to the interval for all   further polls); `400 access_denied` when the user refused; `400 expired_token` when the   device code expired (start again); `400 invalid_grant` for an unknown device code, one   issued to another client, or one already exchanged. On approval the tokens are issued   once, with the scopes the user approved; `scope` is ignored for this grant. - `refresh_token` with `refresh_token` and `client_id`: returns a new access token and a new   refresh token; the presented refresh token stops working at once (rotation). Presenting   a refresh token that was already rotated away is treated as theft: `400 invalid_grant`, and   the whole grant is revoked (all its access and refresh tokens). An expired, revoked or   unknown refresh token is `400 invalid_grant` too. `scope` may narrow the granted scopes,   never widen them (`400 invalid_scope`). Earlier access tokens stay valid until they expire.  Access tokens (`mkt_at_…`) live 3600 seconds unless the operator sets another lifetime (`MKT_ACCESS_TOKEN_TTL_S`); `expires_in` says. A refresh token (`mkt_rt_…`) lives 30 days from its issue; each refresh issues a fresh one. `400 invalid_request` for a missing parameter (e.g. `device_code`), `400 unsupported_grant_type` for any other `grant_type`, `401 invalid_client` for an unknown `client_id`.  Body as `application/x-www-form-urlencoded` (the RFC's encoding) or `application/json`; further RFC parameters are accepted and ignored. Responses carry `Cache-Control: no-store` and `Pragma: no-cache`. 

        :param grant_type: `urn:ietf:params:oauth:grant-type:device_code` or `refresh_token`. Any other value answers `400 unsupported_grant_type` (deliberately not an enum, so the RFC's own error is returned). (required)
        :type grant_type: str
        :param client_id: The OAuth client; must be the client the device code or grant was issued to. (required)
        :type client_id: str
        :param device_code: The `device_code` from `POST /v1/oauth/device/code` (device-code grant).
        :type device_code: str
        :param refresh_token: The current refresh token, `mkt_rt_…` (refresh grant).
        :type refresh_token: str
        :param scope: Scopes separated by single spaces, e.g. `keys:manage account:read`.
        :type scope: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._create_token_serialize(
            grant_type=grant_type,
            client_id=client_id,
            device_code=device_code,
            refresh_token=refresh_token,
            scope=scope,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "TokenResponse",
            '400': "OAuthError",
            '401': "OAuthError",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def create_token_with_http_info(
        self,
        grant_type: Annotated[str, Field(strict=True, max_length=128, description="`urn:ietf:params:oauth:grant-type:device_code` or `refresh_token`. Any other value answers `400 unsupported_grant_type` (deliberately not an enum, so the RFC's own error is returned).")],
        client_id: Annotated[str, Field(strict=True, max_length=100, description="The OAuth client; must be the client the device code or grant was issued to.")],
        device_code: Annotated[Optional[Annotated[str, Field(strict=True, max_length=512)]], Field(description="The `device_code` from `POST /v1/oauth/device/code` (device-code grant).")] = None,
        refresh_token: Annotated[Optional[Annotated[str, Field(strict=True, max_length=512)]], Field(description="The current refresh token, `mkt_rt_…` (refresh grant).")] = None,
        scope: Annotated[Optional[Annotated[str, Field(strict=True, max_length=1000)]], Field(description="Scopes separated by single spaces, e.g. `keys:manage account:read`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[TokenResponse]:
        """Issue or refresh tokens

        Token endpoint (RFC 6749 §5, RFC 8628 §3.4). Two grant types:  - `urn:ietf:params:oauth:grant-type:device_code` with `device_code` and `client_id`: polls a   device-flow login. `400 authorization_pending` while the user has not decided;   `400 slow_down` when polled faster than `interval` (add 5 seconds to the interval for all   further polls); `400 access_denied` when the user refused; `400 expired_token` when the   device code expired (start again); `400 invalid_grant` for an unknown device code, one   issued to another client, or one already exchanged. On approval the tokens are issued   once, with the scopes the user approved; `scope` is ignored for this grant. - `refresh_token` with `refresh_token` and `client_id`: returns a new access token and a new   refresh token; the presented refresh token stops working at once (rotation). Presenting   a refresh token that was already rotated away is treated as theft: `400 invalid_grant`, and   the whole grant is revoked (all its access and refresh tokens). An expired, revoked or   unknown refresh token is `400 invalid_grant` too. `scope` may narrow the granted scopes,   never widen them (`400 invalid_scope`). Earlier access tokens stay valid until they expire.  Access tokens (`mkt_at_…`) live 3600 seconds unless the operator sets another lifetime (`MKT_ACCESS_TOKEN_TTL_S`); `expires_in` says. A refresh token (`mkt_rt_…`) lives 30 days from its issue; each refresh issues a fresh one. `400 invalid_request` for a missing parameter (e.g. `device_code`), `400 unsupported_grant_type` for any other `grant_type`, `401 invalid_client` for an unknown `client_id`.  Body as `application/x-www-form-urlencoded` (the RFC's encoding) or `application/json`; further RFC parameters are accepted and ignored. Responses carry `Cache-Control: no-store` and `Pragma: no-cache`. 

        :param grant_type: `urn:ietf:params:oauth:grant-type:device_code` or `refresh_token`. Any other value answers `400 unsupported_grant_type` (deliberately not an enum, so the RFC's own error is returned). (required)
        :type grant_type: str
        :param client_id: The OAuth client; must be the client the device code or grant was issued to. (required)
        :type client_id: str
        :param device_code: The `device_code` from `POST /v1/oauth/device/code` (device-code grant).
        :type device_code: str
        :param refresh_token: The current refresh token, `mkt_rt_…` (refresh grant).
        :type refresh_token: str
        :param scope: Scopes separated by single spaces, e.g. `keys:manage account:read`.
        :type scope: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._create_token_serialize(
            grant_type=grant_type,
            client_id=client_id,
            device_code=device_code,
            refresh_token=refresh_token,
            scope=scope,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "TokenResponse",
            '400': "OAuthError",
            '401': "OAuthError",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def create_token_without_preload_content(
        self,
        grant_type: Annotated[str, Field(strict=True, max_length=128, description="`urn:ietf:params:oauth:grant-type:device_code` or `refresh_token`. Any other value answers `400 unsupported_grant_type` (deliberately not an enum, so the RFC's own error is returned).")],
        client_id: Annotated[str, Field(strict=True, max_length=100, description="The OAuth client; must be the client the device code or grant was issued to.")],
        device_code: Annotated[Optional[Annotated[str, Field(strict=True, max_length=512)]], Field(description="The `device_code` from `POST /v1/oauth/device/code` (device-code grant).")] = None,
        refresh_token: Annotated[Optional[Annotated[str, Field(strict=True, max_length=512)]], Field(description="The current refresh token, `mkt_rt_…` (refresh grant).")] = None,
        scope: Annotated[Optional[Annotated[str, Field(strict=True, max_length=1000)]], Field(description="Scopes separated by single spaces, e.g. `keys:manage account:read`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Issue or refresh tokens

        Token endpoint (RFC 6749 §5, RFC 8628 §3.4). Two grant types:  - `urn:ietf:params:oauth:grant-type:device_code` with `device_code` and `client_id`: polls a   device-flow login. `400 authorization_pending` while the user has not decided;   `400 slow_down` when polled faster than `interval` (add 5 seconds to the interval for all   further polls); `400 access_denied` when the user refused; `400 expired_token` when the   device code expired (start again); `400 invalid_grant` for an unknown device code, one   issued to another client, or one already exchanged. On approval the tokens are issued   once, with the scopes the user approved; `scope` is ignored for this grant. - `refresh_token` with `refresh_token` and `client_id`: returns a new access token and a new   refresh token; the presented refresh token stops working at once (rotation). Presenting   a refresh token that was already rotated away is treated as theft: `400 invalid_grant`, and   the whole grant is revoked (all its access and refresh tokens). An expired, revoked or   unknown refresh token is `400 invalid_grant` too. `scope` may narrow the granted scopes,   never widen them (`400 invalid_scope`). Earlier access tokens stay valid until they expire.  Access tokens (`mkt_at_…`) live 3600 seconds unless the operator sets another lifetime (`MKT_ACCESS_TOKEN_TTL_S`); `expires_in` says. A refresh token (`mkt_rt_…`) lives 30 days from its issue; each refresh issues a fresh one. `400 invalid_request` for a missing parameter (e.g. `device_code`), `400 unsupported_grant_type` for any other `grant_type`, `401 invalid_client` for an unknown `client_id`.  Body as `application/x-www-form-urlencoded` (the RFC's encoding) or `application/json`; further RFC parameters are accepted and ignored. Responses carry `Cache-Control: no-store` and `Pragma: no-cache`. 

        :param grant_type: `urn:ietf:params:oauth:grant-type:device_code` or `refresh_token`. Any other value answers `400 unsupported_grant_type` (deliberately not an enum, so the RFC's own error is returned). (required)
        :type grant_type: str
        :param client_id: The OAuth client; must be the client the device code or grant was issued to. (required)
        :type client_id: str
        :param device_code: The `device_code` from `POST /v1/oauth/device/code` (device-code grant).
        :type device_code: str
        :param refresh_token: The current refresh token, `mkt_rt_…` (refresh grant).
        :type refresh_token: str
        :param scope: Scopes separated by single spaces, e.g. `keys:manage account:read`.
        :type scope: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._create_token_serialize(
            grant_type=grant_type,
            client_id=client_id,
            device_code=device_code,
            refresh_token=refresh_token,
            scope=scope,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "TokenResponse",
            '400': "OAuthError",
            '401': "OAuthError",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _create_token_serialize(
        self,
        grant_type,
        client_id,
        device_code,
        refresh_token,
        scope,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        # process the header parameters
        # process the form parameters
        if grant_type is not None:
            _form_params.append(('grant_type', grant_type))
        if device_code is not None:
            _form_params.append(('device_code', device_code))
        if refresh_token is not None:
            _form_params.append(('refresh_token', refresh_token))
        if client_id is not None:
            _form_params.append(('client_id', client_id))
        if scope is not None:
            _form_params.append(('scope', scope))
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )

        # set the HTTP header `Content-Type`
        if _content_type:
            _header_params['Content-Type'] = _content_type
        else:
            _default_content_type = (
                self.api_client.select_header_content_type(
                    [
                        'application/x-www-form-urlencoded', 
                        'application/json'
                    ]
                )
            )
            if _default_content_type is not None:
                _header_params['Content-Type'] = _default_content_type

        # authentication setting
        _auth_settings: List[str] = [
        ]

        return self.api_client.param_serialize(
            method='POST',
            resource_path='/v1/oauth/token',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def delete_o_auth_grant(
        self,
        grant_id: Annotated[str, Field(min_length=1, strict=True, max_length=128, description="Id of the OAuth grant (`grant_<uuid>`), as returned.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> None:
        """Revoke an OAuth grant

        Revokes the grant and every token issued under it, at once: its refresh token and access tokens answer `401 invalid_token` on the next request. This includes the token making the request, if it belongs to the grant. Stream sockets its access tokens authenticated are closed within seconds, in every process (close code 4001, openapi/asyncapi.yaml). A grant that does not exist, is already revoked or belongs to another user answers `404`.

        :param grant_id: Id of the OAuth grant (`grant_<uuid>`), as returned. (required)
        :type grant_id: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._delete_o_auth_grant_serialize(
            grant_id=grant_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '204': None,
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def delete_o_auth_grant_with_http_info(
        self,
        grant_id: Annotated[str, Field(min_length=1, strict=True, max_length=128, description="Id of the OAuth grant (`grant_<uuid>`), as returned.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[None]:
        """Revoke an OAuth grant

        Revokes the grant and every token issued under it, at once: its refresh token and access tokens answer `401 invalid_token` on the next request. This includes the token making the request, if it belongs to the grant. Stream sockets its access tokens authenticated are closed within seconds, in every process (close code 4001, openapi/asyncapi.yaml). A grant that does not exist, is already revoked or belongs to another user answers `404`.

        :param grant_id: Id of the OAuth grant (`grant_<uuid>`), as returned. (required)
        :type grant_id: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._delete_o_auth_grant_serialize(
            grant_id=grant_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '204': None,
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def delete_o_auth_grant_without_preload_content(
        self,
        grant_id: Annotated[str, Field(min_length=1, strict=True, max_length=128, description="Id of the OAuth grant (`grant_<uuid>`), as returned.")],
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Revoke an OAuth grant

        Revokes the grant and every token issued under it, at once: its refresh token and access tokens answer `401 invalid_token` on the next request. This includes the token making the request, if it belongs to the grant. Stream sockets its access tokens authenticated are closed within seconds, in every process (close code 4001, openapi/asyncapi.yaml). A grant that does not exist, is already revoked or belongs to another user answers `404`.

        :param grant_id: Id of the OAuth grant (`grant_<uuid>`), as returned. (required)
        :type grant_id: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._delete_o_auth_grant_serialize(
            grant_id=grant_id,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '204': None,
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '404': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _delete_o_auth_grant_serialize(
        self,
        grant_id,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        if grant_id is not None:
            _path_params['grant_id'] = grant_id
        # process the query parameters
        # process the header parameters
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'dashboardSession', 
            'oauthAccessToken'
        ]

        return self.api_client.param_serialize(
            method='DELETE',
            resource_path='/v1/oauth/grants/{grant_id}',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def get_authorization_server_metadata(
        self,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=1)] = 0,
    ) -> AuthorizationServerMetadata:
        """OAuth authorization server metadata

        Authorization server metadata (RFC 8414), so that standard OAuth clients can discover the device authorization, token and revocation endpoints. Served at the root of `{platform_url}` only. The endpoints it names use the `/v1` form. `response_types_supported` is empty: there is no authorization endpoint, login is by device flow only. `issuer` and every URL here are the platform's configured public URL (`MKT_PUBLIC_URL_PLATFORM`, by default its listener), never the request's Host header.

        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_authorization_server_metadata_serialize(
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "AuthorizationServerMetadata",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
            '4XX': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def get_authorization_server_metadata_with_http_info(
        self,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=1)] = 0,
    ) -> ApiResponse[AuthorizationServerMetadata]:
        """OAuth authorization server metadata

        Authorization server metadata (RFC 8414), so that standard OAuth clients can discover the device authorization, token and revocation endpoints. Served at the root of `{platform_url}` only. The endpoints it names use the `/v1` form. `response_types_supported` is empty: there is no authorization endpoint, login is by device flow only. `issuer` and every URL here are the platform's configured public URL (`MKT_PUBLIC_URL_PLATFORM`, by default its listener), never the request's Host header.

        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_authorization_server_metadata_serialize(
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "AuthorizationServerMetadata",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
            '4XX': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def get_authorization_server_metadata_without_preload_content(
        self,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=1)] = 0,
    ) -> RESTResponseType:
        """OAuth authorization server metadata

        Authorization server metadata (RFC 8414), so that standard OAuth clients can discover the device authorization, token and revocation endpoints. Served at the root of `{platform_url}` only. The endpoints it names use the `/v1` form. `response_types_supported` is empty: there is no authorization endpoint, login is by device flow only. `issuer` and every URL here are the platform's configured public URL (`MKT_PUBLIC_URL_PLATFORM`, by default its listener), never the request's Host header.

        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._get_authorization_server_metadata_serialize(
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "AuthorizationServerMetadata",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
            '4XX': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _get_authorization_server_metadata_serialize(
        self,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _hosts = [
            'http://127.0.0.1:8083'
        ]
        _host = _hosts[_host_index]

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        # process the header parameters
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
        ]

        return self.api_client.param_serialize(
            method='GET',
            resource_path='/.well-known/oauth-authorization-server',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def list_o_auth_grants(
        self,
        limit: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="Page size. Also accepted as `page_size`, the live service's spelling.")] = None,
        next: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `next_cursor` of a previous page, to read the following page. Not with `prev`.")] = None,
        prev: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> OAuthGrantList:
        """List the user's OAuth grants

        The live OAuth grants of the user: one per approved device-flow login, holding the refresh token and the access tokens issued under it. Revoked and expired grants are not listed. Oldest first.

        :param limit: Page size. Also accepted as `page_size`, the live service's spelling.
        :type limit: int
        :param next: The `next_cursor` of a previous page, to read the following page. Not with `prev`.
        :type next: str
        :param prev: The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
        :type prev: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_o_auth_grants_serialize(
            limit=limit,
            next=next,
            prev=prev,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OAuthGrantList",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def list_o_auth_grants_with_http_info(
        self,
        limit: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="Page size. Also accepted as `page_size`, the live service's spelling.")] = None,
        next: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `next_cursor` of a previous page, to read the following page. Not with `prev`.")] = None,
        prev: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[OAuthGrantList]:
        """List the user's OAuth grants

        The live OAuth grants of the user: one per approved device-flow login, holding the refresh token and the access tokens issued under it. Revoked and expired grants are not listed. Oldest first.

        :param limit: Page size. Also accepted as `page_size`, the live service's spelling.
        :type limit: int
        :param next: The `next_cursor` of a previous page, to read the following page. Not with `prev`.
        :type next: str
        :param prev: The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
        :type prev: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_o_auth_grants_serialize(
            limit=limit,
            next=next,
            prev=prev,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OAuthGrantList",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def list_o_auth_grants_without_preload_content(
        self,
        limit: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="Page size. Also accepted as `page_size`, the live service's spelling.")] = None,
        next: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `next_cursor` of a previous page, to read the following page. Not with `prev`.")] = None,
        prev: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """List the user's OAuth grants

        The live OAuth grants of the user: one per approved device-flow login, holding the refresh token and the access tokens issued under it. Revoked and expired grants are not listed. Oldest first.

        :param limit: Page size. Also accepted as `page_size`, the live service's spelling.
        :type limit: int
        :param next: The `next_cursor` of a previous page, to read the following page. Not with `prev`.
        :type next: str
        :param prev: The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
        :type prev: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_o_auth_grants_serialize(
            limit=limit,
            next=next,
            prev=prev,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OAuthGrantList",
            '400': "ErrorEnvelope",
            '401': "ErrorEnvelope",
            '403': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _list_o_auth_grants_serialize(
        self,
        limit,
        next,
        prev,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        if limit is not None:
            
            _query_params.append(('limit', limit))
            
        if next is not None:
            
            _query_params.append(('next', next))
            
        if prev is not None:
            
            _query_params.append(('prev', prev))
            
        # process the header parameters
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
            'dashboardSession', 
            'oauthAccessToken'
        ]

        return self.api_client.param_serialize(
            method='GET',
            resource_path='/v1/oauth/grants',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def list_o_auth_scopes(
        self,
        client_id: Annotated[str, Field(min_length=1, strict=True, max_length=100, description="The OAuth client whose scopes to list; the public client is `mkt-cli`.")],
        limit: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="Page size. Also accepted as `page_size`, the live service's spelling.")] = None,
        next: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `next_cursor` of a previous page, to read the following page. Not with `prev`.")] = None,
        prev: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> OAuthScopeList:
        """List the scopes a client may request

        Scope discovery: the scopes the OAuth client `client_id` may request, each with a human-readable description (the dashboard shows the same text on the approval page). The public client is `mkt-cli`, which may request every scope of the catalogue. A missing or unknown `client_id` answers `422 validation_error`. No credential needed.

        :param client_id: The OAuth client whose scopes to list; the public client is `mkt-cli`. (required)
        :type client_id: str
        :param limit: Page size. Also accepted as `page_size`, the live service's spelling.
        :type limit: int
        :param next: The `next_cursor` of a previous page, to read the following page. Not with `prev`.
        :type next: str
        :param prev: The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
        :type prev: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_o_auth_scopes_serialize(
            client_id=client_id,
            limit=limit,
            next=next,
            prev=prev,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OAuthScopeList",
            '400': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def list_o_auth_scopes_with_http_info(
        self,
        client_id: Annotated[str, Field(min_length=1, strict=True, max_length=100, description="The OAuth client whose scopes to list; the public client is `mkt-cli`.")],
        limit: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="Page size. Also accepted as `page_size`, the live service's spelling.")] = None,
        next: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `next_cursor` of a previous page, to read the following page. Not with `prev`.")] = None,
        prev: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[OAuthScopeList]:
        """List the scopes a client may request

        Scope discovery: the scopes the OAuth client `client_id` may request, each with a human-readable description (the dashboard shows the same text on the approval page). The public client is `mkt-cli`, which may request every scope of the catalogue. A missing or unknown `client_id` answers `422 validation_error`. No credential needed.

        :param client_id: The OAuth client whose scopes to list; the public client is `mkt-cli`. (required)
        :type client_id: str
        :param limit: Page size. Also accepted as `page_size`, the live service's spelling.
        :type limit: int
        :param next: The `next_cursor` of a previous page, to read the following page. Not with `prev`.
        :type next: str
        :param prev: The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
        :type prev: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_o_auth_scopes_serialize(
            client_id=client_id,
            limit=limit,
            next=next,
            prev=prev,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OAuthScopeList",
            '400': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def list_o_auth_scopes_without_preload_content(
        self,
        client_id: Annotated[str, Field(min_length=1, strict=True, max_length=100, description="The OAuth client whose scopes to list; the public client is `mkt-cli`.")],
        limit: Annotated[Optional[Annotated[int, Field(le=100, strict=True, ge=1)]], Field(description="Page size. Also accepted as `page_size`, the live service's spelling.")] = None,
        next: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `next_cursor` of a previous page, to read the following page. Not with `prev`.")] = None,
        prev: Annotated[Optional[Annotated[str, Field(min_length=1, strict=True, max_length=512)]], Field(description="The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """List the scopes a client may request

        Scope discovery: the scopes the OAuth client `client_id` may request, each with a human-readable description (the dashboard shows the same text on the approval page). The public client is `mkt-cli`, which may request every scope of the catalogue. A missing or unknown `client_id` answers `422 validation_error`. No credential needed.

        :param client_id: The OAuth client whose scopes to list; the public client is `mkt-cli`. (required)
        :type client_id: str
        :param limit: Page size. Also accepted as `page_size`, the live service's spelling.
        :type limit: int
        :param next: The `next_cursor` of a previous page, to read the following page. Not with `prev`.
        :type next: str
        :param prev: The `prev_cursor` of a previous page, to read the preceding page. Not with `next`.
        :type prev: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._list_o_auth_scopes_serialize(
            client_id=client_id,
            limit=limit,
            next=next,
            prev=prev,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "OAuthScopeList",
            '400': "ErrorEnvelope",
            '422': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _list_o_auth_scopes_serialize(
        self,
        client_id,
        limit,
        next,
        prev,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        if client_id is not None:
            
            _query_params.append(('client_id', client_id))
            
        if limit is not None:
            
            _query_params.append(('limit', limit))
            
        if next is not None:
            
            _query_params.append(('next', next))
            
        if prev is not None:
            
            _query_params.append(('prev', prev))
            
        # process the header parameters
        # process the form parameters
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )


        # authentication setting
        _auth_settings: List[str] = [
        ]

        return self.api_client.param_serialize(
            method='GET',
            resource_path='/v1/oauth/scopes',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )




    @validate_call
    def revoke_token(
        self,
        token: Annotated[str, Field(min_length=1, strict=True, max_length=512, description="An access token (`mkt_at_…`) or a refresh token (`mkt_rt_…`).")],
        token_type_hint: Annotated[Optional[Annotated[str, Field(strict=True, max_length=100)]], Field(description="`access_token` or `refresh_token`. Advisory: the token is looked up under both types, and an unknown hint is ignored (RFC 7009 §2.1).")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> object:
        """Revoke a token

        Token revocation (RFC 7009). `token` is an access token (`mkt_at_…`) or a refresh token (`mkt_rt_…`); `token_type_hint` (`access_token` or `refresh_token`) is advisory: the server looks the token up under both types, and ignores a hint it does not know. Revoking a refresh token revokes its whole grant, including every access token issued under it; revoking an access token revokes that token only. Stream sockets the revoked tokens authenticated are closed within seconds, in every process (close code 4001, openapi/asyncapi.yaml). Always `200 {}`, also for an unknown, expired or already-revoked token, so the answer reveals nothing about the token. `client_id` is not required. `400 invalid_request` only when `token` is missing or empty. Body as `application/x-www-form-urlencoded` or `application/json`; further parameters are ignored.

        :param token: An access token (`mkt_at_…`) or a refresh token (`mkt_rt_…`). (required)
        :type token: str
        :param token_type_hint: `access_token` or `refresh_token`. Advisory: the token is looked up under both types, and an unknown hint is ignored (RFC 7009 §2.1).
        :type token_type_hint: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._revoke_token_serialize(
            token=token,
            token_type_hint=token_type_hint,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "object",
            '400': "OAuthError",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        ).data


    @validate_call
    def revoke_token_with_http_info(
        self,
        token: Annotated[str, Field(min_length=1, strict=True, max_length=512, description="An access token (`mkt_at_…`) or a refresh token (`mkt_rt_…`).")],
        token_type_hint: Annotated[Optional[Annotated[str, Field(strict=True, max_length=100)]], Field(description="`access_token` or `refresh_token`. Advisory: the token is looked up under both types, and an unknown hint is ignored (RFC 7009 §2.1).")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> ApiResponse[object]:
        """Revoke a token

        Token revocation (RFC 7009). `token` is an access token (`mkt_at_…`) or a refresh token (`mkt_rt_…`); `token_type_hint` (`access_token` or `refresh_token`) is advisory: the server looks the token up under both types, and ignores a hint it does not know. Revoking a refresh token revokes its whole grant, including every access token issued under it; revoking an access token revokes that token only. Stream sockets the revoked tokens authenticated are closed within seconds, in every process (close code 4001, openapi/asyncapi.yaml). Always `200 {}`, also for an unknown, expired or already-revoked token, so the answer reveals nothing about the token. `client_id` is not required. `400 invalid_request` only when `token` is missing or empty. Body as `application/x-www-form-urlencoded` or `application/json`; further parameters are ignored.

        :param token: An access token (`mkt_at_…`) or a refresh token (`mkt_rt_…`). (required)
        :type token: str
        :param token_type_hint: `access_token` or `refresh_token`. Advisory: the token is looked up under both types, and an unknown hint is ignored (RFC 7009 §2.1).
        :type token_type_hint: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._revoke_token_serialize(
            token=token,
            token_type_hint=token_type_hint,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "object",
            '400': "OAuthError",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        response_data.read()
        return self.api_client.response_deserialize(
            response_data=response_data,
            response_types_map=_response_types_map,
        )


    @validate_call
    def revoke_token_without_preload_content(
        self,
        token: Annotated[str, Field(min_length=1, strict=True, max_length=512, description="An access token (`mkt_at_…`) or a refresh token (`mkt_rt_…`).")],
        token_type_hint: Annotated[Optional[Annotated[str, Field(strict=True, max_length=100)]], Field(description="`access_token` or `refresh_token`. Advisory: the token is looked up under both types, and an unknown hint is ignored (RFC 7009 §2.1).")] = None,
        _request_timeout: Union[
            None,
            Annotated[StrictFloat, Field(gt=0)],
            Tuple[
                Annotated[StrictFloat, Field(gt=0)],
                Annotated[StrictFloat, Field(gt=0)]
            ]
        ] = None,
        _request_auth: Optional[Dict[StrictStr, Any]] = None,
        _content_type: Optional[StrictStr] = None,
        _headers: Optional[Dict[StrictStr, Any]] = None,
        _host_index: Annotated[StrictInt, Field(ge=0, le=0)] = 0,
    ) -> RESTResponseType:
        """Revoke a token

        Token revocation (RFC 7009). `token` is an access token (`mkt_at_…`) or a refresh token (`mkt_rt_…`); `token_type_hint` (`access_token` or `refresh_token`) is advisory: the server looks the token up under both types, and ignores a hint it does not know. Revoking a refresh token revokes its whole grant, including every access token issued under it; revoking an access token revokes that token only. Stream sockets the revoked tokens authenticated are closed within seconds, in every process (close code 4001, openapi/asyncapi.yaml). Always `200 {}`, also for an unknown, expired or already-revoked token, so the answer reveals nothing about the token. `client_id` is not required. `400 invalid_request` only when `token` is missing or empty. Body as `application/x-www-form-urlencoded` or `application/json`; further parameters are ignored.

        :param token: An access token (`mkt_at_…`) or a refresh token (`mkt_rt_…`). (required)
        :type token: str
        :param token_type_hint: `access_token` or `refresh_token`. Advisory: the token is looked up under both types, and an unknown hint is ignored (RFC 7009 §2.1).
        :type token_type_hint: str
        :param _request_timeout: timeout setting for this request. If one
                                 number provided, it will be total request
                                 timeout. It can also be a pair (tuple) of
                                 (connection, read) timeouts.
        :type _request_timeout: int, tuple(int, int), optional
        :param _request_auth: set to override the auth_settings for an a single
                              request; this effectively ignores the
                              authentication in the spec for a single request.
        :type _request_auth: dict, optional
        :param _content_type: force content-type for the request.
        :type _content_type: str, Optional
        :param _headers: set to override the headers for a single
                         request; this effectively ignores the headers
                         in the spec for a single request.
        :type _headers: dict, optional
        :param _host_index: set to override the host_index for a single
                            request; this effectively ignores the host_index
                            in the spec for a single request.
        :type _host_index: int, optional
        :return: Returns the result object.
        """ # noqa: E501

        _param = self._revoke_token_serialize(
            token=token,
            token_type_hint=token_type_hint,
            _request_auth=_request_auth,
            _content_type=_content_type,
            _headers=_headers,
            _host_index=_host_index
        )

        _response_types_map: Dict[str, Optional[str]] = {
            '200': "object",
            '400': "OAuthError",
            '413': "ErrorEnvelope",
            '415': "ErrorEnvelope",
            '500': "ErrorEnvelope",
            '503': "ErrorEnvelope",
        }
        response_data = self.api_client.call_api(
            *_param,
            _request_timeout=_request_timeout
        )
        return response_data.response


    def _revoke_token_serialize(
        self,
        token,
        token_type_hint,
        _request_auth,
        _content_type,
        _headers,
        _host_index,
    ) -> RequestSerialized:

        _host = None

        _collection_formats: Dict[str, str] = {
        }

        _path_params: Dict[str, str] = {}
        _query_params: List[Tuple[str, str]] = []
        _header_params: Dict[str, Optional[str]] = _headers or {}
        _form_params: List[Tuple[str, str]] = []
        _files: Dict[
            str, Union[str, bytes, List[str], List[bytes], List[Tuple[str, bytes]]]
        ] = {}
        _body_params: Optional[bytes] = None

        # process the path parameters
        # process the query parameters
        # process the header parameters
        # process the form parameters
        if token is not None:
            _form_params.append(('token', token))
        if token_type_hint is not None:
            _form_params.append(('token_type_hint', token_type_hint))
        # process the body parameter


        # set the HTTP header `Accept`
        if 'Accept' not in _header_params:
            _header_params['Accept'] = self.api_client.select_header_accept(
                [
                    'application/json'
                ]
            )

        # set the HTTP header `Content-Type`
        if _content_type:
            _header_params['Content-Type'] = _content_type
        else:
            _default_content_type = (
                self.api_client.select_header_content_type(
                    [
                        'application/x-www-form-urlencoded', 
                        'application/json'
                    ]
                )
            )
            if _default_content_type is not None:
                _header_params['Content-Type'] = _default_content_type

        # authentication setting
        _auth_settings: List[str] = [
        ]

        return self.api_client.param_serialize(
            method='POST',
            resource_path='/v1/oauth/revoke',
            path_params=_path_params,
            query_params=_query_params,
            header_params=_header_params,
            body=_body_params,
            post_params=_form_params,
            files=_files,
            auth_settings=_auth_settings,
            collection_formats=_collection_formats,
            _host=_host,
            _request_auth=_request_auth
        )


