import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { outboxMessages } from '../db/schema.ts';
import { databaseForFile } from '../../test/helper.ts';
import { createMessenger } from './messengers.ts';

const message = {
  channel: 'sms' as const,
  to: '13900000001',
  subject: 'Code',
  body: '验证码 123456 / code 123456',
};

function config(overrides: Partial<Config>): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, overrides);
}

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Just enough SMTP for nodemailer to hand over one message. */
function fakeSmtpServer(received: string[]): net.Server {
  return net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = '';
            socket.write('250 queued\r\n');
          } else current += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
}

describe('createMessenger', () => {
  const database = databaseForFile();

  it('keeps messages in the outbox table when no provider is configured', async () => {
    await createMessenger(config({}), database().db).send(message);
    const rows = await database().db.select().from(outboxMessages);
    expect(rows).toMatchObject([
      { channel: 'sms', recipient: message.to, subject: 'Code', body: message.body },
    ]);
  });

  it('refuses to start in production without a real provider for every channel', () => {
    expect(() => createMessenger(config({ NODE_ENV: 'production' }), database().db)).toThrow(
      /SMTP_URL.*SMS_WEBHOOK_URL/,
    );
    expect(() =>
      createMessenger(
        config({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:25' }),
        database().db,
      ),
    ).toThrow(/SMS_WEBHOOK_URL/);
    expect(() =>
      createMessenger(
        config({
          NODE_ENV: 'production',
          SMTP_URL: 'smtp://127.0.0.1:25',
          SMS_WEBHOOK_URL: 'https://sms.example.com/send',
        }),
        database().db,
      ),
    ).not.toThrow();
  });

  it('posts SMS to the webhook as JSON and treats a non-2xx answer as a failure', async () => {
    const bodies: unknown[] = [];
    let status = 204;
    const server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        bodies.push({ contentType: req.headers['content-type'], json: JSON.parse(raw) });
        res.writeHead(status).end();
      });
    });
    const port = await listen(server);
    try {
      const messenger = createMessenger(
        config({ SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms` }),
        database().db,
      );
      await messenger.send(message);
      expect(bodies).toEqual([
        { contentType: 'application/json', json: { to: message.to, body: message.body } },
      ]);
      status = 502;
      await expect(messenger.send(message)).rejects.toThrow(/HTTP 502/);
    } finally {
      server.close();
    }
  });

  it('sends e-mail over SMTP from MAIL_FROM', async () => {
    const received: string[] = [];
    const server = fakeSmtpServer(received);
    const port = await listen(server);
    try {
      const messenger = createMessenger(
        config({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Hub <hub@example.com>' }),
        database().db,
      );
      await messenger.send({
        channel: 'email',
        to: 'someone@example.com',
        subject: 'Your code',
        body: 'code 654321',
      });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^From: Hub <hub@example\.com>$/m);
      expect(received[0]).toMatch(/^To: someone@example\.com$/m);
      expect(received[0]).toContain('code 654321');
    } finally {
      server.close();
    }
  });
});
