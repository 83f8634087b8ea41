import { createHash } from "node:crypto";
import type { Worker } from "node:worker_threads";
import { startModuleWorker } from "../../platform/module-worker";
import type { CardReply, CardRequest } from "./credential-card-protocol";
import type { CardContent } from "./credential-card-svg";

/** Bumped when the card's drawing changes, so every ETag changes with it. */
const CARD_DESIGN = 1;
/** Rendered cards kept in memory (~70 KB each): a shared link is fetched by every preview at once. */
const KEPT = 64;
/** The worker (resvg's wasm and the fonts, ~60 MB) ends after this long without a card to draw. */
const IDLE_MS = 60_000;

/** A strong ETag of exactly what the card shows: the same content is the same image, whatever changed elsewhere. */
export const cardEtag = (content: CardContent) =>
  `"card-${createHash("sha256").update(JSON.stringify([CARD_DESIGN, content])).digest("base64url").slice(0, 27)}"`;

const kept = new Map<string, Buffer>();
const drawing = new Map<string, Promise<Buffer>>();

let worker: Worker | null = null;
let idle: NodeJS.Timeout | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (png: Buffer) => void; reject: (error: Error) => void }>();

function cardWorker(): Worker {
  if (idle) clearTimeout(idle);
  idle = null;
  if (worker) return worker;
  const started = startModuleWorker("credential-card-worker", import.meta.url, { resourceLimits: { maxYoungGenerationSizeMb: 12 } });
  started.on("message", (reply: CardReply) => {
    const waiter = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ("png" in reply) waiter?.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
    else waiter?.reject(new Error(`Share image failed: ${reply.error}`));
    if (waiting.size === 0) {
      // Idle, the worker alone does not keep the process running; it ends after IDLE_MS.
      started.unref();
      idle = setTimeout(stopCardWorker, IDLE_MS).unref();
    }
  });
  // A worker that dies (out of memory) fails what it held; the next card starts a new one.
  started.on("error", (error) => failAll(error));
  started.on("exit", () => {
    if (worker !== started) return;
    worker = null;
    failAll(new Error("The share image worker stopped"));
  });
  worker = started;
  return started;
}

function failAll(error: Error) {
  for (const waiter of waiting.values()) waiter.reject(error);
  waiting.clear();
}

/** Ends the worker (idle, or the server closing); a later card starts it again. */
export async function stopCardWorker(): Promise<void> {
  const running = worker;
  worker = null;
  if (running) await running.terminate();
  failAll(new Error("The share image worker was stopped"));
}

function draw(content: CardContent): Promise<Buffer> {
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    const running = cardWorker();
    running.ref();
    running.postMessage({ id, content } satisfies CardRequest);
  });
}

/**
 * The card as PNG: from memory when drawn before, else drawn once in the worker thread however many
 * previews ask at the same moment. Keyed by its ETag, so a changed report is a new image.
 */
export async function credentialCardPng(content: CardContent, etag = cardEtag(content)): Promise<Buffer> {
  const hit = kept.get(etag);
  if (hit) {
    kept.delete(etag);
    kept.set(etag, hit);
    return hit;
  }
  let pending = drawing.get(etag);
  if (!pending) {
    pending = draw(content).then((png) => {
      kept.set(etag, png);
      while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      return png;
    });
    drawing.set(etag, pending);
    void pending.catch(() => undefined).finally(() => drawing.delete(etag));
  }
  return pending;
}
