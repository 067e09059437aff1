import { sha256Hex, signHeaders } from './sigv4.ts';

/** One message as a queue hands it out: delete it by its receipt once handled. */
export interface QueueMessage {
  id: string;
  receipt: string;
  body: string;
}

/**
 * A queue the server reads events from (Amazon's notifications): a message received stays hidden
 * for a while and comes back unless it is deleted, so one that a crash left unhandled is read
 * again.
 */
export interface MessageQueue {
  /** Waits up to `waitSeconds` (long polling) for at most ten messages; `signal` ends the wait. */
  receive(options: {
    waitSeconds: number;
    max: number;
    signal?: AbortSignal;
  }): Promise<QueueMessage[]>;
  remove(receipt: string): Promise<void>;
}

export interface SqsOptions {
  /** `https://sqs.<region>.amazonaws.com/<account>/<name>` (or the simulator's queue). */
  queueUrl: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Seconds a received message stays hidden before it is handed out again. */
  visibilitySeconds?: number;
}

export class SqsError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(`SQS ${type}: ${message}`);
    this.name = 'SqsError';
  }
}

/** The queue's ARN, which a Notifications API destination names: from an AWS queue URL. */
export function sqsArnOf(queueUrl: string): string {
  const url = new URL(queueUrl);
  const region = /^sqs\.([a-z0-9-]+)\.amazonaws\.com$/.exec(url.hostname)?.[1];
  const [account, name] = url.pathname.split('/').filter(Boolean);
  if (!region || !account || !name) throw new Error(`not an Amazon SQS queue URL: ${queueUrl}`);
  return `arn:aws:sqs:${region}:${account}:${name}`;
}

/**
 * Amazon SQS over HTTPS: the AWS JSON 1.0 protocol (`X-Amz-Target: AmazonSQS.<Action>`), posted
 * to the queue's endpoint and signed with SigV4 for service `sqs`.
 */
export function createSqsQueue(options: SqsOptions): MessageQueue {
  const endpoint = new URL(options.queueUrl);
  endpoint.pathname = endpoint.pathname.replace(/\/[^/]+\/[^/]+\/?$/, '/');
  const credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 'sqs',
  };

  async function call<T>(
    action: string,
    input: Record<string, unknown>,
    timeoutMs: number,
    signal?: AbortSignal,
  ) {
    const body = JSON.stringify({ QueueUrl: options.queueUrl, ...input });
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: signHeaders({
        method: 'POST',
        url: endpoint,
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': `AmazonSQS.${action}`,
        },
        payloadHash: sha256Hex(body),
        credentials,
      }),
      body,
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) {
      const type = String(json.__type ?? `http_${res.status}`)
        .split('#')
        .pop()!;
      throw new SqsError(res.status, type, String(json.message ?? json.Message ?? ''));
    }
    return json as T;
  }

  return {
    async receive({ waitSeconds, max, signal }) {
      const answer = await call<{
        Messages?: Array<{ MessageId: string; ReceiptHandle: string; Body: string }>;
      }>(
        'ReceiveMessage',
        {
          MaxNumberOfMessages: max,
          WaitTimeSeconds: waitSeconds,
          VisibilityTimeout: options.visibilitySeconds ?? 60,
        },
        // The long poll plus the time a slow network takes.
        (waitSeconds + 15) * 1000,
        signal,
      );
      return (answer.Messages ?? []).map((m) => ({
        id: m.MessageId,
        receipt: m.ReceiptHandle,
        body: m.Body,
      }));
    },
    async remove(receipt) {
      await call('DeleteMessage', { ReceiptHandle: receipt }, 15_000);
    },
  };
}
