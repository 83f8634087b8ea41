import { useEffect, useRef, useState } from "react";
import { linkedInAddUrl } from "~/shared/credential";
import type { CredentialShare as Share } from "~/shared/schemas/report-credential";
import { Button, buttonClass } from "~/web/components/ui/button";
import { ConfirmDialog } from "~/web/components/ui/confirm-dialog";
import { CircleCheck, ExternalLink } from "~/web/components/ui/icons";
import { api, ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";

interface Props {
  slug: string;
  initial: Share;
  report: { simulationType: string; date: string };
}

const failed = (error: unknown) =>
  toast({ title: "Something went wrong", description: error instanceof ApiError ? error.message : "Please try again.", variant: "destructive" });

/**
 * The owner's switch for a verified credential (issue 20 §3): off, one button; on, the public link
 * with Copy, Open, Add to LinkedIn profile and Stop sharing. Stopping asks first: the link dies for good.
 */
export function CredentialShare({ slug, initial, report }: Props) {
  const [share, setShare] = useState(initial);
  const [busy, setBusy] = useState(false);
  // Turning sharing on or off swaps the controls: the focus goes to the first of the new ones (Copy
  // link, or Share again), not to the top of the page with the button that was pressed.
  const next = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (toggled.current) next.current?.focus();
  }, [share.shared]);
  const path = `/api/simulation/reports/${encodeURIComponent(slug)}/share`;

  const turnOn = async () => {
    setBusy(true);
    try {
      toggled.current = true;
      setShare(await api<Share>(path, { method: "PUT" }));
      toast({ title: "Credential shared", description: "Anyone with the link can now verify this result." });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    try {
      await api(path, { method: "DELETE" });
      toggled.current = true;
      setShare({ shared: false, shareId: null, url: null, sharedAt: null });
      toast({ title: "Sharing turned off", description: "The verification link no longer works." });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link Copied", description: "Verification link copied to clipboard!" });
    } catch {
      toast({ title: "Copy failed", description: url, variant: "destructive" });
    }
  };

  return (
    <section className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="credential-share-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="credential-share-title" className="text-lg font-semibold text-slate-900">
          Verified credential
        </h2>
        <p
          className={`flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ring-1 ${share.shared ? "bg-green-50 text-green-800 ring-green-200" : "bg-slate-100 text-slate-700 ring-slate-200"}`}
          role="status"
        >
          {share.shared && <CircleCheck className="size-4" aria-hidden="true" />}
          {share.shared ? "Sharing on" : "Not shared"}
        </p>
      </div>
      {!share.shared || !share.url || !share.shareId ? (
        <>
          <p className="text-slate-700">
            Share a public page that anyone can open to check this result: your name, the simulation, the date and your scores. Your
            answers, feedback and e-mail address stay private, and you can stop sharing at any time.
          </p>
          <Button ref={next} className="justify-self-start" onClick={() => void turnOn()} disabled={busy}>
            {busy ? "Sharing..." : "Share a verified credential"}
          </Button>
        </>
      ) : (
        <>
          <label className="grid gap-1.5 text-sm font-medium text-slate-800">
            Verification link
            <input
              readOnly
              value={share.url}
              className="w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button ref={next} variant="secondary" onClick={() => void copy(share.url!)}>
              Copy link
            </Button>
            <a href={share.url} target="_blank" rel="noopener" className={buttonClass("secondary")}>
              Open page <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <a
              href={linkedInAddUrl({ credentialId: share.shareId, url: share.url, simulationType: report.simulationType, completedAt: report.date })}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass("secondary")}
            >
              Add to LinkedIn profile <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <ConfirmDialog
              title="Stop sharing this credential?"
              description="The verification page and its image stop working at once. Sharing again later gives a new link."
              confirmLabel="Stop sharing"
              onConfirm={() => void turnOff()}
              disabled={busy}
              trigger={
                <Button variant="ghost" disabled={busy}>
                  Stop sharing
                </Button>
              }
            />
          </div>
        </>
      )}
    </section>
  );
}
