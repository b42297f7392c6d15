/**
 * The bounds every stream connection lives within (issue 13, hostile and slow clients). The
 * composition root uses these; tests pass smaller ones to a socket of their own.
 */
export interface StreamLimits {
  /** Open sockets from one remote address; past it the upgrade is answered 429. */
  connectionsPerAddressMax: number;
  /** Authenticated sockets of one user; past it `authenticate` is refused. */
  connectionsPerUserMax: number;
  subscriptionsPerConnectionMax: number;
  /** A text frame longer than this is answered with an error; `frameHardBytesMax` closes the socket (1009). */
  frameBytesMax: number;
  frameHardBytesMax: number;
  /** Frames read but not yet answered (authenticate and subscribe wait for the database). */
  pendingFramesMax: number;
  /** Bytes queued for a socket that does not read; past it the socket is closed with `closeCodes.slowConsumer`. */
  sendBufferBytesMax: number;
  /** Book updates held while a snapshot is read; past it the subscriber is treated as too slow. */
  bookUpdatesHeldMax: number;
  /** A socket that sends no frame (heartbeats included) for this long is closed. */
  idleMs: number;
  /** How long a closed socket has to take the close frame (behind what it has not read) before it is cut. */
  closeGraceMs: number;
  /**
   * How often the credentials of the authenticated sockets are read again (credential-checks.ts): the most an expired
   * or revoked one stays open, beside the read itself (MKT_STREAM_CREDENTIAL_CHECK_MS).
   */
  credentialCheckMs: number;
}

export const streamLimits: StreamLimits = {
  connectionsPerAddressMax: 50,
  connectionsPerUserMax: 10,
  subscriptionsPerConnectionMax: 50,
  frameBytesMax: 16 * 1024,
  frameHardBytesMax: 1024 * 1024,
  pendingFramesMax: 64,
  sendBufferBytesMax: 4 * 1024 * 1024,
  bookUpdatesHeldMax: 10_000,
  idleMs: 60_000,
  closeGraceMs: 1_000,
  credentialCheckMs: 2_000,
};

/** Close codes of the private range (4000–4999), each with the reason text sent beside it. */
export const closeCodes = {
  idle: 4000,
  /** The access token expired or was revoked (itself, or its grant), or the user was made inactive. */
  credentialsExpiredOrRevoked: 4001,
  signingKeyDeleted: 4003,
  slowConsumer: 4008,
  eventsLost: 4009,
  shutdown: 1001,
} as const;
