import { describe, expect, it } from "vitest";
import { createQueryClient, replaceQueryData } from "~/web/lib/query-client";

// A page's first look at the latest import (or the session) may still be under way when the server
// answers a new one: the look, asked before, must not put the older answer back over the new one.
describe("replaceQueryData", () => {
  const key = ["crm", "sync-csv"] as const;

  async function lookStillUnderWay() {
    const client = createQueryClient();
    let answer: (value: { job: string | null }) => void = () => {};
    const look = client.fetchQuery({ queryKey: key, queryFn: () => new Promise<{ job: string | null }>((resolve) => (answer = resolve)) }).catch((error: unknown) => error);
    await Promise.resolve();
    return { client, answerLook: (job: string | null) => answer({ job }), look };
  }

  it("keeps what the server just answered when an earlier look lands after it", async () => {
    const { client, answerLook, look } = await lookStillUnderWay();
    await replaceQueryData(client, key, { job: "started" });
    answerLook("an earlier import");
    await look;
    expect(client.getQueryData(key)).toEqual({ job: "started" });
  });

  it("is needed: setting the data alone is overwritten by the earlier look", async () => {
    const { client, answerLook, look } = await lookStillUnderWay();
    client.setQueryData(key, { job: "started" });
    answerLook("an earlier import");
    await look;
    expect(client.getQueryData(key)).toEqual({ job: "an earlier import" });
  });
});
