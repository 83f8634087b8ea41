import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The name the sender gave in EHLO (nodemailer's `name`, e.g. `?name=node-a` in SMTP_URL): which node sent it. */
  helo: string;
}

export interface SmtpPeer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL or the mail worker. */
  url: string;
  port: number;
  /** Every message the peer accepted, in order. */
  received: ReceivedMail[];
  /** While true, the peer turns every message away with a temporary error (a mail server having a bad minute). */
  failing: boolean;
  /** Milliseconds the peer takes to accept each message (a real server is not instant). */
  delayMs: number;
  close: () => Promise<void>;
}

/** A real SMTP peer on loopback: the edge of the world, not a mock of our code. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        if (peer.failing) return callback(Object.assign(new Error("451 Try again later"), { responseCode: 451 }));
        const accept = () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, helo: session.hostNameAppearsAs });
          callback();
        };
        if (peer.delayMs > 0) setTimeout(accept, peer.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  const peer: SmtpPeer = {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    failing: false,
    delayMs: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return peer;
}
