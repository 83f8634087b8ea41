// A private line from the command line to the running server, for the embedded database: PGlite's
// data directory admits one process, so `npm run staff` asks the server that holds it. A Unix domain
// socket inside DATA_DIR, mode 0600: only the same OS user can connect (the kernel checks the socket
// file's permission on connect), so the file's permission is the authentication. Never a network port.
// One request per connection: a JSON line in, a JSON line out.
import { chmodSync, lstatSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { z } from "~/shared/schemas/zod";
import { AppError } from "./errors";

export const LOCAL_CHANNEL_FILE = "server.sock";
/** sockaddr_un holds 108 bytes on Linux (104 on macOS), the final NUL included. */
const MAX_SOCKET_PATH = 103;
const MAX_REQUEST_BYTES = 64 * 1024;
/** Adding an account hashes its password: seconds on a busy machine, never minutes. */
const ANSWER_TIMEOUT_MS = 120_000;

export const channelAnswerSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), output: z.string() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type ChannelAnswer = z.infer<typeof channelAnswerSchema>;
export type ChannelHandler = (request: unknown) => Promise<ChannelAnswer>;

export const localChannelPath = (dataDir: string) => path.join(path.resolve(dataDir), LOCAL_CHANNEL_FILE);

/**
 * Why a socket in this directory would not be private, or null. Another user who may write the
 * directory could put their own socket in its place and read what the command line sends.
 */
export function unsafeChannelDirectory(dataDir: string): string | null {
  const stat = statSync(dataDir);
  if (process.getuid && stat.uid !== process.getuid()) return `${dataDir} belongs to another user`;
  if (stat.mode & 0o022) return `${dataDir} may be written by other users (fix: chmod go-w ${dataDir})`;
  return null;
}

export interface LocalChannel {
  path: string;
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/server.sock; null (with a warning) where the socket could not be private.
 * Only the process holding the data directory's lock calls this, so a socket file already there
 * is a stale one left by a server that was killed: it is replaced.
 */
export async function listenLocalChannel(dataDir: string, handle: ChannelHandler, log: FastifyBaseLogger): Promise<LocalChannel | null> {
  const file = localChannelPath(dataDir);
  const refuse = (why: string) => {
    log.warn(`No command channel for npm run staff (${why}): stop the server to run it.`);
    return null;
  };
  const unsafe = unsafeChannelDirectory(dataDir);
  if (unsafe) return refuse(unsafe);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) return refuse(`the path ${file} is too long for a socket`);
  const existing = lstatSync(file, { throwIfNoEntry: false });
  if (existing && !existing.isSocket()) return refuse(`${file} exists and is not a socket`);
  rmSync(file, { force: true });

  const server = net.createServer((connection) => serve(connection, handle));
  // Created 0600 from the start (bind applies the umask), not widened for a moment before the chmod.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(file, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(file, 0o600);
  // A server that exits without closing (a failed start, process.exit) leaves no socket behind.
  const remove = () => rmSync(file, { force: true });
  process.once("exit", remove);
  return {
    path: file,
    close: () =>
      new Promise((resolve) => {
        process.off("exit", remove);
        remove();
        server.close(() => resolve());
      }),
  };
}

function serve(connection: net.Socket, handle: ChannelHandler) {
  connection.setEncoding("utf8");
  connection.setTimeout(ANSWER_TIMEOUT_MS, () => connection.destroy());
  connection.on("error", () => {});
  let buffered = "";
  const reply = (answer: ChannelAnswer) => connection.end(`${JSON.stringify(answer)}\n`);
  const onData = (chunk: string) => {
    buffered += chunk;
    const end = buffered.indexOf("\n");
    if (end < 0 && buffered.length <= MAX_REQUEST_BYTES) return;
    connection.off("data", onData);
    if (end < 0 || end > MAX_REQUEST_BYTES) return reply({ ok: false, error: "The request is too long." });
    let request: unknown;
    try {
      request = JSON.parse(buffered.slice(0, end));
    } catch {
      return reply({ ok: false, error: "The request is not JSON." });
    }
    void handle(request).then(reply);
  };
  connection.on("data", onData);
}

/**
 * Sends one request to the server listening in DATA_DIR. Null when none listens (the server is
 * stopped, or killed and its socket file left behind): the caller then opens the database itself.
 */
export async function askLocalChannel(dataDir: string, request: unknown): Promise<ChannelAnswer | null> {
  const file = localChannelPath(dataDir);
  const socket = lstatSync(file, { throwIfNoEntry: false });
  if (!socket) return null;
  const unsafe = unsafeChannelDirectory(dataDir);
  const own = !process.getuid || socket.uid === process.getuid();
  if (unsafe || !socket.isSocket() || !own || socket.mode & 0o077) {
    throw new AppError("forbidden", `Not using ${file} to reach the server: ${unsafe ?? "it is not a socket private to this user"}.`);
  }
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(file);
    let received = "";
    connection.setEncoding("utf8");
    connection.setTimeout(ANSWER_TIMEOUT_MS, () => connection.destroy(new AppError("unavailable", "The server did not answer in time.")));
    connection.on("connect", () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on("data", (chunk: string) => (received += chunk));
    connection.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(null);
      else reject(error);
    });
    connection.on("end", () => {
      const answer = channelAnswerSchema.safeParse(parseJson(received.trim()));
      if (answer.success) resolve(answer.data);
      else reject(new AppError("internal", "The server's answer was not understood (is it the same version as this command?)."));
    });
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
