import type { AnalyticsEvent } from "~/shared/schemas/analytics";
import type { Db } from "../../db/client";
import { analyticsEvent } from "../../db/schema";
import { visitColumns } from "./visit-source";

export async function recordEvents(db: Db, events: AnalyticsEvent[]): Promise<void> {
  await db.insert(analyticsEvent).values(
    events.map((e) => ({ name: e.name, path: e.path ?? null, params: e.params ?? {}, landing: e.name === "page_view" && !!e.landing, ...visitColumns(e.visit) })),
  );
}
