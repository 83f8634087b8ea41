import { Button } from "./button";

/** "N items · page x of y" with Previous and Next, for staff lists paginated by the server. */
export function Pager({ total, page, pageSize, noun, onPage }: { total: number; page: number; pageSize: number; noun: string; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
      <span>
        {total} {noun}
        {total === 1 ? "" : "s"} · page {page} of {pages}
      </span>
      <span className="flex gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </div>
  );
}
