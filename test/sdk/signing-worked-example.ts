/** The worked example of openapi/trading.yaml ("Signing requests"): the keypair of RFC 8032 test 1. */
export const workedExample = {
  privateKeySeed: 'nWGxne/9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A=',
  fingerprint: 'If4x36FUomFia/hUBG/SJxt77UtqvkWqWId+9H+XIbk',
  timestamp: 1795342530,
  orderBody:
    '{"market_id":"market_35255eeb-dadb-59fb-baca-64f7fd4d0264","side":"buy","type":"limit","price":"0.4200","quantity":10,"client_order_id":"rebalance-2026-11-22-001"}',
  orderSignature: 'zFu7hfZ87KGU7Ngtp6IUGpjpN3W5g0Hx0qnKE8f/a0WO6maL/VcbLHBKWBZrto/knQhNqG42fDpOKe19W8onCQ==',
  listSignature: 'N5tygNj0YspsRnwivve2c4LdyYtFCNsbfYLhQNvj5ZTPDIDLVzO/emi9cxX/I/pC8x57Ogq2hkWL5Y9uCKLkCQ==',
};
