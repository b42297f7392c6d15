# GENERATED, DO NOT EDIT. Source: openapi/trading.yaml. Regenerate: npm run generate
# flake8: noqa

# import apis into api package
from mkt_trading.api.accounts_api import AccountsApi
from mkt_trading.api.identity_api import IdentityApi
from mkt_trading.api.market_data_api import MarketDataApi
from mkt_trading.api.orders_api import OrdersApi
from mkt_trading.api.reference_api import ReferenceApi
from mkt_trading.api.supply_api import SupplyApi
from mkt_trading.api.trades_api import TradesApi
from mkt_trading.api.transfers_api import TransfersApi

