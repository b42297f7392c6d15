# GENERATED, DO NOT EDIT. Source: openapi/platform.yaml. Regenerate: npm run generate
"""
    mkt platform API

    The platform API of mkt, the real-time spot market for AI inference: OAuth 2.0 device-flow login for the `mkt` command line, management of consumption API keys and trading signing keys, account settings (account mode, auto-buy and its price cap, auto-transfer, auto-reload, self-trade prevention), money in (deposits), money out (payout destinations and withdrawals) and diagnostics.  Every path below is served twice, identically: under `{platform_url}/v1/…` and under `{platform_url}/api/v1/…` (the two server entries). The one exception is the authorization server metadata, `GET /.well-known/oauth-authorization-server`, which lives at the root only.  ## Getting started  1. Start a device-flow login (RFC 8628): `POST /v1/oauth/device/code` with `client_id=mkt-cli`    and the scopes you need, e.g. `scope=keys:manage account:read account:write`    (`GET /v1/oauth/scopes?client_id=mkt-cli` lists them). 2. Show the user `verification_uri_complete` (or `verification_uri` and `user_code`). They sign in    on the dashboard and approve the request at `/device`. 3. Poll `POST /v1/oauth/token` with `grant_type=urn:ietf:params:oauth:grant-type:device_code`    every `interval` seconds. While the user has not decided it answers `400 authorization_pending`;    then it returns an access token (`mkt_at_…`, valid one hour) and a refresh token (`mkt_rt_…`,    rotated on every refresh). 4. Create a consumption key: `POST /v1/api-keys` with `Authorization: Bearer <access token>`. The    raw `mkt_ck_…` key is in that response only; store it. 5. Call the consumption API with the consumption key. OAuth access tokens are not accepted there.    The trading API needs an Ed25519 signing key instead, registered with `POST /v1/signing-keys`.  ## Credentials  - **OAuth access token** (`mkt_at_…`) as `Authorization: Bearer <token>`. Each operation lists the   scope it needs. - **Dashboard session cookie** (`mkt_session`), accepted in place of a token, so the dashboard can   use this API. A session holds every scope, but adding or removing a payout destination and   withdrawing also need a sign-in within the last few minutes (`403 reauthentication_required`). A request that changes state (`POST`, `PATCH`,   `DELETE`) authenticated by the cookie must also carry the dashboard's CSRF token in the   `x-csrf-token` header, else `403 csrf_token_invalid`. When a request carries both a bearer token   and the cookie, the token is used and the cookie is ignored. - A missing, malformed, expired or revoked credential answers `401 invalid_token` with   `WWW-Authenticate: Bearer error=\"invalid_token\"`. A valid token without the operation's scope   answers `403 insufficient_scope` with `WWW-Authenticate: Bearer error=\"insufficient_scope\",   scope=\"<needed scope>\"`. - The OAuth endpoints themselves (scope discovery, device code, token, revocation, metadata) take   no credential; `mkt-cli` is a public client (no client secret).  | Scope | Grants | |---|---| | `keys:manage` | Every API key and signing key endpoint, reads included (there is no read-only key scope). | | `account:read` | Account settings and OAuth grants, read. | | `account:write` | Changing account settings; revoking OAuth grants. | | `trade:read` | Every read of the trading API (`GET`: identity, instruments, markets, market data, orders, trades, balances, transfers, limits, diagnostics) with this token instead of a signature. | | `trade:write` | Every change on the trading API with this token: orders (create, batch, amend, cancel, bulk and batch cancel, the dead-man's switch) and transfers. | | `funds:withdraw` | Payout destinations (add, remove) and withdrawals (make, cancel). Never granted by default: a login must ask for it by name. | | `supply:read`, `supply:write` | The trading API's supply issuance with this token instead of a signature: `GET /v1/supply-issuances` (read), `POST /v1/supply-issuances` (write). |  Why these scopes open trading operations: a command line logs in once with the device flow and then sends its access token, not a signature, to the trading host (the live service's command line asks for `trade:read trade:write supply:read supply:write` at login by default). Every trading operation but `GET /v1/health` accepts either credential; bots and servers keep signing with an Ed25519 key, which needs no login.  ## Order of checks  A request is checked in this order, and the first failure answers:  1. body encoding: `400 malformed_json` for a body that is not valid JSON or form data    (`invalid_request` in the RFC body on the OAuth endpoints), `413` when too large, `415` for    another content type; 2. credential: `401 invalid_token`; 3. CSRF token, for state-changing requests authenticated by the session cookie: `403 csrf_token_invalid`; 4. scope: `403 insufficient_scope`; 5. request shape: `422 validation_error` for any value the schema refuses (wrong JSON type,    unknown field, missing field, out of range, bad pattern), each listed in `errors.context.errors`; 6. account preconditions, where an operation has them, in this order: `403 account_inactive`,    `403 email_unverified`, `403 legal_terms_not_accepted`; 7. the operation's own rules (`404`, `409`, `403 mode_managed_setting`, `422` with a specific code).  Account preconditions answer `403`, never `422`: the request itself is correct and succeeds unchanged once the account is put right on the dashboard (verify the email, accept the legal terms, have the account reactivated). `422` always means \"change the request\".  ## Errors  Errors use the envelope `{errors: {code, detail, message, server_time, context?}}`; branch on `code`, show `detail` to humans (`message` is the same text, as the live service's clients read it). Every response carries `server-timing` (W3C Server Timing: `auth;dur=…, handler;dur=…, total;dur=…` in milliseconds). The OAuth endpoints `POST /v1/oauth/device/code`, `POST /v1/oauth/token` and `POST /v1/oauth/revoke` answer client errors in the RFC 6749 shape `{error, error_description}` instead, so that standard OAuth clients understand them; their `500` still uses the envelope.  ## Conventions  - Ids are opaque: `api_key_<uuid>`, `signing_key_<uuid>`, `grant_<uuid>`. An id that does not   exist, or belongs to another user, answers `404`. - Lists are ordered by creation time, oldest first, and paginate with `limit`, `next` and `prev`. - `last_used_at` fields are refreshed at most once a minute, so they may lag by up to a minute. - Timestamps are ISO 8601 UTC. Money is a decimal string of US dollars, never a JSON number. 

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
        "oauthAccessToken": BearerFormatAuthSetting,
        "dashboardSession": APIKeyAuthSetting,
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

conf = mkt_platform.Configuration(
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
        self._base_path = "http://127.0.0.1:8083" if host is None else host
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
        self.logger["package_logger"] = logging.getLogger("mkt_platform")
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
            auth['oauthAccessToken'] = {
                'type': 'bearer',
                'in': 'header',
                'format': 'mkt_at_…',
                'key': 'Authorization',
                'value': 'Bearer ' + self.access_token
            }
        if 'dashboardSession' in self.api_key:
            auth['dashboardSession'] = {
                'type': 'api_key',
                'in': 'cookie',
                'key': 'mkt_session',
                'value': self.get_api_key_with_prefix(
                    'dashboardSession',
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
                'url': "http://127.0.0.1:8083",
                'description': "{platform_url}",
            },
            {
                'url': "http://127.0.0.1:8083/api",
                'description': "{platform_url}/api (the same endpoints under /api/v1)",
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
