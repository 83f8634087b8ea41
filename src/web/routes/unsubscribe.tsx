import { useSearchParams } from "react-router";
import { Button } from "~/web/components/ui/button";
import { api } from "~/web/lib/api";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import { useSubmit } from "~/web/lib/use-submit";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Unsubscribe",
    description: "Stop receiving the newsletter.",
    path: "/unsubscribe",
    baseUrl: baseUrlFrom(matches),
    noindex: true,
  });

/** Asks for a click rather than unsubscribing on load, so mail scanners that follow links change nothing. */
export default function Unsubscribe() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const unsubscribe = useSubmit(() => api("/api/newsletter/unsubscribe", { body: { token } }));

  return (
    <div className="mx-auto grid max-w-lg gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-900">Unsubscribe</h1>
      {unsubscribe.isSuccess ? (
        <p role="status">You have been unsubscribed. You will not receive the newsletter any more.</p>
      ) : (
        <>
          <p className="text-slate-700">Stop receiving the newsletter at this address?</p>
          <div>
            <Button onClick={() => unsubscribe.submit()} disabled={!token || unsubscribe.isPending}>
              {unsubscribe.isPending ? "Unsubscribing..." : "Unsubscribe"}
            </Button>
          </div>
          {(unsubscribe.isError || !token) && (
            <p role="alert" className="text-red-700">
              This unsubscribe link is not valid.
            </p>
          )}
        </>
      )}
    </div>
  );
}
