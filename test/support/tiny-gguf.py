"""Writes a tiny llama-architecture GGUF model with random weights and a byte-level vocabulary.

A real model for tests (test/support/llama-model.ts): llama.cpp loads and runs it like any other, in about half a
second, and what it says is noise, so it fails any check of quality. Usage: tiny-gguf.py OUT.gguf [SEED]
"""
import sys

import numpy as np
from gguf import GGUFWriter, TokenType

out = sys.argv[1]
rng = np.random.default_rng(int(sys.argv[2]) if len(sys.argv) > 2 else 7)
dims, layers, heads, ffn, context = 64, 2, 4, 128, 4096

tokens = [b"<unk>", b"<s>", b"</s>"] + [f"<0x{byte:02X}>".encode() for byte in range(256)]
types = [TokenType.UNKNOWN, TokenType.CONTROL, TokenType.CONTROL] + [TokenType.BYTE] * 256
vocab = len(tokens)

writer = GGUFWriter(out, "llama")
writer.add_name("mkt-tiny-random")
writer.add_context_length(context)
writer.add_embedding_length(dims)
writer.add_block_count(layers)
writer.add_feed_forward_length(ffn)
writer.add_head_count(heads)
writer.add_head_count_kv(heads)
writer.add_rope_dimension_count(dims // heads)
writer.add_layer_norm_rms_eps(1e-5)
writer.add_file_type(0)  # all F32
writer.add_tokenizer_model("llama")
writer.add_token_list(tokens)
writer.add_token_scores([0.0] * vocab)
writer.add_token_types(types)
writer.add_bos_token_id(1)
writer.add_eos_token_id(2)
writer.add_unk_token_id(0)
writer.add_add_bos_token(True)
writer.add_chat_template(
    "{% for m in messages %}<|{{ m['role'] }}|>\n{{ m['content'] }}\n{% endfor %}<|assistant|>\n"
)


def weights(*shape):
    return (rng.standard_normal(shape) * 0.2).astype(np.float32)


writer.add_tensor("token_embd.weight", weights(vocab, dims))
writer.add_tensor("output_norm.weight", np.ones(dims, dtype=np.float32))
writer.add_tensor("output.weight", weights(vocab, dims))
for layer in range(layers):
    block = f"blk.{layer}"
    writer.add_tensor(f"{block}.attn_norm.weight", np.ones(dims, dtype=np.float32))
    for name in ("attn_q", "attn_k", "attn_v", "attn_output"):
        writer.add_tensor(f"{block}.{name}.weight", weights(dims, dims))
    writer.add_tensor(f"{block}.ffn_norm.weight", np.ones(dims, dtype=np.float32))
    writer.add_tensor(f"{block}.ffn_gate.weight", weights(ffn, dims))
    writer.add_tensor(f"{block}.ffn_up.weight", weights(ffn, dims))
    writer.add_tensor(f"{block}.ffn_down.weight", weights(dims, ffn))

writer.write_header_to_file()
writer.write_kv_data_to_file()
writer.write_tensors_to_file()
writer.close()
