import { ArrowLeft } from "lucide-react";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { formatDate, formatDateTime } from "~/shared/format-date";
import { groupIndian } from "~/shared/format-number";
import { MY_TASK_BUCKET_LABELS, MY_TASK_BUCKETS, type MyTaskBucket, type MyTaskItem } from "~/shared/schemas/crm-work";
import { buttonClass } from "~/web/components/ui/button";
import { DigestToggle } from "./digest-toggle";
import { LoadMoreButton } from "./load-more-button";
import { useMyTasks, useUpdateTask } from "./use-lead-work";

const tabClass = (active: boolean) =>
  `rounded-md px-4 py-2 text-sm font-medium ${active ? "bg-white text-brand-900 shadow-sm" : "text-slate-700 hover:bg-white/60"}`;

const EMPTY: Record<MyTaskBucket, string> = {
  overdue: "Nothing overdue.",
  today: "Nothing else due today.",
  upcoming: "Nothing coming up.",
};

function Item({ item }: { item: MyTaskItem }) {
  const update = useUpdateTask();
  const due = item.kind === "followUp" ? `Follow-up on ${formatDate(item.dueAt)}` : `Due ${formatDateTime(item.dueAt)}`;
  return (
    <li className="flex min-w-0 items-start gap-3 rounded-lg border border-slate-200 bg-white p-3">
      {item.kind === "task" && (
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0 accent-brand-600"
          aria-label={`Done: ${item.title}`}
          disabled={update.isPending}
          onChange={() => update.mutate({ id: item.id, changes: { done: true } })}
        />
      )}
      <div className="grid min-w-0 flex-1 gap-0.5 wrap-anywhere">
        <Link to={`/crm?lead=${item.leadId}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
          {item.kind === "followUp" ? `Follow up with ${item.leadName}` : item.title}
        </Link>
        <span className="text-sm text-slate-700">{item.kind === "task" ? `${item.leadName} · ${due}` : due}</span>
      </div>
    </li>
  );
}

/**
 * My tasks (issue 23 §2): the signed-in staff member's open tasks and their leads' follow-ups, in
 * three tabs (Overdue, Today, Upcoming) with counts, soonest first, a page at a time; each links to
 * its lead. The tab is in the URL. The daily digest setting sits here too: it is about this list.
 */
export function MyTasks() {
  const [params, setParams] = useSearchParams();
  const bucket = (MY_TASK_BUCKETS as readonly string[]).includes(params.get("bucket") ?? "") ? (params.get("bucket") as MyTaskBucket) : "overdue";
  const list = useMyTasks(bucket);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const counts = list.data?.pages[0]?.counts;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/crm" className={buttonClass("secondary")}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to leads
        </Link>
        <DigestToggle />
      </div>
      <nav aria-label="My tasks by due date" className="flex flex-wrap gap-1 self-start rounded-lg bg-slate-200/60 p-1">
        {MY_TASK_BUCKETS.map((b) => (
          <button key={b} type="button" className={tabClass(b === bucket)} aria-current={b === bucket ? "page" : undefined} onClick={() => setParams(b === "overdue" ? {} : { bucket: b })}>
            {MY_TASK_BUCKET_LABELS[b]} ({counts ? groupIndian(counts[b]) : "…"})
          </button>
        ))}
      </nav>
      <section aria-label={`${MY_TASK_BUCKET_LABELS[bucket]} tasks and follow-ups`} aria-busy={list.isPending} className="grid gap-3">
        {list.isError ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
            Failed to load your tasks
          </p>
        ) : list.isPending ? (
          <p className="p-6 text-center text-slate-600">Loading tasks...</p>
        ) : items.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700">{EMPTY[bucket]}</p>
        ) : (
          <>
            <ul className="grid gap-2">
              {items.map((item) => (
                <Item key={`${item.kind}-${item.id}`} item={item} />
              ))}
            </ul>
            {list.hasNextPage && <LoadMoreButton loading={list.isFetchingNextPage} loaded={items.length} onLoadMore={() => void list.fetchNextPage()} />}
          </>
        )}
      </section>
    </div>
  );
}
