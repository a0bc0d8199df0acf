import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MiB, peakResidentMiB, startHost, startUpstream, stream, upstreamStats, stopAll } from '../support/hostile-host.js';

// The host's memory is bounded by its configuration, not by its upstream: each process here is
// real (the host as `node apps/host/dist/main.js`, a hostile model server as its own process), so
// what is measured is the host's own heap, event loop and health route under attack.

afterAll(stopAll);

describe('a streamed answer holds only what the gateway needs', () => {
  let upstreamPort: number;
  beforeAll(async () => {
    // Far longer than any limit below plus what the sockets' buffers take (a few MiB on loopback,
    // more where the kernel tunes them up), so an answer read to its end cannot pass for one cut.
    const upstream = await startUpstream(64 * MiB);
    upstreamPort = upstream.port;
  });

  it('cuts an answer whose held text passes gateway.max_buffered_bytes with ACODE-GTW-006, and stops reading the upstream', async () => {
    const host = await startHost(upstreamPort, { max_buffered_bytes: 256 * 1024 });
    const before = (await upstreamStats(upstreamPort)).written;
    const { status, tail } = await stream(host.port, 'held', true).done;
    // Nothing was forwarded yet (the text opens a call), so the refusal is still an HTTP status.
    expect(status).toBe(502);
    expect(JSON.parse(tail)).toMatchObject({ error: { code: 'ACODE-GTW-006', message: expect.stringContaining('gateway.max_buffered_bytes') } });
    // The upstream request was closed, near the limit: what moved is the held text plus what the
    // sockets' buffers took (4.1 MiB seen on a CI machine), not the 64 MiB to its end.
    await new Promise((wait) => setTimeout(wait, 200));
    const after = await upstreamStats(upstreamPort);
    expect(after.open).toBe(0);
    expect(after.written - before).toBeLessThan(20 * MiB);
  });

  it('cuts answers once all of them together pass gateway.max_total_buffered_bytes, naming that setting', async () => {
    const host = await startHost(upstreamPort, { max_buffered_bytes: 4 * MiB, max_total_buffered_bytes: 2 * MiB });
    const results = await Promise.all(Array.from({ length: 6 }, () => stream(host.port, 'held', true).done));
    const tails = results.map((result) => result.tail);
    expect(tails.every((tail) => tail.includes('ACODE-GTW-006'))).toBe(true);
    expect(tails.some((tail) => tail.includes('gateway.max_total_buffered_bytes'))).toBe(true);
    // The memory went back to the pool: an ordinary answer is served afterwards.
    const ok = await fetch(`http://127.0.0.1:${host.port}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'ok', messages: [{ role: 'user', content: 'hi' }] }) });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).toBe('All good.');
  });

  it('holds the upstream back while a client does not read, instead of filling its memory', async () => {
    const upstream = await startUpstream(400 * MiB);
    const host = await startHost(upstream.port, {});
    const stalled = stream(host.port, 'forward', false);
    await new Promise((wait) => setTimeout(wait, 3000));
    const moved = (await upstreamStats(upstream.port)).written;
    await new Promise((wait) => setTimeout(wait, 1500));
    const movedLater = (await upstreamStats(upstream.port)).written;
    const peak = peakResidentMiB(host.process.child.pid!);
    stalled.destroy();
    // Only what the sockets' buffers take moved (about 8 MiB here), then nothing more: the
    // 400 MiB answer waits for its reader, and the host did not keep what it could not send.
    // (Read regardless of the client, it moved 35 MiB, to the answer size limit, and the host
    // peaked at 167 MiB.)
    expect(moved).toBeLessThan(20 * MiB);
    expect(movedLater - moved).toBeLessThan(1 * MiB);
    expect(peak).toBeLessThan(130);
  });
});
