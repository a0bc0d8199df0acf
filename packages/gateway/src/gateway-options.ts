import type { IChatModelClient, ILogger, IMetrics, ITelemetryStore } from '@acode/application';
import type { ToolCallSettings } from '@acode/domain';
import type { GatewaySettings, ModelMapping } from '@acode/infrastructure/config';
import type { MemoryPool, ToolContractCache } from '@acode/infrastructure/gateway';
import type { AnswerSink } from './answer-sink.js';
import type { BoundedSemaphore } from './bounded-semaphore.js';
import type { RequestDeadline } from './request-deadline.js';
import type { StoredResponses } from './stored-responses.js';

/** What the gateway's routes run with: the upstream, its checks and bounds, and where it records. */
export interface GatewayOptions {
  /** The model server asked (and asked again) for chat requests. */
  readonly upstream: IChatModelClient;
  /** What the client gets when a call stays invalid after its retries (`gateway.on_invalid`). */
  readonly onInvalid: GatewaySettings['onInvalid'];
  /** Strict validation of the request's tools (`gateway.strict`). */
  readonly strict: boolean;
  /** Largest request body (`gateway.max_body_bytes`). */
  readonly maxBodyBytes: number;
  /** The request's tools compiled once per distinct list. */
  readonly contracts: ToolContractCache;
  readonly logger: ILogger;
  /** Retry settings (`max_retries`, backoff...) over the defaults. */
  readonly toolCallSettings?: Partial<ToolCallSettings>;
  /** Gateway requests served at once (`gateway.max_concurrent_upstream`); as many more wait, the rest get 503. Unbounded without it. */
  readonly maxConcurrentUpstream?: number;
  /**
   * The slots `maxConcurrentUpstream` bounds, when they outlive these options: a gateway rebuilt
   * from reloaded settings takes over its predecessor's, resized, so requests still running on the
   * old one keep counting. A new set without it.
   */
  readonly upstreamSlots?: BoundedSemaphore;
  /** Where the gateway's requests, repairs, retries and times are recorded (`acode_gateway_*`); nothing recorded without it. */
  readonly metrics?: IMetrics;
  /** Where one row per tool call goes, as given; no rows without it. */
  readonly telemetry?: ITelemetryStore;
  /** Longest silence of a client stream while its answer is decided before a keep-alive is written; 10 s by default. */
  readonly keepAliveMs?: number;
  /** Longest a request may last in all (`gateway.request_timeout_ms`), retries and streaming included; 10 minutes by default. */
  readonly requestTimeoutMs?: number;
  /** Longest a client may take to send its body (`gateway.body_timeout_ms`); 30 s by default. */
  readonly bodyTimeoutMs?: number;
  /** Most bytes one request's answers may hold in memory (`gateway.max_buffered_bytes`). */
  readonly maxBufferedBytes: number;
  /** What all answers together may hold (`gateway.max_total_buffered_bytes`); no bound across requests without it. */
  readonly memoryPool?: MemoryPool;
  /** `gateway.models`: the clients' model names mapped to the upstream's; names go upstream as they are without it. */
  readonly models?: readonly ModelMapping[];
  /** Where Responses answers are kept for `previous_response_id` and `GET /v1/responses/{id}`; none kept without it. */
  readonly responses?: StoredResponses;
  /** How errors name the upstream, with its address (`the upstream model server (ollama) at http://…`); "the upstream model server" without it. */
  readonly upstreamName?: string;
}

/** One request as a front's route serves it, its body read already. */
export interface FrontExchange {
  readonly correlationId: string;
  /** Aborts when the client hangs up. */
  readonly gone: AbortSignal;
  /** The request's overall deadline, started on its arrival. */
  readonly deadline: RequestDeadline;
  /** The whole request body (bounded by `maxBodyBytes`). */
  readonly body: Uint8Array;
  /** Where a streamed answer is written. */
  readonly sink: AnswerSink;
}
