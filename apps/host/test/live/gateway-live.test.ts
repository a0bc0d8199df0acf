import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { ITelemetryStore } from '@acode/application';
import type { ToolCallTelemetryRecord } from '@acode/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGatewayLive, type GatewayLive } from '../../src/live/gateway-live.js';
import { gatewayEventsRoute } from '../../src/live/gateway-stats-routes.js';
import type { RouteContext } from '../../src/routes/route.js';
import { TELEMETRY_ROW } from '../support/telemetry-row.js';

// The live view's publishing store and its event stream's bounds, over a real HTTP server on
// 127.0.0.1: a client that stops reading is dropped, not buffered for; a stopping host ends every stream.

const ROW = TELEMETRY_ROW;

function memoryStore(): ITelemetryStore & { rows: ToolCallTelemetryRecord[] } {
  const rows: ToolCallTelemetryRecord[] = [];
  return { rows, record: (row) => void rows.push(row), query: () => rows, findByCorrelationId: () => [], stats: () => ({}) as never, close: () => undefined };
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The events route alone on a real server, with `live` and a host that is draining when `draining` says so. */
async function serveEvents(live: GatewayLive, draining: () => boolean = () => false): Promise<number> {
  const context = { live, isDraining: draining } as unknown as RouteContext;
  const server: Server = createServer((req, res) => {
    const answer = gatewayEventsRoute.handle(
      { params: {}, query: new URLSearchParams(), headers: req.headers, correlationId: 'x', readBody: async () => ({ ok: false }) as never, signal: new AbortController().signal, response: res },
      context,
    );
    if (answer !== undefined && !(answer instanceof Promise)) {
      res.statusCode = answer.status;
      res.end(JSON.stringify(answer.body));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return (server.address() as AddressInfo).port;
}

/** A client that sends the request and then reads nothing at all. */
async function stalledClient(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.pause();
  socket.write('GET /v1/gateway/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  cleanups.push(() => void socket.destroy());
  return socket;
}

/** Whether the stream behind `reader` ends within `ms`. */
async function endsWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })(),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]);
  clearTimeout(timer);
  return ended;
}

describe('createGatewayLive', () => {
  it('records every row, publishes only the gateway\'s, and drops a listener that throws without failing the record', () => {
    const store = memoryStore();
    const live = createGatewayLive(store);
    const heard: string[] = [];
    live.subscribe(() => {
      throw new Error('broken listener');
    });
    live.subscribe((row) => heard.push(row.model));
    live.store.record({ ...ROW, model: 'a' });
    live.store.record({ ...ROW, provider: 'ollama', model: 'cli' });
    live.store.record({ ...ROW, model: 'b' });
    expect(store.rows.map((row) => row.model)).toEqual(['a', 'cli', 'b']);
    expect(heard).toEqual(['a', 'b']);
  });
});

describe('the event stream', () => {
  it('drops a client that stops reading once its buffer passes the bound', async () => {
    const live = createGatewayLive(memoryStore(), { maxBufferedBytes: 16 * 1024 });
    const port = await serveEvents(live);
    await stalledClient(port);
    await vi.waitFor(() => expect(live.openStreams).toBe(1));
    // Far more than the socket buffers hold: the stream is cut rather than kept in memory.
    const big = { ...ROW, tool: 'x'.repeat(200) };
    for (let sent = 0; sent < 60_000 && live.openStreams > 0; sent++) {
      live.store.record(big);
      if (sent % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await vi.waitFor(() => expect(live.openStreams).toBe(0), { timeout: 5000 });
  });

  it('ends every stream when the host stops, and refuses streams past the bound with ACODE-HST-007', async () => {
    const live = createGatewayLive(memoryStore(), { maxStreams: 1 });
    const port = await serveEvents(live);
    const first = await fetch(`http://127.0.0.1:${port}/v1/gateway/events`);
    expect(first.status).toBe(200);
    const second = await fetch(`http://127.0.0.1:${port}/v1/gateway/events`);
    expect(second.status).toBe(503);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe('ACODE-HST-007');
    const reader = first.body!.getReader();
    live.close();
    // The client sees its stream end (not merely the live view forgetting it).
    expect(await endsWithin(reader, 3000)).toBe(true);
  });

  it('writes nothing to a stream the host ended, and refuses streams once it is closed', async () => {
    const live = createGatewayLive(memoryStore());
    const port = await serveEvents(live);
    const response = await fetch(`http://127.0.0.1:${port}/v1/gateway/events`);
    const reader = response.body!.getReader();
    await reader.read();
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown): void => void uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    cleanups.push(() => void process.off('uncaughtException', onUncaught));
    live.close();
    // A request still draining records its row after the streams were ended, before they closed.
    live.store.record(ROW);
    live.store.record(ROW);
    expect(await endsWithin(reader, 3000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(uncaught).toEqual([]);
    const late = await fetch(`http://127.0.0.1:${port}/v1/gateway/events`);
    expect(late.status).toBe(503);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe('ACODE-HST-007');
    expect(live.openStreams).toBe(0);
  });

  it('ends its stream when the host starts draining, without waiting for close', async () => {
    let draining = false;
    const live = createGatewayLive(memoryStore(), { keepAliveMs: 100 });
    const port = await serveEvents(live, () => draining);
    const response = await fetch(`http://127.0.0.1:${port}/v1/gateway/events`);
    const reader = response.body!.getReader();
    draining = true;
    const ended = await Promise.race([
      (async () => {
        for (;;) if ((await reader.read()).done) return true;
      })(),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000)),
    ]);
    expect(ended).toBe(true);
  });
});
