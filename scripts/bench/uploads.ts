// Slow résumé uploads against the built server (`node dist/server/main.js`) on PGlite (issue 25 §4):
//   npm run build && npm run bench:uploads
// Opens 300 uploads of POST /api/applications at once, each a valid form with a 4–5 MB PDF résumé
// sent at a trickle (all of it over BENCH_UPLOAD_SECONDS, default 30 s), from 75 client addresses,
// four uploads each (X-Forwarded-For, the server trusting loopback: TRUST_PROXY=loopback). The
// server spools each file to disk as it arrives and takes at most 3 uploads per address (429) and 64
// in all (503) before reading a body. Samples the server's RSS every 100 ms and the number of files
// in its spool folder; prints idle RSS, peak RSS against the target (≤ 400 MB), and the answers by
// status. BENCH_UPLOADS and BENCH_UPLOAD_SECONDS change the count and the pace; BENCH_SERVER_NODE_OPTIONS
// is given to the server. Loopback only; bounded: every upload is answered or abandoned within the trickle + 75 s.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { applicationFields, applicationInput, pdfBytes } from "../../tests/fixtures/applications";
import { sampleRss, treeRssMb } from "./lib/memory";
import { removeAtCleanup, runBench, sleep, stop } from "./lib/processes";
import { log, mb, printFigures, round, table, loadAverage } from "./lib/report";
import { pgliteTarget, requireBuild, startServer } from "./lib/servers";

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 300);
const PER_ADDRESS = 4;
const TRICKLE_S = Number(process.env.BENCH_UPLOAD_SECONDS ?? 30);
/** All uploads are opened within this time, in order, so address by address. */
const OPEN_SPREAD_MS = 3_000;
const TICK_MS = 100;
const TARGET_MB = 400;
const MB = 1024 * 1024;
/**
 * The résumé's body between the PDF's head and tail: 64 KB of random bytes, repeated (shared, never
 * copied per upload). Like a real PDF's compressed streams, PostgreSQL cannot compress it.
 */
const FILLER = randomBytes(64 * 1024);

interface Upload {
  index: number;
  address: string;
  socket: net.Socket;
  /** The request head and the body, as pieces: head, form fields + file part header, filler × n, tail. */
  size: number;
  sent: number;
  pieces: { prefix: Buffer; fillerBytes: number; suffix: Buffer };
  blocked: boolean;
  openedAt: number;
  status: number | null;
  answeredMs: number | null;
  received: Buffer;
  error: string | null;
}

function boundaryBody(index: number, resumeBytes: number) {
  const boundary = `----ffbench${index}`;
  const fields = applicationFields(applicationInput({ email: `slow.upload.${index}.${Date.now()}@example.com` }));
  let head = "";
  for (const [name, value] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv-${index}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const pdf = pdfBytes(1024);
  const pdfHead = pdf.subarray(0, 256);
  const pdfTail = pdf.subarray(pdf.length - 64);
  const prefix = Buffer.concat([Buffer.from(head), pdfHead]);
  const suffix = Buffer.concat([Buffer.from("\n"), pdfTail, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const fillerBytes = resumeBytes - pdfHead.length - pdfTail.length - 1;
  return { boundary, prefix, fillerBytes, suffix, length: prefix.length + fillerBytes + suffix.length };
}

/** The next `bytes` of the body from offset `sent`, built from the pieces. */
function slice(pieces: Upload["pieces"], sent: number, bytes: number): Buffer {
  const out: Buffer[] = [];
  let at = sent;
  let left = bytes;
  const take = (source: Buffer, start: number) => {
    const part = source.subarray(start, start + left);
    out.push(part);
    at += part.length;
    left -= part.length;
  };
  while (left > 0) {
    if (at < pieces.prefix.length) take(pieces.prefix, at);
    else if (at < pieces.prefix.length + pieces.fillerBytes) {
      const offset = (at - pieces.prefix.length) % FILLER.length;
      const remaining = pieces.prefix.length + pieces.fillerBytes - at;
      const part = FILLER.subarray(offset, offset + Math.min(left, remaining));
      out.push(part);
      at += part.length;
      left -= part.length;
    } else if (at < pieces.prefix.length + pieces.fillerBytes + pieces.suffix.length) take(pieces.suffix, at - pieces.prefix.length - pieces.fillerBytes);
    else break;
  }
  return Buffer.concat(out);
}

function statusOf(received: Buffer): number | null {
  const line = received.subarray(0, Math.min(received.length, 64)).toString();
  const match = /^HTTP\/1\.1 (\d{3}) /.exec(line);
  return match && received.includes("\r\n\r\n") ? Number(match[1]) : null;
}

function openUpload(port: number, index: number, t0: number): Upload {
  const addressIndex = Math.floor(index / PER_ADDRESS);
  const address = `10.77.${addressIndex >> 8}.${addressIndex & 255}`;
  // 4–5 MB, different for each upload, under the 5 MB cap.
  const resumeBytes = 4 * MB + ((index * 7919) % (MB - 4096));
  const body = boundaryBody(index, resumeBytes);
  const head = Buffer.from(
    `POST /api/applications HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=${body.boundary}\r\n` +
      `Content-Length: ${body.length}\r\nX-Forwarded-For: ${address}\r\nConnection: close\r\n\r\n`,
  );
  const socket = net.connect({ port, host: "127.0.0.1" });
  const upload: Upload = {
    index,
    address,
    socket,
    size: body.length,
    sent: 0,
    pieces: { prefix: body.prefix, fillerBytes: body.fillerBytes, suffix: body.suffix },
    blocked: false,
    openedAt: performance.now() - t0,
    status: null,
    answeredMs: null,
    received: Buffer.alloc(0),
    error: null,
  };
  socket.setNoDelay(true);
  socket.write(head);
  socket.on("drain", () => (upload.blocked = false));
  socket.on("data", (chunk: Buffer) => {
    if (upload.status !== null) return;
    upload.received = Buffer.concat([upload.received, chunk]).subarray(0, 4096);
    const status = statusOf(upload.received);
    if (status === null) return;
    upload.status = status;
    upload.answeredMs = performance.now() - t0 - upload.openedAt;
    // An early answer: stop sending the rest of this résumé.
    socket.destroy();
  });
  socket.on("error", (error) => (upload.error ??= error.message));
  socket.on("close", () => {
    if (upload.status === null) upload.error ??= "closed without an answer";
  });
  return upload;
}

const median = (values: number[]) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  requireBuild();
  console.log(
    `Slow uploads benchmark — node ${process.version}, ${os.cpus().length} CPUs, load ${loadAverage().join(" ")}; ` +
      `${UPLOADS} résumés of 4–5 MB, each sent over ${TRICKLE_S} s, from ${Math.ceil(UPLOADS / PER_ADDRESS)} addresses × ${PER_ADDRESS}\n`,
  );
  const target = pgliteTarget();
  // The server's TMPDIR, so its spool folder can be watched (and is removed afterwards).
  const tmp = removeAtCleanup(mkdtempSync(path.join(os.tmpdir(), "ff-bench-uploads-")));
  const spoolDir = path.join(tmp, "founders-find-uploads");
  log("starting the built server on PGlite…");
  const { child, base } = await startServer("server (pglite)", target, { TRUST_PROXY: "loopback", TMPDIR: tmp, NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? "" });
  const port = Number(new URL(base).port);
  try {
    await sleep(2_000);
    const idleRssMb = treeRssMb(child.pid);
    log(`idle RSS ${mb(idleRssMb)}; opening ${UPLOADS} uploads…`);

    const sampler = sampleRss(child.pid, 100, treeRssMb);
    let peakSpooled = 0;
    const spooled = () => {
      try {
        return readdirSync(spoolDir).length;
      } catch {
        return 0;
      }
    };
    const t0 = performance.now();
    const uploads: Upload[] = [];
    const bytesPerTick = (upload: Upload) => Math.ceil(upload.size / ((TRICKLE_S * 1000) / TICK_MS));
    const deadline = TRICKLE_S * 1000 + 75_000;
    let lastReport = 0;
    for (;;) {
      const elapsed = performance.now() - t0;
      while (uploads.length < UPLOADS && uploads.length <= (elapsed / OPEN_SPREAD_MS) * UPLOADS) uploads.push(openUpload(port, uploads.length, t0));
      for (const upload of uploads) {
        if (upload.status !== null || upload.error || upload.blocked || upload.sent >= upload.size || upload.socket.destroyed) continue;
        const piece = slice(upload.pieces, upload.sent, Math.min(bytesPerTick(upload), upload.size - upload.sent));
        upload.sent += piece.length;
        if (!upload.socket.write(piece)) upload.blocked = true;
      }
      peakSpooled = Math.max(peakSpooled, spooled());
      const open = uploads.filter((u) => u.status === null && !u.error).length;
      if (elapsed - lastReport > 10_000) {
        lastReport = elapsed;
        log(`${round(elapsed / 1000)} s: ${open} uploads open, ${spooled()} files spooled, RSS ${mb(treeRssMb(child.pid))}`);
      }
      if (uploads.length === UPLOADS && open === 0) break;
      if (elapsed > deadline) {
        for (const upload of uploads) if (upload.status === null) upload.error ??= "no answer before the bench's deadline";
        break;
      }
      await sleep(TICK_MS);
    }
    const durationS = round((performance.now() - t0) / 1000, 1);
    const { peakMb } = sampler.stop();
    for (const upload of uploads) upload.socket.destroy();
    await sleep(1_000);
    const afterRssMb = treeRssMb(child.pid);
    const spoolLeft = spooled();

    const byStatus = new Map<string, Upload[]>();
    for (const upload of uploads) {
      const key = upload.status === null ? `no answer (${upload.error ?? "?"})` : String(upload.status);
      byStatus.set(key, [...(byStatus.get(key) ?? []), upload]);
    }
    console.log("\nAnswers");
    console.log(
      table(
        ["answer", "uploads", "median time to answer", "bytes sent (median)"],
        [...byStatus.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, list]) => [status, list.length, `${round(median(list.map((u) => u.answeredMs ?? 0)) / 1000, 2)} s`, mb(median(list.map((u) => u.sent)) / MB)]),
      ),
    );
    const withinTarget = peakMb !== null && peakMb <= TARGET_MB;
    console.log("\nServer memory (RSS, sampled every 100 ms)");
    console.log(
      table(
        ["idle", "peak", "after", "target", "verdict"],
        [[mb(idleRssMb), mb(peakMb), mb(afterRssMb), `≤ ${TARGET_MB} MB`, withinTarget ? "within" : "OVER"]],
        0,
      ),
    );
    console.log(`\nSpooled files: at most ${peakSpooled} at once, ${spoolLeft} left after the run; ${durationS} s in all.`);
    const answers = Object.fromEntries([...byStatus.entries()].map(([status, list]) => [status, list.length]));
    const problems = [
      ...(withinTarget ? [] : [`peak RSS ${peakMb} MB over ${TARGET_MB} MB`]),
      ...(spoolLeft ? [`${spoolLeft} spooled files left`] : []),
      ...[...byStatus.keys()].filter((status) => !["201", "429", "503"].includes(status)).map((status) => `answers: ${status}`),
    ];
    printFigures({
      bench: "uploads",
      engine: "pglite",
      uploads: UPLOADS,
      addresses: Math.ceil(UPLOADS / PER_ADDRESS),
      trickleS: TRICKLE_S,
      idleRssMb,
      peakRssMb: peakMb,
      afterRssMb,
      targetMb: TARGET_MB,
      withinTarget,
      answers,
      peakSpooledFiles: peakSpooled,
      spoolLeft,
      durationS,
      loadAverage: loadAverage(),
      problems,
    });
    if (problems.length) process.exitCode = 1;
  } finally {
    await stop(child);
  }
}

runBench(main);
