// A hostile OpenAI-compatible model server, run as its own process so its work does not slow the
// process that measures the host. Every streamed chat answer is 50 MB of text (unless told
// otherwise), written as fast as the host takes it:
//   model "held":    the text opens a call (`<tool_call>`) and never closes it, so the gateway
//                    must hold it back: it should be cut by the gateway's memory limits;
//   model "forward": plain prose the gateway forwards as it arrives: a client that does not read
//                    must hold the upstream back, not fill the host's memory;
//   model "ok":      a short, ordinary answer.
// It prints `listening <port>` on standard output, and answers GET /stats with the bytes it wrote
// and the streams still open. Only for tests: it binds 127.0.0.1.
import { createServer } from 'node:http';

const TOTAL = Number(process.env.HOSTILE_STREAM_BYTES ?? 50 * 1024 * 1024);
const PIECE = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(290).slice(0, 16 * 1024);
const event = (content) => `data: ${JSON.stringify({ id: 'chatcmpl-hostile', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const PIECE_EVENT = Buffer.from(event(PIECE));

let written = 0;
let open = 0;

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    res.setHeader('content-type', 'application/json');
    return res.end(JSON.stringify({ written, open }));
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let body = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {}
    const model = typeof body.model === 'string' ? body.model : 'ok';
    if (model === 'ok' || body.stream !== true) {
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ id: 'chatcmpl-ok', object: 'chat.completion', created: 0, model, choices: [{ index: 0, message: { role: 'assistant', content: 'All good.' }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    open++;
    let closed = false;
    res.on('close', () => {
      closed = true;
      open--;
    });
    let sent = 0;
    const pump = () => {
      if (sent === 0) {
        const opening = Buffer.from(event(model === 'held' ? '<tool_call>{"name": "get_weather", "arguments": {"city": "' : 'Here is a long story. '));
        written += opening.length;
        sent += opening.length;
        res.write(opening);
      }
      while (!closed && sent < TOTAL) {
        written += PIECE_EVENT.length;
        sent += PIECE_EVENT.length;
        if (!res.write(PIECE_EVENT)) return void res.once('drain', pump);
      }
      if (!closed) res.end('data: [DONE]\n\n');
    };
    pump();
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
