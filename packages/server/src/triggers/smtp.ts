import net from 'node:net';
import tls from 'node:tls';
import { type OutboundGuard, OutboundRefused } from '../outbound/guard.ts';

// A minimal SMTP client for trigger emails (RFC 5321): EHLO, STARTTLS when offered, AUTH PLAIN, one
// message, QUIT. It connects through the outbound guard's lookup, so an SMTP host is held to the same
// destinations as every HTTP call. A password is only sent over TLS.

const SMTP_TIMEOUT_MS = 20_000;

export interface SmtpServer {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when offered. */
  tls: boolean;
  user: string;
  password: string;
  /** Certificate authorities to trust in place of Node's list (tests). */
  ca?: string;
}

export interface SmtpMessage {
  from: string;
  to: readonly string[];
  /** One line, plain. */
  subject: string;
  text: string;
}

interface Reply {
  code: number;
  lines: string[];
}

/** Reads replies off a socket: a reply is lines `NNN-text` ending with `NNN text`. */
class ReplyReader {
  private buffer = '';
  private lines: string[] = [];
  private waiting: ((reply: Reply) => void) | null = null;
  private failed: ((error: Error) => void) | null = null;
  private ready: Reply[] = [];
  private error: Error | null = null;

  attach(socket: net.Socket): void {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.feed(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('The SMTP server closed the connection')));
  }

  detach(socket: net.Socket): void {
    socket.removeAllListeners('data');
    socket.removeAllListeners('error');
    socket.removeAllListeners('close');
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    let end = this.buffer.indexOf('\n');
    while (end >= 0) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      this.lines.push(line.slice(4));
      if (line[3] !== '-') {
        const reply = { code: Number(line.slice(0, 3)), lines: this.lines };
        this.lines = [];
        if (this.waiting) {
          const resolve = this.waiting;
          this.waiting = null;
          resolve(reply);
        } else this.ready.push(reply);
      }
      end = this.buffer.indexOf('\n');
    }
  }

  fail(error: Error): void {
    this.error ??= error;
    this.failed?.(error);
    this.waiting = null;
    this.failed = null;
  }

  next(): Promise<Reply> {
    const ready = this.ready.shift();
    if (ready) return Promise.resolve(ready);
    if (this.error) return Promise.reject(this.error);
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failed = reject;
    });
  }
}

const encodedWord = (text: string) =>
  /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text).toString('base64')}?=`;

/** The message as sent after DATA: headers, a base64 body (no line can start a dot or run long). */
export function messageData(message: SmtpMessage, date: Date): string {
  const body = Buffer.from(message.text.replace(/\r?\n/g, '\r\n'))
    .toString('base64')
    .replace(/.{76}/g, '$&\r\n');
  return [
    `From: <${message.from}>`,
    `To: ${message.to.map((to) => `<${to}>`).join(', ')}`,
    `Subject: ${encodedWord(message.subject.replace(/[\r\n]+/g, ' '))}`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    body,
  ].join('\r\n');
}

export async function sendSmtp(
  guard: OutboundGuard,
  server: SmtpServer,
  message: SmtpMessage,
): Promise<void> {
  const refusal = guard.literalRefusal(server.host);
  if (refusal) throw new OutboundRefused(refusal);
  const reader = new ReplyReader();
  const servername = net.isIP(server.host) ? undefined : server.host;
  const tlsOptions = { servername, ...(server.ca ? { ca: server.ca } : {}) };
  let socket: net.Socket = server.tls
    ? tls.connect({ host: server.host, port: server.port, lookup: guard.lookup, ...tlsOptions })
    : net.connect({ host: server.host, port: server.port, lookup: guard.lookup });
  let secure = server.tls;
  reader.attach(socket);
  const timer = setTimeout(() => {
    reader.fail(new Error(`No answer from the SMTP server within ${SMTP_TIMEOUT_MS} ms`));
    socket.destroy();
  }, SMTP_TIMEOUT_MS);

  const expect = async (codes: number[], what: string): Promise<Reply> => {
    const reply = await reader.next();
    if (!codes.includes(reply.code)) {
      throw new Error(`SMTP ${what}: ${reply.code} ${reply.lines.join(' ').slice(0, 200)}`);
    }
    return reply;
  };
  const command = (line: string, codes: number[], what: string) => {
    socket.write(`${line}\r\n`);
    return expect(codes, what);
  };

  try {
    await expect([220], 'greeting');
    let hello = await command('EHLO cairn', [250], 'EHLO');
    if (!secure && hello.lines.some((line) => /^STARTTLS\b/i.test(line))) {
      await command('STARTTLS', [220], 'STARTTLS');
      reader.detach(socket);
      const plainSocket = socket;
      socket = await new Promise<net.Socket>((resolve, reject) => {
        const upgraded = tls.connect({ socket: plainSocket, ...tlsOptions }, () => resolve(upgraded));
        upgraded.once('error', reject);
      });
      reader.attach(socket);
      secure = true;
      hello = await command('EHLO cairn', [250], 'EHLO');
    }
    if (server.user) {
      if (!secure) throw new Error('The SMTP server offers no TLS: the password is not sent in the clear');
      const token = Buffer.from(`\u0000${server.user}\u0000${server.password}`).toString('base64');
      await command(`AUTH PLAIN ${token}`, [235], 'AUTH');
    }
    await command(`MAIL FROM:<${message.from}>`, [250], 'MAIL FROM');
    for (const to of message.to) await command(`RCPT TO:<${to}>`, [250, 251], 'RCPT TO');
    await command('DATA', [354], 'DATA');
    await command(`${messageData(message, new Date())}\r\n.`, [250], 'message');
    socket.write('QUIT\r\n');
  } finally {
    clearTimeout(timer);
    socket.end();
  }
}
