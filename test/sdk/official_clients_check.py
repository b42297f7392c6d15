"""Drives a running mkt with the official `openai` and `anthropic` Python clients, base URL only.

Usage: official_clients_check.py CONSUMPTION_URL MESSAGES_URL MODEL FUNDED_KEY EMPTY_KEY
Prints one JSON object of what the clients saw; test/sdk/official-clients.test.ts judges it.
"""

import json
import sys

import anthropic
import openai

consumption_url, messages_url, model, funded_key, empty_key = sys.argv[1:6]
hi = [{"role": "user", "content": "Say something about markets."}]
seen = {"versions": {"openai": openai.__version__, "anthropic": anthropic.__version__}}


def failure(call):
    """The status, class and message of the error a call raises (None when it succeeds)."""
    try:
        call()
    except openai.APIStatusError as error:
        return {"status": error.status_code, "class": type(error).__name__, "message": error.message, "code": error.code, "type": error.type}
    except anthropic.APIStatusError as error:
        body = error.body if isinstance(error.body, dict) else {}
        return {"status": error.status_code, "class": type(error).__name__, "message": error.message, "type": (body.get("error") or {}).get("type")}
    return None


oa_funded = openai.OpenAI(api_key=funded_key, base_url=f"{consumption_url}/v1", max_retries=0)
oa_empty = openai.OpenAI(api_key=empty_key, base_url=f"{consumption_url}/v1", max_retries=0)
an_funded = anthropic.Anthropic(api_key=funded_key, base_url=messages_url, max_retries=0)
an_empty = anthropic.Anthropic(api_key=empty_key, base_url=messages_url, max_retries=0)

# A 402 must say why in the message the client shows.
seen["openai_402"] = failure(lambda: oa_empty.chat.completions.create(model=model, messages=hi, max_tokens=16))
seen["openai_402_responses"] = failure(lambda: oa_empty.responses.create(model=model, input="hi", max_output_tokens=16))
seen["anthropic_402"] = failure(lambda: an_empty.messages.create(model=model, max_tokens=16, messages=hi))
seen["openai_404"] = failure(lambda: oa_funded.chat.completions.create(model="no-such-model", messages=hi))

# Schemas that are not JSON Schema, or admit nothing, are 422s the clients raise as such.
nonsense = {"type": "nonsense"}
seen["openai_422_response_format"] = failure(
    lambda: oa_funded.chat.completions.create(model=model, messages=hi, response_format={"type": "json_schema", "json_schema": {"name": "a", "schema": nonsense}})
)
seen["openai_422_not"] = failure(
    lambda: oa_funded.chat.completions.create(model=model, messages=hi, response_format={"type": "json_schema", "json_schema": {"name": "a", "schema": {"not": {}}}})
)
seen["openai_422_tools"] = failure(
    lambda: oa_funded.chat.completions.create(model=model, messages=hi, tools=[{"type": "function", "function": {"name": "f", "parameters": nonsense}}])
)
seen["openai_422_responses_format"] = failure(
    lambda: oa_funded.responses.create(model=model, input="hi", text={"format": {"type": "json_schema", "name": "a", "schema": nonsense}})
)
seen["anthropic_422_tools"] = failure(
    lambda: an_funded.messages.create(model=model, max_tokens=16, messages=hi, tools=[{"name": "f", "input_schema": {"type": "object", "properties": {"a": nonsense}}}])
)

# Every effort the openai client's own type allows is accepted.
seen["efforts"] = {}
for effort in ["none", "minimal", "low", "medium", "high", "xhigh", "max"]:
    chat = failure(lambda: oa_funded.chat.completions.create(model=model, messages=hi, max_tokens=16, reasoning_effort=effort))
    responses = failure(lambda: oa_funded.responses.create(model=model, input="hi", max_output_tokens=16, reasoning={"effort": effort}))
    seen["efforts"][effort] = {"chat": chat, "responses": responses}

# An answer that cannot fit the schema the caller chose: delivered, and (the test checks) billed.
raw = oa_funded.chat.completions.with_raw_response.create(
    model=model, messages=hi, max_tokens=2000, response_format={"type": "json_schema", "json_schema": {"name": "a", "schema": {"type": "string", "minLength": 100000}}}
)
completion = raw.parse()
seen["impossible_schema"] = {"request_id": raw.headers.get("x-mkt-request-id"), "completion_tokens": completion.usage.completion_tokens}

# Token counting on the messages host.
count_request = {
    "model": model,
    "system": "You are a weather assistant.",
    "messages": [{"role": "user", "content": "What is the weather in Paris?"}],
    "tools": [{"name": "get_weather", "description": "Current weather for a city.", "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}],
}
seen["count_tokens"] = an_funded.messages.count_tokens(**count_request).input_tokens
seen["count_tokens_empty_account"] = an_empty.messages.count_tokens(**count_request).input_tokens
seen["message_input_tokens"] = an_funded.messages.create(max_tokens=16, **count_request).usage.input_tokens
seen["count_tokens_422"] = failure(
    lambda: an_funded.messages.count_tokens(model=model, messages=hi, tools=[{"name": "f", "input_schema": {"type": "object", "properties": {"a": nonsense}}}])
)

# max_price travels in extra_body; a price is taken (the usage states the cost), anything else is a 422.
seen["max_price_ok"] = {
    "chat": oa_funded.chat.completions.create(model=model, messages=hi, max_tokens=16, extra_body={"max_price": "1.0000"}).usage.model_dump(),
    "responses": oa_funded.responses.create(model=model, input="hi", max_output_tokens=16, extra_body={"max_price": "1.0000"}).usage.model_dump(),
    "messages": an_funded.messages.create(model=model, max_tokens=16, messages=hi, extra_body={"max_price": "1.0000"}).usage.model_dump(),
}
seen["max_price_bad"] = {}
for name, value in [("number", 0.45), ("negative", "-0.4500"), ("zero", "0"), ("five_decimals", "0.45001"), ("garbage", "abc")]:
    seen["max_price_bad"][name] = {
        "chat": failure(lambda: oa_funded.chat.completions.create(model=model, messages=hi, max_tokens=16, extra_body={"max_price": value})),
        "responses": failure(lambda: oa_funded.responses.create(model=model, input="hi", max_output_tokens=16, extra_body={"max_price": value})),
        "messages": failure(lambda: an_funded.messages.create(model=model, max_tokens=16, messages=hi, extra_body={"max_price": value})),
    }

print(json.dumps(seen))
