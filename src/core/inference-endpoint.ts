/**
 * The three inference surfaces a request may come in by: OpenAI's chat completions and responses, Anthropic's messages.
 */
export type Endpoint = 'chat.completions' | 'responses' | 'messages';
