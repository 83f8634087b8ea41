// The share image's own thread: drawing and rasterising a card takes 0.2–0.7 s of CPU (3 s cold),
// which on the server's thread would stall every other request meanwhile (credential-card.ts).
import { parentPort } from "node:worker_threads";
import { renderCredentialCard } from "./credential-card-render";
import type { CardRequest, CardReply } from "./credential-card-protocol";

parentPort!.on("message", (request: CardRequest) => {
  renderCredentialCard(request.content).then(
    (png) => parentPort!.postMessage({ id: request.id, png } satisfies CardReply, [png.buffer as ArrayBuffer]),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies CardReply),
  );
});
