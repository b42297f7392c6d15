# GENERATED, DO NOT EDIT. Source: openapi/consumption.yaml. Regenerate: npm run generate
# flake8: noqa

# import apis into api package
from mkt_consumption.api.chat_completions_api import ChatCompletionsApi
from mkt_consumption.api.diagnostics_api import DiagnosticsApi
from mkt_consumption.api.key_api import KeyApi
from mkt_consumption.api.messages_api import MessagesApi
from mkt_consumption.api.models_api import ModelsApi
from mkt_consumption.api.responses_api import ResponsesApi
from mkt_consumption.api.usage_api import UsageApi

