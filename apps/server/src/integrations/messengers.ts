import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { outboxMessages } from '../db/schema.ts';
import type { Messenger, OutgoingMessage } from './messenger.ts';

/** An SMS provider that does not answer within this is treated as down, so the request fails fast. */
const SMS_TIMEOUT_MS = 10_000;

type Send = (message: OutgoingMessage) => Promise<void>;

function outboxSender(db: Executor): Send {
  return async (message) => {
    await db.insert(outboxMessages).values({
      channel: message.channel,
      recipient: message.to,
      subject: message.subject,
      body: message.body,
    });
  };
}

function smtpSender(smtpUrl: string, from: string): Send {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.body,
    });
  };
}

/** The SMS provider is any HTTPS endpoint taking `{ to, body }`; a gateway adapts it to a vendor. */
function smsWebhookSender(url: string): Send {
  return async (message) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: message.to, body: message.body }),
      signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`SMS webhook answered HTTP ${res.status}`);
  };
}

/**
 * E-mail goes through SMTP when SMTP_URL is set and SMS through the webhook when
 * SMS_WEBHOOK_URL is set; otherwise the message lands in the outbox table, which only
 * makes sense outside production, so production refuses to start without both providers.
 */
export function createMessenger(config: Config, db: Executor): Messenger {
  if (config.NODE_ENV === 'production') {
    const missing = [
      config.SMTP_URL ? null : 'SMTP_URL (e-mail)',
      config.SMS_WEBHOOK_URL ? null : 'SMS_WEBHOOK_URL (SMS)',
    ].filter((m) => m !== null);
    if (missing.length > 0) {
      throw new Error(
        `In production every message channel needs a real provider; set ${missing.join(' and ')}. ` +
          'The development outbox is not used in production.',
      );
    }
  }
  const outbox = outboxSender(db);
  const senders: Record<OutgoingMessage['channel'], Send> = {
    email: config.SMTP_URL ? smtpSender(config.SMTP_URL, config.MAIL_FROM) : outbox,
    sms: config.SMS_WEBHOOK_URL ? smsWebhookSender(config.SMS_WEBHOOK_URL) : outbox,
  };
  return { send: (message) => senders[message.channel](message) };
}
