import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on this machine (the `smtp-server` package) that keeps every message it accepts,
 * parsed with `mailparser` as a mail program would read it. It can be stopped and started again on the
 * same port, to play a mail server that is down for a while.
 */
export async function startSmtpStandIn(
  options: {
    port?: number;
    onMessage?: (mail: ParsedMail) => void;
    /** Accept only senders who log in with this user and password (AUTH PLAIN or LOGIN). */
    login?: { user: string; password: string };
  } = {},
) {
  const messages: ParsedMail[] = [];
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  async function start(): Promise<void> {
    server = new SMTPServer({
      // Plain SMTP on loopback: no TLS to negotiate; a login only when asked for, in the clear.
      disabledCommands: options.login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !options.login,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        const login = options.login;
        if (login && auth.username === login.user && auth.password === login.password)
          callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            messages.push(mail);
            options.onMessage?.(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  }

  async function stop(): Promise<void> {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await start();
  return {
    get port() {
      return port;
    },
    messages,
    /** Messages to one address, oldest first. */
    messagesTo: (address: string) =>
      messages.filter((mail) =>
        [mail.to ?? []].flat().some((to) => to.value.some((entry) => entry.address === address)),
      ),
    /** The mail server goes down: connections are refused until `start` is called again. */
    stop,
    start,
    close: stop,
  };
}
