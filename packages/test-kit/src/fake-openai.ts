// A fake OpenAI-compatible server for tests (issue 18): a real HTTP server speaking the chat
// completions wire protocol, so the official `openai` client talks to it through its baseURL exactly
// as to a provider. Each request is recorded; each answer comes from the script given (a reply, an
// error status with an OpenAI error body and headers such as retry-after), the last step repeating.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  [key: string]: unknown;
}

export type FakeStep =
  /** Answer with this message content (a string, or an object sent as its JSON). */
  | { content: unknown; usage?: { prompt_tokens: number; completion_tokens: number } }
  /** Answer with an error: status, message, and headers such as `retry-after`. */
  | { status: number; message: string; headers?: Record<string, string> };

export interface FakeOpenAi {
  /** The base URL to give the client (ends in /v1). */
  baseURL: string;
  /** Every chat completion request received, in order, with its headers. */
  requests: { body: ChatRequest; headers: IncomingMessage['headers'] }[];
  /** Requests whose handling has ended: answered, or given up by the client while held. */
  readonly answered: number;
  /**
   * Replaces the script: one step per request, the last one repeating. A function may answer a
   * promise: the reply waits for it (a test holds an answer back while it changes something).
   */
  script(steps: FakeStep[] | ((body: ChatRequest) => FakeStep | Promise<FakeStep>)): void;
  close(): Promise<void>;
}

/** `port`: a fixed port (an e2e stack started beforehand points OPENAI_BASE_URL at it); default any free one. */
export async function startFakeOpenAi(options: { port?: number } = {}): Promise<FakeOpenAi> {
  let steps: FakeStep[] | ((body: ChatRequest) => FakeStep | Promise<FakeStep>) = [{ content: {} }];
  let served = 0;
  let answered = 0;
  const requests: FakeOpenAi['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body), () => answered++);
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        return send(404, {
          error: { message: `Unknown route ${req.method} ${req.url}`, type: 'invalid_request_error' },
        });
      }
      let body: ChatRequest;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
      } catch {
        return send(400, { error: { message: 'Invalid JSON body', type: 'invalid_request_error' } });
      }
      requests.push({ body, headers: req.headers });
      const step = typeof steps === 'function' ? await steps(body) : steps[Math.min(served, steps.length - 1)]!;
      // The client gave up meanwhile (aborted): nobody to answer.
      if (res.destroyed) {
        answered++;
        return;
      }
      served++;
      if ('status' in step) {
        return send(
          step.status,
          { error: { message: step.message, type: step.status === 429 ? 'rate_limit_exceeded' : 'server_error' } },
          step.headers,
        );
      }
      const content = typeof step.content === 'string' ? step.content : JSON.stringify(step.content);
      const usage = step.usage ?? {
        prompt_tokens: Math.ceil(JSON.stringify(body.messages).length / 4),
        completion_tokens: Math.ceil(content.length / 4),
      };
      send(200, {
        id: `chatcmpl-fake-${served}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null },
        ],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    get answered() {
      return answered;
    },
    script(next) {
      steps = next;
      served = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
