import type { InboxMessage } from "~/shared/schemas/inbox";
import { Button } from "~/web/components/ui/button";
import { formatDateTime } from "~/shared/format-date";

/** One message: who, what, when, the mentor details, and the handled toggle. */
export function InboxItem({ message, busy, onHandled }: { message: InboxMessage; busy: boolean; onHandled: (handled: boolean) => void }) {
  const handled = message.handledAt !== null;
  return (
    // Handled: a quieter card, not a faded one (at 80 % opacity its small grey text fell under AA contrast).
    <li className={`grid gap-2 rounded-xl border p-5 ${handled ? "border-slate-200 bg-slate-50" : "border-brand-100 bg-white shadow-sm"}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-brand-600 uppercase">{message.kind === "contact" ? "Contact Us" : "Mentor application"}</p>
          <h2 className="text-lg font-semibold text-slate-900">{message.subject}</h2>
          <p className="text-sm text-slate-600">
            {message.name} ·{" "}
            <a className="text-brand-700 underline" href={`mailto:${message.email}`}>
              {message.email}
            </a>{" "}
            · {formatDateTime(message.receivedAt)}
          </p>
        </div>
        <Button variant={handled ? "secondary" : "primary"} disabled={busy} onClick={() => onHandled(!handled)}>
          {handled ? "Mark as open" : "Mark as handled"}
        </Button>
      </div>
      {message.kind === "mentor" && (
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <div>
            <dt className="inline font-medium">Experience: </dt>
            <dd className="inline">{message.experience}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Expertise: </dt>
            <dd className="inline">{message.expertise}</dd>
          </div>
          {message.linkedin && (
            <div>
              <dt className="inline font-medium">LinkedIn: </dt>
              <dd className="inline">
                <a className="text-brand-700 underline" href={message.linkedin} target="_blank" rel="noopener noreferrer">
                  profile
                </a>
              </dd>
            </div>
          )}
        </dl>
      )}
      <p className="text-sm whitespace-pre-wrap text-slate-800">{message.message}</p>
      {handled && (
        <p className="text-xs text-slate-500">
          Handled {message.handledBy ? `by ${message.handledBy} ` : ""}on {formatDateTime(message.handledAt!)}
        </p>
      )}
    </li>
  );
}
