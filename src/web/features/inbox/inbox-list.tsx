import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { needsRoleMessage } from "~/shared/refusal";
import { AREA_ROLES } from "~/shared/roles";
import type { Page } from "~/shared/schemas/common";
import type { InboxMessage } from "~/shared/schemas/inbox";
import { inputClass } from "~/web/components/ui/field";
import { ListState } from "~/web/components/ui/list-state";
import { Pager } from "~/web/components/ui/pager";
import { api } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";
import { InboxItem } from "./inbox-item";

const PAGE_SIZE = 25;
type Status = "open" | "handled" | "all";
type Kind = "" | "contact" | "mentor";

/** Contact and mentor messages with filters; staff mark each one handled (or open again). */
export function InboxList() {
  const [status, setStatus] = useState<Status>("open");
  const [kind, setKind] = useState<Kind>("");
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const params = new URLSearchParams({ status, page: String(page), pageSize: String(PAGE_SIZE), ...(kind ? { kind } : {}) });
  const list = useQuery({
    queryKey: ["inbox", status, kind, page],
    queryFn: () => api<Page<InboxMessage>>(`/api/inbox?${params}`),
    placeholderData: keepPreviousData,
  });
  const mark = useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => api(`/api/inbox/${id}`, { method: "PATCH", body: { handled } }),
    onSuccess: (_data, { handled }) => {
      toast({ title: handled ? "Marked as handled" : "Marked as open" });
      void queryClient.invalidateQueries({ queryKey: ["inbox"] });
    },
    onError: (error) => toast({ title: "Could not update the message", description: error.message, variant: "destructive" }),
  });

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-4">
        <label className="grid gap-1.5 text-sm font-medium">
          Status
          <select className={inputClass} value={status} onChange={(e) => (setStatus(e.target.value as Status), setPage(1))}>
            <option value="open">Open</option>
            <option value="handled">Handled</option>
            <option value="all">All</option>
          </select>
        </label>
        <label className="grid gap-1.5 text-sm font-medium">
          Type
          <select className={inputClass} value={kind} onChange={(e) => (setKind(e.target.value as Kind), setPage(1))}>
            <option value="">All messages</option>
            <option value="contact">Contact Us</option>
            <option value="mentor">Mentor applications</option>
          </select>
        </label>
      </div>
      <ListState
        isPending={list.isPending}
        error={list.error}
        loading="Loading messages..."
        failed="Failed to fetch messages."
        refusal={needsRoleMessage("The inbox", AREA_ROLES.inbox)}
        empty={list.data?.items.length === 0 ? (status === "open" ? "No open messages. Everything has been handled." : "No messages yet.") : null}
      >
        <ul className="grid gap-3">
          {list.data?.items.map((message) => (
            <InboxItem key={message.id} message={message} busy={mark.isPending} onHandled={(handled) => mark.mutate({ id: message.id, handled })} />
          ))}
        </ul>
      </ListState>
      {list.data && list.data.total > 0 && <Pager total={list.data.total} page={page} pageSize={PAGE_SIZE} noun="message" onPage={setPage} />}
    </div>
  );
}
