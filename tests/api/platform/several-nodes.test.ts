// Several nodes on one PostgreSQL database (issue 22 §3): two separate server processes behind a
// round-robin proxy (tests/helpers/round-robin-proxy.ts, as the compose file's proxy), each with its
// own pool, caches and mail worker. Whatever one node does, the other must see on its next request;
// and a node stopped with SIGTERM while traffic flows loses no request it had accepted.
// PostgreSQL only: the embedded database serves one process (README "Several nodes").
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "~/server/db/client";
import { runMigrations } from "~/server/db/migrate";
import { outbox } from "~/server/db/schema";
import { LEAD_CSV_COLUMNS } from "~/server/features/crm/csv-columns";
import { receiveReport } from "~/server/features/reports/intake";
import { createStaff } from "~/server/features/staff/service";
import { reportInput } from "../../fixtures/reports";
import { createPostgresDatabase, testEngine } from "../../helpers/database";
import { freePort } from "../../helpers/free-port";
import { startRoundRobinProxy, type RoundRobinProxy } from "../../helpers/round-robin-proxy";
import { startSmtpPeer, type SmtpPeer } from "../../helpers/smtp-peer";

const STAFF = { email: "two.nodes@example.com", password: "two-nodes-password-1" };
const REPORTS = 200;
const IMPORT_ROWS = 4000;

/** NODES_TEST_PORT=4650 uses 4650 (proxy), 4651 and 4652 (nodes); otherwise free ports. */
const ports = async (): Promise<[number, number, number]> => {
  const base = Number(process.env.NODES_TEST_PORT ?? 0);
  if (base) return [base, base + 1, base + 2];
  return [await freePort(), await freePort(), await freePort()];
};

interface Node {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

const cleanup: (() => Promise<unknown> | unknown)[] = [];
let database: Database;
let databaseUrl: string;
let proxy: RoundRobinProxy;
let peer: SmtpPeer;
let origin: string;
const nodes: Record<"a" | "b", Node> = {} as Record<"a" | "b", Node>;

function startNode(name: string, port: number): Promise<Node> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/api-server.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PUBLIC_BASE_URL: origin,
      TRUST_PROXY: "1",
      // Which node sent a message: its EHLO name (tests/helpers/smtp-peer.ts).
      SMTP_URL: `${peer.url}?name=${name}`,
      MAIL_POLL_MS: "200",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanup.push(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let output = "";
  return new Promise<Node>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready")) resolve({ name, url: `http://127.0.0.1:${port}`, port, child, exited });
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`node ${name} exited (${code}): ${output}`)));
  });
}

const json = { "content-type": "application/json" };
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { ...json, origin, ...headers }, body: JSON.stringify(body) });
const cookieOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

async function signIn(url: string): Promise<string> {
  const response = await post(`${url}/api/auth/login`, STAFF);
  expect(response.status, await response.clone().text()).toBe(200);
  return cookieOf(response);
}

function leadsCsv(rows: number, prefix: string): Buffer {
  const column = (name: (typeof LEAD_CSV_COLUMNS)[number]) => LEAD_CSV_COLUMNS.indexOf(name);
  const lines = [LEAD_CSV_COLUMNS.join(",")];
  for (let i = 0; i < rows; i++) {
    const cells: string[] = new Array(LEAD_CSV_COLUMNS.length).fill("");
    cells[column("Email IDs")] = `${prefix}${i}@example.com`;
    cells[column("Full Name")] = `${prefix} ${i}`;
    lines.push(cells.join(","));
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

function importLeads(url: string, cookie: string, file: Buffer) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)], { type: "text/csv" }), "leads.csv");
  return fetch(`${url}/api/crm/sync-csv`, { method: "POST", body: form, headers: { cookie, origin } });
}

const runsHere = testEngine === "postgres";

beforeAll(async () => {
  if (!runsHere) return;
  const empty = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, "ff_nodes");
  databaseUrl = empty.url;
  cleanup.push(empty.drop);
  // This test's own handle: to arrange what a run needs and to read what the nodes did.
  database = await openPostgres(databaseUrl);
  cleanup.push(() => database.close());
  await runMigrations(database);
  await createStaff(database.db, { email: STAFF.email, name: "Two Nodes", password: STAFF.password, roles: ["admin"] });
  for (let i = 0; i < REPORTS; i++) {
    await receiveReport(database.db, reportInput({ email: `told${i}@example.com`, fullName: `Told ${i}` }), "http://localhost", { notify: false });
  }

  peer = await startSmtpPeer();
  cleanup.push(() => peer.close());
  const [proxyPort, portA, portB] = await ports();
  proxy = await startRoundRobinProxy(
    [
      { name: "node-a", port: portA },
      { name: "node-b", port: portB },
    ],
    proxyPort,
  );
  cleanup.push(() => proxy.close());
  origin = proxy.url;
  [nodes.a, nodes.b] = await Promise.all([startNode("node-a", portA), startNode("node-b", portB)]);
}, 90_000);

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe.skipIf(!runsHere)(
  runsHere ? "two nodes on one PostgreSQL database behind a proxy" : "two nodes behind a proxy: skipped, PostgreSQL only (set TEST_DATABASE_URL)",
  () => {
    it("a session made on node A works on node B, and signing out on B ends it on A", async () => {
      const cookie = await signIn(nodes.a.url);
      expect((await fetch(`${nodes.b.url}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
      const out = await post(`${nodes.b.url}/api/auth/logout`, {}, { cookie });
      expect(out.status).toBe(200);
      expect((await fetch(`${nodes.a.url}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
    });

    it("a content edit on node A is on node B's next public request (B had it in its page cache)", async () => {
      await fetch(`${nodes.b.url}/api/mentors`);
      const cached = await fetch(`${nodes.b.url}/api/mentors`);
      expect(cached.headers.get("x-cache")).toBe("hit");
      const cookie = await signIn(nodes.a.url);
      const mentors = [{ id: 1, name: "Meera Two Nodes", role: "Founder, Example Labs", bio: "Saved on node A.", image: "", linkedin: "https://www.linkedin.com/in/meera" }];
      const saved = await post(`${nodes.a.url}/api/mentors`, mentors, { cookie });
      expect(saved.status, await saved.text()).toBe(200);
      const after = await fetch(`${nodes.b.url}/api/mentors`);
      expect(after.status).toBe(200);
      expect(await after.text()).toContain("Meera Two Nodes");
    });

    it("login throttling counts attempts on both nodes together", async () => {
      // Sequential requests through the round-robin proxy alternate between the nodes.
      const answers: { status: number; node: string | null }[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await post(`${proxy.url}/api/auth/login`, { email: "guessed@example.com", password: `wrong-${i}` });
        answers.push({ status: response.status, node: response.headers.get("x-served-by") });
      }
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // Neither node alone saw five failures: three went to one, two to the other.
      expect(new Set(answers.slice(0, 5).map((a) => a.node))).toEqual(new Set(["node-a", "node-b"]));
      expect(new Set(answers.slice(5).map((a) => a.node))).toEqual(new Set(["node-a", "node-b"]));
    });

    it("a bulk e-mail run with both nodes' mail workers delivers each message exactly once", { timeout: 60_000 }, async () => {
      peer.delayMs = 20;
      const cookie = await signIn(proxy.url);
      const run = await post(`${proxy.url}/api/simulation/send-bulk-notifications`, undefined, { cookie });
      expect(run.status, await run.clone().text()).toBe(200);
      expect(await run.json()).toEqual({ successCount: REPORTS, errorCount: 0 });
      const pending = async () =>
        (await database.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(sql`${outbox.status} <> 'sent'`))[0]!.n;
      const deadline = Date.now() + 45_000;
      while ((await pending()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await pending()).toBe(0);
      // Time for a second delivery to show up, if any worker were to send one.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const reportMail = peer.received.filter((mail) => mail.to.some((to) => /^told\d+@/.test(to)));
      const perAddress = new Map<string, number>();
      for (const mail of reportMail) for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
      expect(perAddress.size).toBe(REPORTS);
      expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
      expect(reportMail).toHaveLength(REPORTS);
      // Both workers took part.
      expect(new Set(reportMail.map((mail) => mail.helo))).toEqual(new Set(["node-a", "node-b"]));
      const sent = await database.db.select({ attempts: outbox.attempts }).from(outbox).where(eq(outbox.status, "sent"));
      expect(sent.every((row) => row.attempts === 1)).toBe(true);
      peer.delayMs = 0;
    });

    it("node B serves lead lists while node A imports a CRM file", { timeout: 60_000 }, async () => {
      const cookie = await signIn(nodes.a.url);
      const totalOnB = async () => ((await (await fetch(`${nodes.b.url}/api/crm/leads`, { headers: { cookie } })).json()) as { total: number }).total;
      // The reports of the bulk run above made their leads already.
      const before = await totalOnB();
      const importing = importLeads(nodes.a.url, cookie, leadsCsv(IMPORT_ROWS, "imported"));
      let done = false;
      void importing.finally(() => (done = true));
      const lists: { status: number; ms: number }[] = [];
      while (!done) {
        const started = performance.now();
        const response = await fetch(`${nodes.b.url}/api/crm/leads`, { headers: { cookie } });
        await response.arrayBuffer();
        lists.push({ status: response.status, ms: performance.now() - started });
      }
      const imported = await importing;
      expect(imported.status, await imported.clone().text()).toBe(200);
      expect((await imported.json()) as unknown).toMatchObject({ created: IMPORT_ROWS, rejected: [] });
      expect(lists.length).toBeGreaterThan(1);
      expect(lists.every((list) => list.status === 200)).toBe(true);
      expect(await totalOnB()).toBe(before + IMPORT_ROWS);
      console.info(`node B answered ${lists.length} lead lists during the import on node A; slowest ${Math.round(Math.max(...lists.map((l) => l.ms)))} ms`);
    });

    it("stopping node A with SIGTERM while the proxy sends traffic loses no request it had accepted; A starts again", { timeout: 60_000 }, async () => {
      const cookie = await signIn(proxy.url);
      const failures: string[] = [];
      let answered = 0;
      let stopTraffic = false;
      const paths = ["/api/mentors", "/api/auth/session", "/api/crm/leads"];
      const traffic = Array.from({ length: 4 }, async (_, lane) => {
        for (let i = lane; !stopTraffic; i++) {
          const path = paths[i % paths.length]!;
          try {
            const response = await fetch(`${proxy.url}${path}`, { headers: { cookie } });
            await response.arrayBuffer();
            if (response.status === 200) answered++;
            else failures.push(`${path}: ${response.status} from ${response.headers.get("x-served-by")}`);
          } catch (error) {
            failures.push(`${path}: ${String(error)}`);
          }
        }
      });
      const servedByA = () => proxy.served["node-a"]!;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(servedByA()).toBeGreaterThan(0);

      // In progress on A when the signal comes: an import (a long request), and a sign-in whose body
      // is still arriving, with a second request behind it on the same connection (sent after the signal).
      let importDoneAt = Infinity;
      const importing = importLeads(nodes.a.url, cookie, leadsCsv(IMPORT_ROWS, "during-stop")).finally(() => (importDoneAt = performance.now()));
      const socket = net.connect(nodes.a.port, "127.0.0.1");
      let raw = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (raw += chunk));
      const socketClosed = new Promise((resolve) => socket.once("close", resolve));
      const body = JSON.stringify(STAFF);
      socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));

      const stopped = performance.now();
      nodes.a.child.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.write(`${body.slice(10)}GET /api/auth/session HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);

      const imported = await importing;
      expect(imported.status, await imported.clone().text()).toBe(200);
      expect(await imported.json()).toMatchObject({ created: IMPORT_ROWS, rejected: [] });
      expect(importDoneAt, "the import was still in progress when the signal came").toBeGreaterThan(stopped);
      await socketClosed;
      const statuses = [...raw.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
      expect(statuses, raw).toEqual([200, 200]);
      expect(await nodes.a.exited).toBe(0);
      const stopMs = performance.now() - stopped;

      // A again on the same port: the proxy sends it traffic as soon as it listens.
      const servedBefore = servedByA();
      nodes.a = await startNode("node-a", nodes.a.port);
      const deadline = Date.now() + 10_000;
      while (servedByA() === servedBefore && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      stopTraffic = true;
      await Promise.all(traffic);
      expect(failures).toEqual([]);
      expect(servedByA()).toBeGreaterThan(servedBefore);
      console.info(`${answered} requests answered through the proxy, none lost; node A took ${Math.round(stopMs)} ms to stop; ${proxy.retried} sent on to node B`);
    });
  },
);
