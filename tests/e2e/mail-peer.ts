// A real SMTP peer for the e2e servers (the edge of the world, not a mock of our code): it accepts
// every message and appends it to a JSON-lines file that the specs read, as a person reads a mailbox.
import { appendFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const root = path.resolve(import.meta.dirname, "../..");

/** The mailbox file of the e2e server on `port`. */
export const mailboxFile = (port: number) => path.join(root, "test-results", `e2e-mail-${port}.jsonl`);

export interface ReceivedMail {
  to: string[];
  raw: string;
  at: number;
}

/** Starts the peer on a free port; returns the SMTP_URL for the server. */
export async function startMailPeer(port: number): Promise<string> {
  const file = mailboxFile(port);
  rmSync(file, { force: true });
  const greylisted = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        // Greylisting, as many real peers do: the first try of a "report ready" e-mail to a `greylisted.*`
        // address is turned away for now, so a spec can hold one queued (the outbox retries MAIL_RETRY_SECONDS later).
        const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? raw;
        if (to.some((address) => address.startsWith("greylisted.")) && /report is ready/i.test(raw) && !greylisted.has(messageId)) {
          greylisted.add(messageId);
          callback(Object.assign(new Error("Greylisted, try again later"), { responseCode: 451 }));
          return;
        }
        const mail: ReceivedMail = { to, raw, at: Date.now() };
        appendFileSync(file, `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
}

/**
 * Every message the peer of the server on `port` has received so far. The peer runs in another
 * process and may be appending a message while this reads: a last line without its line break is
 * still being written (a CI run once read half of one), and is left for the next read.
 */
export function readMailbox(port: number): ReceivedMail[] {
  const file = mailboxFile(port);
  if (!existsSync(file)) return [];
  const text = readFileSync(file, "utf8");
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}
