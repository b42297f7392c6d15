/**
 * The Phoenix Channels wire protocol, both serialisers: `vsn=1.0.0` JSON objects
 * `{topic, event, payload, ref, join_ref?}` (what the live service's CLI sends) and `vsn=2.0.0` JSON
 * arrays `[join_ref, ref, topic, event, payload]` (what the `phoenix` npm client sends).
 */
export type Vsn = '1.0.0' | '2.0.0';
const vsns: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** Why a frame could not be read, and what of it could (to address the error reply). */
interface Unreadable {
  reason: 'malformed_frame';
  detail: string;
  ref: string | null;
  topic: string | null;
}

type Decoded = { ok: true; frame: Frame } | { ok: false; unreadable: Unreadable };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Refs are strings on the wire; a number is taken as its decimal text, as Phoenix does. */
const refOf = (value: unknown): string | null | undefined =>
  value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isSafeInteger(value)
        ? String(value)
        : undefined;

function unreadable(detail: string, ref: unknown = null, topic: unknown = null): Decoded {
  return {
    ok: false,
    unreadable: {
      reason: 'malformed_frame',
      detail,
      ref: refOf(ref) ?? null,
      topic: typeof topic === 'string' ? topic : null,
    },
  };
}

export function decodeFrame(vsn: Vsn, text: string): Decoded {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return unreadable('The frame is not JSON.');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(value) || value.length !== 5)
      return unreadable(
        'With vsn=2.0.0 a frame is a JSON array [join_ref, ref, topic, event, payload].',
        Array.isArray(value) ? value[1] : null,
      );
    const items: unknown[] = value;
    const [joinRef, ref, topic, event, payload] = items;
    return checked(joinRef, ref, topic, event, payload);
  }
  if (!isRecord(value)) return unreadable('With vsn=1.0.0 a frame is a JSON object {topic, event, payload, ref}.');
  return checked(value.join_ref, value.ref, value.topic, value.event, value.payload);
}

function checked(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Decoded {
  const readJoinRef = refOf(joinRef);
  const readRef = refOf(ref);
  if (readRef === undefined || readJoinRef === undefined)
    return unreadable('ref and join_ref are strings (or null).', null, topic);
  if (typeof topic !== 'string' || topic.length === 0) return unreadable('topic is a non-empty string.', readRef);
  if (typeof event !== 'string' || event.length === 0)
    return unreadable('event is a non-empty string.', readRef, topic);
  if (!isRecord(payload)) return unreadable('payload is a JSON object.', readRef, topic);
  return { ok: true, frame: { joinRef: readJoinRef, ref: readRef, topic, event, payload } };
}

const payloadTexts = new WeakMap<object, string>();

/**
 * A channel push (ref null) as text. The payload is the same for every subscriber of an event and
 * only the join_ref differs, so its JSON is made once per payload object and reused.
 */
export function encodePush(
  vsn: Vsn,
  joinRef: string | null,
  topic: string,
  event: string,
  payload: Record<string, unknown>,
): string {
  let text = payloadTexts.get(payload);
  if (text === undefined) {
    text = JSON.stringify(payload);
    payloadTexts.set(payload, text);
  }
  const head = `${JSON.stringify(joinRef)},null,${JSON.stringify(topic)},${JSON.stringify(event)}`;
  if (vsn === '2.0.0') return `[${head},${text}]`;
  const joined = joinRef === null ? '' : `,"join_ref":${JSON.stringify(joinRef)}`;
  return `{"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${text},"ref":null${joined}}`;
}

export function encodeFrame(vsn: Vsn, frame: Frame): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  const object: Record<string, unknown> = {
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
    ref: frame.ref,
  };
  if (frame.joinRef !== null) object.join_ref = frame.joinRef;
  return JSON.stringify(object);
}

/** The serialiser a connection asked for by its `vsn` query parameter; 1.0.0 when absent, undefined when unknown. */
export function vsnOf(query: URLSearchParams): Vsn | undefined {
  const asked = query.get('vsn');
  if (asked === null) return '1.0.0';
  return vsns.find((v) => v === asked);
}
