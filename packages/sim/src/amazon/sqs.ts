import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http.ts';
import { S3Error } from '../s3/errors.ts';
import { verifySignature } from '../s3/signature.ts';

/**
 * The queue Amazon's notifications go to in the simulator: an Amazon SQS queue as the app reads
 * it (AWS JSON 1.0 protocol, `X-Amz-Target: AmazonSQS.ReceiveMessage` / `DeleteMessage`, signed
 * with SigV4 for service `sqs`), so the server's real SQS client reads it unchanged.
 */
export const SIM_SQS_DEFAULTS = {
  region: 'us-east-1',
  accountId: '000000000000',
  queueName: 'sp-api-notifications',
  accessKeyId: 'SIMSQSACCESSKEY000',
  secretAccessKey: 'sim-sqs-secret-access-key-not-for-real-use',
} as const;

export const simQueueArn = (name: string) =>
  `arn:aws:sqs:${SIM_SQS_DEFAULTS.region}:${SIM_SQS_DEFAULTS.accountId}:${name}`;

interface Stored {
  messageId: string;
  body: string;
  md5: string;
  /** Epoch ms before which a received message stays hidden (its visibility timeout). */
  hiddenUntil: number;
  receipt: string | null;
}

/** SQS limits: 10 messages a receive, a 20-second long poll, 12 hours of visibility. */
const MAX_MESSAGES = 10;
const MAX_WAIT_SECONDS = 20;
const MAX_VISIBILITY_SECONDS = 43_200;
const DEFAULT_VISIBILITY_SECONDS = 30;

class SqsError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** In-memory queues by name; a message sent to a queue nobody made yet makes it. */
export class SimQueues {
  private readonly queues = new Map<string, Stored[]>();
  private readonly waiters = new Set<() => void>();

  constructor(private readonly now: () => Date) {}

  send(arn: string, body: string): void {
    const name = arn.split(':').pop()!;
    const queue = this.queues.get(name) ?? [];
    queue.push({
      messageId: randomUUID(),
      body,
      md5: createHash('md5').update(body).digest('hex'),
      hiddenUntil: 0,
      receipt: null,
    });
    this.queues.set(name, queue);
    for (const wake of this.waiters) wake();
  }

  /** Messages still in `name` (received or not), for tests. */
  depth(name: string = SIM_SQS_DEFAULTS.queueName): number {
    return this.queues.get(name)?.length ?? 0;
  }

  private take(name: string, max: number, visibilitySeconds: number) {
    const at = this.now().getTime();
    const visible = (this.queues.get(name) ?? []).filter((m) => m.hiddenUntil <= at).slice(0, max);
    for (const m of visible) {
      m.hiddenUntil = at + visibilitySeconds * 1000;
      m.receipt = `${m.messageId}:${randomUUID()}`;
    }
    return visible;
  }

  /** Long polling: waits up to `waitSeconds` (real time) for a message. */
  async receive(name: string, max: number, waitSeconds: number, visibilitySeconds: number) {
    let found = this.take(name, max, visibilitySeconds);
    const deadline = Date.now() + waitSeconds * 1000;
    while (found.length === 0 && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, deadline - Date.now());
        this.waiters.add(wake);
      });
      found = this.take(name, max, visibilitySeconds);
    }
    return found;
  }

  remove(name: string, receipt: string): void {
    const queue = this.queues.get(name) ?? [];
    const at = queue.findIndex((m) => m.receipt === receipt);
    if (at < 0) {
      // SQS ignores a handle whose message is already gone; a handle it never issued is refused.
      if (!/^[0-9a-f-]{36}:[0-9a-f-]{36}$/.test(receipt)) {
        throw new SqsError(400, 'ReceiptHandleIsInvalid', 'The input receipt handle is invalid.');
      }
      return;
    }
    queue.splice(at, 1);
  }
}

function intField(body: Record<string, unknown>, name: string, min: number, max: number) {
  const value = body[name];
  if (value === undefined) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new SqsError(
      400,
      'InvalidParameterValue',
      `Value ${String(value)} for parameter ${name} is invalid. Must be between ${min} and ${max}.`,
    );
  }
  return value;
}

function queueNameOf(body: Record<string, unknown>): string {
  const url = body.QueueUrl;
  if (typeof url !== 'string' || !url) {
    throw new SqsError(400, 'MissingParameter', 'The request must contain the parameter QueueUrl.');
  }
  const [account, name] = new URL(url, 'http://sqs.local').pathname.split('/').slice(-2);
  if (account !== SIM_SQS_DEFAULTS.accountId || !name) {
    throw new SqsError(400, 'QueueDoesNotExist', 'The specified queue does not exist.');
  }
  return name;
}

/** `POST <base>/sqs`: ReceiveMessage and DeleteMessage of the AWS JSON protocol. */
export async function serveSqs(
  req: IncomingMessage,
  res: ServerResponse,
  queues: SimQueues,
  now: () => Date,
): Promise<void> {
  const raw = await readBody(req, 256 * 1024);
  const url = new URL(req.url ?? '/', 'http://sqs.local');
  try {
    if (req.method !== 'POST') throw new SqsError(405, 'UnsupportedOperation', 'POST only.');
    const { payloadHash } = verifySignature(
      {
        method: 'POST',
        path: url.pathname,
        query: url.search.slice(1),
        headers: req.headers,
      },
      {
        credentials: [SIM_SQS_DEFAULTS],
        region: SIM_SQS_DEFAULTS.region,
        now: now(),
        service: 'sqs',
      },
    );
    if (payloadHash && payloadHash !== createHash('sha256').update(raw).digest('hex')) {
      throw new S3Error(403, 'SignatureDoesNotMatch', 'The request body does not match its hash.');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      throw new SqsError(400, 'SerializationException', 'The request body is not JSON.');
    }
    const target = String(req.headers['x-amz-target'] ?? '');
    if (target === 'AmazonSQS.ReceiveMessage') {
      const name = queueNameOf(body);
      const max = intField(body, 'MaxNumberOfMessages', 1, MAX_MESSAGES) ?? 1;
      const wait = intField(body, 'WaitTimeSeconds', 0, MAX_WAIT_SECONDS) ?? 0;
      const visibility =
        intField(body, 'VisibilityTimeout', 0, MAX_VISIBILITY_SECONDS) ??
        DEFAULT_VISIBILITY_SECONDS;
      const messages = await queues.receive(name, max, wait, visibility);
      sendJson(
        res,
        200,
        messages.length
          ? {
              Messages: messages.map((m) => ({
                MessageId: m.messageId,
                ReceiptHandle: m.receipt,
                MD5OfBody: m.md5,
                Body: m.body,
              })),
            }
          : {},
        { 'content-type': 'application/x-amz-json-1.0' },
      );
      return;
    }
    if (target === 'AmazonSQS.DeleteMessage') {
      const name = queueNameOf(body);
      if (typeof body.ReceiptHandle !== 'string') {
        throw new SqsError(400, 'MissingParameter', 'The request must contain ReceiptHandle.');
      }
      queues.remove(name, body.ReceiptHandle);
      sendJson(res, 200, {}, { 'content-type': 'application/x-amz-json-1.0' });
      return;
    }
    throw new SqsError(400, 'UnknownOperationException', `Unknown operation ${target}.`);
  } catch (error) {
    if (error instanceof SqsError || error instanceof S3Error) {
      const type = error instanceof SqsError ? error.type : error.code;
      sendJson(
        res,
        error.status,
        { __type: `com.amazonaws.sqs#${type}`, message: error.message },
        { 'content-type': 'application/x-amz-json-1.0' },
      );
      return;
    }
    throw error;
  }
}
