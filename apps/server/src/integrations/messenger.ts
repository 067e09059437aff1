/** Where SMS and e-mail codes go: the dev outbox table, or SMTP and an SMS provider in production. */
export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  body: string;
}

export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}
