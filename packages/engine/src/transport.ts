// The contract between the engine's active tests and the network: the engine
// builds requests and judges answers; the caller injects how requests are sent
// (@argus/connectors' createTransport, or a fake in tests).

export interface TransportRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Aborts the request in flight (a cancelled run); the transport rejects when it fires. */
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** The body as text, cut at the transport's size limit. */
  body: string;
  /** True when the body was longer than the limit and was cut. */
  truncated: boolean;
}

/** Sends one request; rejects when it cannot be sent (refused address, timeout, connection error). */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;
