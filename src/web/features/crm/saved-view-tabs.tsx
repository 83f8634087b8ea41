import { Bookmark, Link2, Trash2, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "~/web/components/ui/button";
import { ConfirmDialog } from "~/web/components/ui/confirm-dialog";
import { toast } from "~/web/lib/toast";
import { SaveViewDialog } from "./save-view-dialog";
import { useChangeView, useDeleteView, useSavedViews, viewHref, viewQuery } from "./use-saved-views";

const tabClass = (current: boolean) =>
  `inline-flex max-w-full items-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium wrap-anywhere ${current ? "bg-brand-600 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"}`;

/**
 * Saved views as tabs above the list (issue 23 §6). A view is a URL: `/crm?savedView=<id>` applies the
 * view as saved (the list's own parameters follow from it); changing a filter leaves the view.
 */
export function SavedViewTabs() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const views = useSavedViews();
  const change = useChangeView();
  const remove = useDeleteView();
  const [saving, setSaving] = useState(false);
  const openId = params.get("savedView");
  const open = views.data?.find((v) => v.id === openId);

  // Opened from its URL (or a stale link): the list takes the view's saved state.
  useEffect(() => {
    if (open && viewQuery(params) !== open.query) void navigate(viewHref(open), { replace: true, preventScrollReset: true });
  }, [open, params, navigate]);

  const copyLink = (id: string) => {
    const url = `${window.location.origin}/crm?savedView=${id}`;
    void navigator.clipboard?.writeText(url).then(
      () => toast({ title: "Link copied", description: url }),
      () => toast({ title: "Link", description: url }),
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {!!views.data?.length && (
        <nav aria-label="Saved views" className="flex max-w-full flex-wrap gap-2">
          {views.data.map((view) => (
            <Link key={view.id} to={viewHref(view)} className={tabClass(view.id === openId)} aria-current={view.id === openId ? "page" : undefined} preventScrollReset>
              {view.shared && <Users className="size-3.5 shrink-0" aria-label="Shared" />}
              {view.name}
            </Link>
          ))}
        </nav>
      )}
      <Button variant="secondary" size="sm" onClick={() => setSaving(true)}>
        <Bookmark className="size-4" aria-hidden />
        Save view
      </Button>
      {open && (
        <>
          <Button variant="ghost" size="sm" onClick={() => copyLink(open.id)}>
            <Link2 className="size-4" aria-hidden />
            Copy link
          </Button>
          {open.canEdit && (
            <>
              <Button variant="ghost" size="sm" aria-pressed={open.shared} disabled={change.isPending} onClick={() => change.mutate({ id: open.id, changes: { shared: !open.shared } })}>
                <Users className="size-4" aria-hidden />
                {open.shared ? "Shared with the team" : "Share with the team"}
              </Button>
              {/* Confirmed first: a shared view goes for the whole team. */}
              <ConfirmDialog
                title="Delete View"
                description={`Are you sure you want to delete the view “${open.name}”?${open.shared ? " It is shared: it goes for the whole team." : ""} The leads stay as they are.`}
                confirmLabel="Delete view"
                disabled={remove.isPending}
                onConfirm={() => remove.mutate(open.id, { onSuccess: () => void navigate(`/crm?${viewQuery(params)}`, { replace: true }) })}
                trigger={
                  <Button variant="ghost" size="sm" disabled={remove.isPending}>
                    <Trash2 className="size-4" aria-hidden />
                    Delete view
                  </Button>
                }
              />
            </>
          )}
        </>
      )}
      <SaveViewDialog
        open={saving}
        query={viewQuery(params)}
        onClose={() => setSaving(false)}
        onSaved={(id) => {
          setSaving(false);
          void navigate(`/crm?${viewQuery(params) ? `${viewQuery(params)}&` : ""}savedView=${id}`, { replace: true, preventScrollReset: true });
        }}
      />
    </div>
  );
}
