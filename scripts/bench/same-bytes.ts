// The ceiling for a cached answer: a bare node:http server that replays, for each path, the status,
// headers and body our server sent (captured by the benchmark), with no framework and no lookup
// beyond one Map. Our cache cannot beat Node writing the same bytes; the benchmark shows how close it is.
//   SAME_BYTES_FILE=answers.json PORT=3002 node --import tsx scripts/bench/same-bytes.ts
import { readFileSync } from "node:fs";
import http, { type OutgoingHttpHeaders } from "node:http";

export interface CapturedAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  /** The body as sent (already compressed), base64. */
  body: string;
}

const answers = JSON.parse(readFileSync(process.env.SAME_BYTES_FILE!, "utf8")) as Record<string, CapturedAnswer>;
const replies = new Map(Object.entries(answers).map(([path, answer]) => [path, { ...answer, body: Buffer.from(answer.body, "base64") }]));

const server = http.createServer((request, response) => {
  const reply = replies.get(request.url ?? "");
  if (!reply) return response.writeHead(404).end();
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body);
});
server.listen(Number(process.env.PORT ?? 3002), process.env.HOST ?? "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
