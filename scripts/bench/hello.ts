// Bare Fastify hello-world: the baseline that scripts/bench/api.ts compares the real server with.
//   PORT=3001 node --import tsx scripts/bench/hello.ts
// Same Fastify as the server, no plugins, no logging, no database.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));

await app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? "127.0.0.1" });

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
