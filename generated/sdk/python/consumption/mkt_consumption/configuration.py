# GENERATED, DO NOT EDIT. Source: openapi/consumption.yaml. Regenerate: npm run generate
"""
    mkt consumption API

    Run inference on mkt, a real-time spot market for AI inference. Each of the nine instruments (`text-standard`, `text-prime`, `text-max`, `code-standard`, `code-prime`, `code-max`, `agent-standard`, `agent-prime`, `agent-max`) is a quality contract; use its id as `model`. `GET /v1/models` also lists `-latest` aliases that name third-party model families; an alias is accepted wherever an instrument id is.  Two hosts serve this API with the same key, instruments and routing engine:  | host | surface | credential | |---|---|---| | `{base_url}` | OpenAI-compatible: `/v1/chat/completions`, `/v1/responses`, `/v1/models`; usage receipts; diagnostics | `Authorization: Bearer <consumption key>` | | `{messages_url}` | Anthropic-messages-compatible (beta): `/v1/messages`, `/v1/messages/count_tokens` | `x-api-key: <consumption key>` (or `Authorization: Bearer`) |  A consumption key (`mkt_ck_…`) is created on the platform API (`POST /v1/api-keys`) or in the dashboard. It covers inference and usage only; OAuth access tokens are not accepted here.  ## How an inference request flows  1. **Validate.** The body must be JSON (`400 malformed_json`) and match the operation's schema    (`422`; on chat completions the `{errors: [{path, message, value}]}` list). A `model` that is    neither an instrument nor an alias is `404 model_not_found`. 2. **Authenticate.** An unknown, deactivated or deleted key is `401 invalid_api_key`, and a key    past its `expires_at` is `401 key_expired`, on every endpoint of this host but `GET /v1/key`    (which shows it with `is_active: false`); the body carries `server_time`. 3. **Check the key's limits and capacity.** The key is checked again when the request runs (it    may have expired, been deactivated or deleted since the redirect: `401`, nothing billed); a    `model` outside the key's `allowed_models` is `403 model_not_allowed`; a key whose budget is    spent is `403 key_limit_exceeded`. Then the daily request limit of free accounts and the concurrency    slots (`429`, with `Retry-After`), then the token capacity for the instrument: in Auto Mode the    service buys it (a market buy plus transfer, or a limit buy under a price cap); while that buy    is in flight other requests of the same user and instrument get `503 balance_replenishing`;    no USD or no liquidity is `402`, and capacity that cannot be had within the price cap    (`max_price`) is `402 price_cap_exceeded`. 4. **Redirect.** The answer is `307 Temporary Redirect` with an absolute    `Location: {base_url}/r/v1/…?ticket=T` (the host's configured public URL, so the same origin)    and an empty body. Nothing has run yet. The ticket `T` carries what these checks established    (the model, the counted prompt), so the run does not check the request again. It is opaque,    good for one run within 60 seconds, and bound to the key and to the exact bytes of the body.    The client repeats the same method and body at the target; `fetch`, the OpenAI SDKs and the    Anthropic SDKs do this by themselves. The credential need not follow: a request that carries    a ticket is judged by the ticket alone, whatever its `Authorization` (none, a placeholder, or    the key). A ticket used twice is `401 ticket_used`, one older than 60 seconds    `401 ticket_expired`, and one that was altered or is presented with another body    `401 ticket_invalid` (even beside a valid key); nothing is billed for any of them: start    again at `/v1/…`. A client that does not follow redirects sees only the `307`. 5. **Run.** `/r/v1/…` takes one concurrency slot, reserves the prompt plus the output limit of    Units from the consumption account (oldest lots first; under a price cap only lots bought at    or under it) and the key's budget for them, and routes the request to a supplier qualified for    the instrument. Calling `/r/v1/…` directly with the key (no ticket) runs every check of the    redirect first, and is otherwise equivalent to following the redirect.  Supplier failover is automatic and invisible: a connect error, timeout, `5xx` or `429` from a supplier before the first byte moves the request to the next qualified supplier. If none can serve, the answer is `503 supplier_unavailable`. Once bytes have been sent, a failure ends a stream with an error event, never with a clean end.  Billing: the real usage is settled after the response and the rest of the reservation released. Every successful answer states what it cost in its `usage`: `cost_usd` (USD, 6 decimals) and `cost_units` (Units, 6 decimals: the tokens billed divided by the instrument's tokens per Unit), equal to the receipt's `cost_usd` and `cost_units`. A stream carries them on its last usage event (chat completions: the usage chunk, when `stream_options.include_usage` is set; responses: `response.completed` or `response.incomplete`; messages: `message_delta`), sent once the request is settled. A client that goes away mid-stream gets no final event; its receipt shows the cost of what was delivered.  Guarantees: every answer is judged against its instrument's `ai_specs` from the supplier attempt that answered: time to first token, output rate (answers of at least 64 output tokens), an answer cut short for length before both the caller's limit and `max_output_length`, and tool calls that are not JSON or name no offered tool. An answer that breaks one is `out_of_spec` and not billed: its `usage` (and its stream's last usage event) then carries `spec_breaches`, as its receipt does. A supplier that refuses a prompt the instrument's `context_window` holds is failed over, like a `5xx`.  Price cap: `max_price` (USD per Unit, a decimal string with at most 4 decimals, like an order price) caps the price of the Units a request may use. In Auto Mode the service's buy becomes a limit fill-or-kill buy at `max_price`: it buys the whole shortfall at or under the cap, or nothing (fill-or-kill rather than immediate-or-cancel, so that a request that cannot run buys no part of what it needed). The limit is the cap rounded down to the market's tick size, and no higher than the market's price band (a resting ask above the band cannot fill a limit buy); the buy locks that price for each Unit until it fills, so the USD balance must cover it. In Advanced Mode only lots bought at or under the cap count for the request, and it is billed from those lots only. When the request cannot be covered within the cap the answer is `402 price_cap_exceeded` with `context: {max_price, best_ask, units_needed}`, and nothing is bought or billed. Without `max_price` the account's `auto_buy_max_price` setting (platform API) applies; when that is null too, there is no cap.  Keys with limits: a key's budget (`limit_usd`, per `limit_reset` period in UTC) is reserved when a request is admitted, at the price of the very lots its tokens are reserved from (the request draws only from those lots, so it can never cost more), and trued up when it settles: the reservation leaves the period's reserve and the real cost enters the spend of the period the request was admitted in. Admission reserves only while spend plus reserves plus the request's reserve stays within the limit, in the database, so requests sent at once to several processes never overspend a budget. Not billed: a request that fails entirely (no answer, or the supplier broke off mid-stream) and an answer whose supplier broke the instrument's own guarantees (time to first token, throughput, output length). An answer that reaches the caller is otherwise billed, whatever the request asked of it: one that misses a JSON schema the caller chose (`response_format`, `text.format`) is billed like any other, because the caller, not the supplier, chose the schema (its receipt says `schema_mismatch`). A schema that is not a valid JSON Schema, or obviously admits no value, is a `422` before anything runs. No request shape yields delivered tokens for free. A streamed request costs exactly what the same non-streamed request costs. The `model` in every response is the `model` of the request; the serving supplier is not disclosed.  ## Request ids and usage  Every response of this API carries `x-mkt-request-id` (`req_…`). The id of a `/r/v1/…` response names the usage receipt of that inference: `GET /v1/usage/{request_id}`. Lists are at `GET /v1/usage`, totals at `GET /v1/usage/summary`. Every response also carries `x-request-id`, which echoes a well-formed incoming `x-request-id`, and `server-timing` (W3C Server Timing: `auth;dur=…, handler;dur=…, total;dur=…` in milliseconds; on a stream `total` runs up to its headers).  ## Limits  Inference concurrency is one allowance per user shared by chat completions, responses and messages; a request holds one slot from admission at `/r/v1/…` until it finishes, fails or the client disconnects. The tier follows the deposited balance (the lesser of deposits and total balance; a signup bonus does not count):  | deposited balance (USD) | concurrent requests | |---|---| | 0 to 20 | 3 | | 20 to 50 | 10 | | 50 to 150 | 30 | | 150 to 500 | 110 | | 500 and above | 400 |  Inference responses carry `x-ratelimit-limit` (the current maximum of concurrent requests; read it rather than hard-coding a tier) and `x-ratelimit-remaining` (slots left after this admission).  Free accounts (no deposit yet) may make 100 inference requests per UTC day; the first deposit lifts the limit. Each request admitted at `/r/v1/…` counts once, whatever its outcome; the redirect itself, model listing, usage and diagnostics do not count.  A `429` carries `Retry-After` in seconds: wait at least that long, reduce parallelism or queue.  ## Errors  Every error body carries the specification's `errors: {code, detail, message, server_time, context}`: branch on `code`, show `detail` to humans (`message` is the same text). On chat completions a `422` carries instead the list `errors: [{path, message, value}]`. Beside it, each error speaks the dialect of its host, so that official clients show the detail: on `{base_url}` an OpenAI-shaped `error: {message, type, code, param}` (for `503 balance_replenishing`, `type` is `balance_replenishing`); on `{messages_url}` Anthropic's `type: error` and `error: {type, message}`. Retry `402`, `429`, `500` and `503` with exponential backoff and jitter from 1 second (honour `Retry-After`); never retry `400`, `401`, `404` or `422` unchanged. Unknown query parameters are ignored. 

    The version of the OpenAPI document: 1.0.0
    Generated by OpenAPI Generator (https://openapi-generator.tech)

    Do not edit the class manually.
"""  # noqa: E501


import copy
import http.client as httplib
import logging
from logging import FileHandler
import multiprocessing
import ssl
import sys
from typing import Any, ClassVar, Dict, List, Literal, Optional, TypedDict, Union
from urllib.parse import urlparse
from urllib.request import getproxies
from typing_extensions import NotRequired, Self

import urllib3


JSON_SCHEMA_VALIDATION_KEYWORDS = {
    'multipleOf', 'maximum', 'exclusiveMaximum',
    'minimum', 'exclusiveMinimum', 'maxLength',
    'minLength', 'pattern', 'maxItems', 'minItems'
}

ServerVariablesT = Dict[str, str]

GenericAuthSetting = TypedDict(
    "GenericAuthSetting",
    {
        "type": str,
        "in": str,
        "key": str,
        "value": str,
    },
)


OAuth2AuthSetting = TypedDict(
    "OAuth2AuthSetting",
    {
        "type": Literal["oauth2"],
        "in": Literal["header"],
        "key": Literal["Authorization"],
        "value": str,
    },
)


APIKeyAuthSetting = TypedDict(
    "APIKeyAuthSetting",
    {
        "type": Literal["api_key"],
        "in": str,
        "key": str,
        "value": Optional[str],
    },
)


BasicAuthSetting = TypedDict(
    "BasicAuthSetting",
    {
        "type": Literal["basic"],
        "in": Literal["header"],
        "key": Literal["Authorization"],
        "value": Optional[str],
    },
)


BearerFormatAuthSetting = TypedDict(
    "BearerFormatAuthSetting",
    {
        "type": Literal["bearer"],
        "in": Literal["header"],
        "format": Literal["JWT"],
        "key": Literal["Authorization"],
        "value": str,
    },
)


BearerAuthSetting = TypedDict(
    "BearerAuthSetting",
    {
        "type": Literal["bearer"],
        "in": Literal["header"],
        "key": Literal["Authorization"],
        "value": str,
    },
)


HTTPSignatureAuthSetting = TypedDict(
    "HTTPSignatureAuthSetting",
    {
        "type": Literal["http-signature"],
        "in": Literal["header"],
        "key": Literal["Authorization"],
        "value": None,
    },
)


AuthSettings = TypedDict(
    "AuthSettings",
    {
        "consumptionKey": BearerFormatAuthSetting,
        "consumptionKeyHeader": APIKeyAuthSetting,
        "consumptionTicket": APIKeyAuthSetting,
    },
    total=False,
)


class HostSettingVariable(TypedDict):
    description: str
    default_value: str
    enum_values: List[str]


class HostSetting(TypedDict):
    url: str
    description: str
    variables: NotRequired[Dict[str, HostSettingVariable]]


class Configuration:
    """This class contains various settings of the API client.

    :param host: Base url.
    :param ignore_operation_servers
      Boolean to ignore operation servers for the API client.
      Config will use `host` as the base url regardless of the operation servers.
    :param api_key: Dict to store API key(s).
      Each entry in the dict specifies an API key.
      The dict key is the name of the security scheme in the OAS specification.
      The dict value is the API key secret.
    :param api_key_prefix: Dict to store API prefix (e.g. Bearer).
      The dict key is the name of the security scheme in the OAS specification.
      The dict value is an API key prefix when generating the auth data.
    :param username: Username for HTTP basic authentication.
    :param password: Password for HTTP basic authentication.
    :param access_token: Access token.
    :param server_index: Index to servers configuration.
    :param server_variables: Mapping with string values to replace variables in
      templated server configuration. The validation of enums is performed for
      variables with defined enum values before.
    :param server_operation_index: Mapping from operation ID to an index to server
      configuration.
    :param server_operation_variables: Mapping from operation ID to a mapping with
      string values to replace variables in templated server configuration.
      The validation of enums is performed for variables with defined enum
      values before.
    :param verify_ssl: bool - Set this to false to skip verifying SSL certificate
      when calling API from https server.
    :param ssl_ca_cert: str - the path to a file of concatenated CA certificates
      in PEM format.
    :param retries: int | urllib3.util.retry.Retry - Retry configuration.
    :param ca_cert_data: verify the peer using concatenated CA certificate data
      in PEM (str) or DER (bytes) format.
    :param cert_file: the path to a client certificate file, for mTLS.
    :param key_file: the path to a client key file, for mTLS.
    :param assert_hostname: Set this to True/False to enable/disable SSL hostname verification.
    :param tls_server_name: SSL/TLS Server Name Indication (SNI). Set this to the SNI value expected by the server.
    :param connection_pool_maxsize: Connection pool max size. None in the constructor is coerced to 100 for async and cpu_count * 5 for sync.
    :param proxy: Proxy URL.
    :param no_proxy: Comma-separated hosts that bypass the proxy.
    :param proxy_headers: Proxy headers.
    :param proxy_ssl_context: SSL context used only for the TLS handshake with the proxy itself, independent of the destination TLS settings.
    :param safe_chars_for_path_param: Safe characters for path parameter encoding.
    :param client_side_validation: Enable client-side validation. Default True.
    :param socket_options: Options to pass down to the underlying urllib3 socket.
    :param datetime_format: Datetime format string for serialization.
    :param date_format: Date format string for serialization.

    :Example:

    API Key Authentication Example.
    Given the following security scheme in the OpenAPI specification:
      components:
        securitySchemes:
          cookieAuth:         # name for the security scheme
            type: apiKey
            in: cookie
            name: JSESSIONID  # cookie name

    You can programmatically set the cookie:

conf = mkt_consumption.Configuration(
    api_key={'cookieAuth': 'abc123'}
    api_key_prefix={'cookieAuth': 'JSESSIONID'}
)

    The following cookie will be added to the HTTP request:
       Cookie: JSESSIONID abc123
    """

    _default: ClassVar[Optional[Self]] = None

    def __init__(
        self,
        host: Optional[str]=None,
        api_key: Optional[Dict[str, str]]=None,
        api_key_prefix: Optional[Dict[str, str]]=None,
        username: Optional[str]=None,
        password: Optional[str]=None,
        access_token: Optional[str]=None,
        server_index: Optional[int]=None,
        server_variables: Optional[ServerVariablesT]=None,
        server_operation_index: Optional[Dict[int, int]]=None,
        server_operation_variables: Optional[Dict[int, ServerVariablesT]]=None,
        ignore_operation_servers: bool=False,
        ssl_ca_cert: Optional[str]=None,
        retries: Optional[Union[int, urllib3.util.retry.Retry]] = None,
        ca_cert_data: Optional[Union[str, bytes]] = None,
        cert_file: Optional[str]=None,
        key_file: Optional[str]=None,
        verify_ssl: bool=True,
        assert_hostname: Optional[bool]=None,
        tls_server_name: Optional[str]=None,
        connection_pool_maxsize: Optional[int]=None,
        proxy: Optional[str]=None,
        no_proxy: Optional[str]=None,
        proxy_headers: Optional[Any]=None,
        proxy_ssl_context: Optional[ssl.SSLContext]=None,
        safe_chars_for_path_param: str='',
        client_side_validation: bool=True,
        socket_options: Optional[Any]=None,
        datetime_format: str="%Y-%m-%dT%H:%M:%S.%f%z",
        date_format: str="%Y-%m-%d",
        *,
        debug: Optional[bool] = None,
    ) -> None:
        """Constructor
        """
        self._base_path = "http://127.0.0.1:8080" if host is None else host
        """Default Base url
        """
        self.server_index = 0 if server_index is None and host is None else server_index
        self.server_operation_index = server_operation_index or {}
        """Default server index
        """
        self.server_variables = server_variables or {}
        self.server_operation_variables = server_operation_variables or {}
        """Default server variables
        """
        self.ignore_operation_servers = ignore_operation_servers
        """Ignore operation servers
        """
        self.temp_folder_path = None
        """Temp file folder for downloading files
        """
        # Authentication Settings
        self.api_key = {}
        if api_key:
            self.api_key = api_key
        """dict to store API key(s)
        """
        self.api_key_prefix = {}
        if api_key_prefix:
            self.api_key_prefix = api_key_prefix
        """dict to store API prefix (e.g. Bearer)
        """
        self.refresh_api_key_hook = None
        """function hook to refresh API key if expired
        """
        self.username = username
        """Username for HTTP basic authentication
        """
        self.password = password
        """Password for HTTP basic authentication
        """
        self.access_token = access_token
        """Access token
        """
        self.logger = {}
        """Logging Settings
        """
        self.logger["package_logger"] = logging.getLogger("mkt_consumption")
        self.logger["urllib3_logger"] = logging.getLogger("urllib3")
        self.logger_format = '%(asctime)s %(levelname)s %(message)s'
        """Log format
        """
        self.logger_stream_handler = None
        """Log stream handler
        """
        self.logger_file_handler: Optional[FileHandler] = None
        """Log file handler
        """
        self.logger_file = None
        """Debug file location
        """
        if debug is not None:
            self.debug = debug
        else:
            self.__debug = False
        """Debug switch
        """

        self.verify_ssl = verify_ssl
        """SSL/TLS verification
           Set this to false to skip verifying SSL certificate when calling API
           from https server.
        """
        self.ssl_ca_cert = ssl_ca_cert
        """Set this to customize the certificate file to verify the peer.
        """
        self.ca_cert_data = ca_cert_data
        """Set this to verify the peer using PEM (str) or DER (bytes)
           certificate data.
        """
        self.cert_file = cert_file
        """client certificate file
        """
        self.key_file = key_file
        """client key file
        """
        self.assert_hostname = assert_hostname
        """Set this to True/False to enable/disable SSL hostname verification.
        """
        self.tls_server_name = tls_server_name
        """SSL/TLS Server Name Indication (SNI)
           Set this to the SNI value expected by the server.
        """

        self.connection_pool_maxsize = connection_pool_maxsize if connection_pool_maxsize is not None else multiprocessing.cpu_count() * 5
        """urllib3 connection pool's maximum number of connections saved
           per pool. None in the constructor is coerced to cpu_count * 5.
        """

        # urllib3 does not read proxy environment variables itself:
        # https://github.com/urllib3/urllib3/issues/1785
        # A proxy taken from the environment is re-resolved when the host is
        # assigned; see the host setter.
        self._proxy_from_env = proxy is None
        if proxy is None or no_proxy is None:
            proxies = getproxies()
            if proxy is None:
                proxy = self._env_proxy(proxies, self.host)
            if no_proxy is None:
                no_proxy = proxies.get("no")
        self._proxy = proxy
        self.no_proxy = no_proxy
        """Hosts that bypass the proxy
        """
        self.proxy_headers = proxy_headers
        """Proxy headers
        """
        self.proxy_ssl_context = proxy_ssl_context
        """SSL context used only for the TLS handshake with the proxy itself
        (e.g. an HTTPS CONNECT tunnel), independent of the destination TLS
        settings above.
        """
        self.safe_chars_for_path_param = safe_chars_for_path_param
        """Safe chars for path_param
        """
        self.retries = retries
        """Retry configuration
        """
        # Enable client side validation
        self.client_side_validation = client_side_validation

        self.socket_options = socket_options
        """Options to pass down to the underlying urllib3 socket
        """

        self.datetime_format = datetime_format
        """datetime format
        """

        self.date_format = date_format
        """date format
        """

    def __deepcopy__(self, memo:  Dict[int, Any]) -> Self:
        cls = self.__class__
        result = cls.__new__(cls)
        memo[id(self)] = result
        for k, v in self.__dict__.items():
            if k == 'proxy_ssl_context':
                # ssl.SSLContext holds unpicklable C state and can't be deepcopied.
                setattr(result, k, v)
                continue
            if k not in ('logger', 'logger_file_handler'):
                setattr(result, k, copy.deepcopy(v, memo))
        # shallow copy of loggers
        result.logger = copy.copy(self.logger)
        # use setter to re-create the file handler (excluded from __dict__ copy)
        result.logger_file = self.logger_file

        return result

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)

    @classmethod
    def set_default(cls, default: Optional[Self]) -> None:
        """Set default instance of configuration.

        It stores default configuration, which can be
        returned by get_default_copy method.

        :param default: object of Configuration
        """
        cls._default = default

    @classmethod
    def get_default_copy(cls) -> Self:
        """Deprecated. Please use `get_default` instead.

        Deprecated. Please use `get_default` instead.

        :return: The configuration object.
        """
        return cls.get_default()

    @classmethod
    def get_default(cls) -> Self:
        """Return the default configuration.

        This method returns newly created, based on default constructor,
        object of Configuration class or returns a copy of default
        configuration.

        :return: The configuration object.
        """
        if cls._default is None:
            cls._default = cls()
        return cls._default

    @property
    def logger_file(self) -> Optional[str]:
        """The logger file.

        If the logger_file is None, then add stream handler and remove file
        handler. Otherwise, add file handler and remove stream handler.

        :param value: The logger_file path.
        :type: str
        """
        return self.__logger_file

    @logger_file.setter
    def logger_file(self, value: Optional[str]) -> None:
        """The logger file.

        If the logger_file is None, then add stream handler and remove file
        handler. Otherwise, add file handler and remove stream handler.

        :param value: The logger_file path.
        :type: str
        """
        self.__logger_file = value
        if self.__logger_file:
            # If set logging file,
            # then add file handler and remove stream handler.
            self.logger_file_handler = logging.FileHandler(self.__logger_file)
            self.logger_file_handler.setFormatter(self.logger_formatter)
            for _, logger in self.logger.items():
                logger.addHandler(self.logger_file_handler)

    @property
    def debug(self) -> bool:
        """Debug status

        :param value: The debug status, True or False.
        :type: bool
        """
        return self.__debug

    @debug.setter
    def debug(self, value: bool) -> None:
        """Debug status

        :param value: The debug status, True or False.
        :type: bool
        """
        self.__debug = value
        if self.__debug:
            # if debug status is True, turn on debug logging
            for _, logger in self.logger.items():
                logger.setLevel(logging.DEBUG)
            # turn on httplib debug
            httplib.HTTPConnection.debuglevel = 1
        else:
            # if debug status is False, turn off debug logging,
            # setting log level to default `logging.WARNING`
            for _, logger in self.logger.items():
                logger.setLevel(logging.WARNING)
            # turn off httplib debug
            httplib.HTTPConnection.debuglevel = 0

    @property
    def logger_format(self) -> str:
        """The logger format.

        The logger_formatter will be updated when sets logger_format.

        :param value: The format string.
        :type: str
        """
        return self.__logger_format

    @logger_format.setter
    def logger_format(self, value: str) -> None:
        """The logger format.

        The logger_formatter will be updated when sets logger_format.

        :param value: The format string.
        :type: str
        """
        self.__logger_format = value
        self.logger_formatter = logging.Formatter(self.__logger_format)

    def get_api_key_with_prefix(self, identifier: str, alias: Optional[str]=None) -> Optional[str]:
        """Gets API key (with prefix if set).

        :param identifier: The identifier of apiKey.
        :param alias: The alternative identifier of apiKey.
        :return: The token for api key authentication.
        """
        if self.refresh_api_key_hook is not None:
            self.refresh_api_key_hook(self)
        key = self.api_key.get(identifier, self.api_key.get(alias) if alias is not None else None)
        if key:
            prefix = self.api_key_prefix.get(
                identifier, self.api_key_prefix.get(alias) if alias is not None else None)
            if prefix:
                return "%s %s" % (prefix, key)
            else:
                return key

        return None

    def get_basic_auth_token(self) -> Optional[str]:
        """Gets HTTP basic authentication header (string).

        :return: The token for basic HTTP authentication.
        """
        username = ""
        if self.username is not None:
            username = self.username
        password = ""
        if self.password is not None:
            password = self.password

        return urllib3.util.make_headers(
            basic_auth=username + ':' + password
        ).get('authorization')

    def auth_settings(self)-> AuthSettings:
        """Gets Auth Settings dict for api client.

        :return: The Auth Settings information dict.
        """
        auth: AuthSettings = {}
        if self.access_token is not None:
            auth['consumptionKey'] = {
                'type': 'bearer',
                'in': 'header',
                'format': 'mkt_ck_…',
                'key': 'Authorization',
                'value': 'Bearer ' + self.access_token
            }
        if 'consumptionKeyHeader' in self.api_key:
            auth['consumptionKeyHeader'] = {
                'type': 'api_key',
                'in': 'header',
                'key': 'x-api-key',
                'value': self.get_api_key_with_prefix(
                    'consumptionKeyHeader',
                ),
            }
        if 'consumptionTicket' in self.api_key:
            auth['consumptionTicket'] = {
                'type': 'api_key',
                'in': 'query',
                'key': 'ticket',
                'value': self.get_api_key_with_prefix(
                    'consumptionTicket',
                ),
            }
        return auth

    def to_debug_report(self) -> str:
        """Gets the essential information for debugging.

        :return: The report for debugging.
        """
        return "Python SDK Debug Report:\n"\
               "OS: {env}\n"\
               "Python Version: {pyversion}\n"\
               "Version of the API: 1.0.0\n"\
               "SDK Package Version: 1.0.0".\
               format(env=sys.platform, pyversion=sys.version)

    def get_host_settings(self) -> List[HostSetting]:
        """Gets an array of host settings

        :return: An array of host settings
        """
        return [
            {
                'url': "http://127.0.0.1:8080",
                'description': "{base_url}",
            }
        ]

    def get_host_from_settings(
        self,
        index: Optional[int],
        variables: Optional[ServerVariablesT]=None,
        servers: Optional[List[HostSetting]]=None,
    ) -> str:
        """Gets host URL based on the index and variables
        :param index: array index of the host settings
        :param variables: hash of variable and the corresponding value
        :param servers: an array of host settings or None
        :return: URL based on host settings
        """
        if index is None:
            return self._base_path

        variables = {} if variables is None else variables
        servers = self.get_host_settings() if servers is None else servers

        try:
            server = servers[index]
        except IndexError:
            raise ValueError(
                "Invalid index {0} when selecting the host settings. "
                "Must be less than {1}".format(index, len(servers)))

        url = server['url']

        # go through variables and replace placeholders
        for variable_name, variable in server.get('variables', {}).items():
            used_value = variables.get(
                variable_name, variable['default_value'])

            if 'enum_values' in variable \
                    and variable['enum_values'] \
                    and used_value not in variable['enum_values']:
                raise ValueError(
                    "The variable `{0}` in the host URL has invalid value "
                    "{1}. Must be {2}.".format(
                        variable_name, variables[variable_name],
                        variable['enum_values']))

            url = url.replace("{" + variable_name + "}", used_value)

        return url

    @property
    def host(self) -> str:
        """Return generated host."""
        return self.get_host_from_settings(self.server_index, variables=self.server_variables)

    @host.setter
    def host(self, value: str) -> None:
        """Fix base path."""
        self._base_path = value
        self.server_index = None
        if self._proxy_from_env:
            # the scheme-specific proxy depends on the host, which is
            # commonly assigned after construction
            self._proxy = self._env_proxy(getproxies(), value)

    @staticmethod
    def _env_proxy(proxies: Dict[str, str], host: str) -> Optional[str]:
        """Pick the environment proxy that applies to `host`."""
        return proxies.get(urlparse(host).scheme) or proxies.get("all")

    @property
    def proxy(self) -> Optional[str]:
        """Proxy URL
        """
        return self._proxy

    @proxy.setter
    def proxy(self, value: Optional[str]) -> None:
        self._proxy = value
        self._proxy_from_env = False
