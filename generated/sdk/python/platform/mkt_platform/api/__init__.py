# GENERATED, DO NOT EDIT. Source: openapi/platform.yaml. Regenerate: npm run generate
# flake8: noqa

# import apis into api package
from mkt_platform.api.api_keys_api import APIKeysApi
from mkt_platform.api.diagnostics_api import DiagnosticsApi
from mkt_platform.api.funds_api import FundsApi
from mkt_platform.api.o_auth_api import OAuthApi
from mkt_platform.api.settings_api import SettingsApi
from mkt_platform.api.signing_keys_api import SigningKeysApi

