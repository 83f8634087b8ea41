import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { currentRoleLabel, experienceLabel, SKILL_AREAS, SKILL_MAX, targetRoleLabel } from "~/shared/application-options";
import { statusLabel } from "~/shared/application-status";
import type { ApplicationRecord } from "~/shared/schemas/applications";
import { buttonClass } from "~/web/components/ui/button";
import { formatSubmitted, fullName, skillAverage } from "./format";

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-slate-500">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Every answer of one application, the motivation in full. */
export function ApplicationDetailDialog({ application: a }: { application: ApplicationRecord }) {
  const linkedIn = /^https?:\/\//i.test(a.linkedIn) ? a.linkedIn : `https://${a.linkedIn}`;
  return (
    <Dialog.Root>
      <Dialog.Trigger className="text-left font-medium text-brand-700 underline-offset-2 hover:underline">{fullName(a)}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-semibold text-slate-900">{fullName(a)}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                Submitted {formatSubmitted(a.submittedAt)} · {statusLabel(a.status)}
              </Dialog.Description>
            </div>
            <Dialog.Close className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <dl className="grid gap-2 text-sm">
            <Item term="Email">{a.email}</Item>
            <Item term="Mobile">{a.mobile ? `${a.countryCode} ${a.mobile}` : "Not given"}</Item>
            <Item term="LinkedIn">
              <a href={linkedIn} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
                {a.linkedIn}
              </a>
            </Item>
            <Item term="Current role">{currentRoleLabel(a.currentRole)}</Item>
            <Item term="Experience">{experienceLabel(a.experience)}</Item>
            <Item term="Target roles">{a.targetRoles.map(targetRoleLabel).join(", ")}</Item>
            <Item term="Skills">
              <ul className="grid gap-0.5">
                {SKILL_AREAS.map((s) => (
                  <li key={s.key}>
                    {s.label}: {a.skillAssessment[s.key] ?? "–"}/{SKILL_MAX}
                  </li>
                ))}
                <li className="font-medium">
                  Average: {skillAverage(a.skillAssessment)}/{SKILL_MAX}
                </li>
              </ul>
            </Item>
            <Item term="Resume">
              {a.resume ? (
                <a href={`/api/applications/${a.id}/resume`} className="text-brand-700 underline" download>
                  {a.resume.fileName}
                </a>
              ) : (
                "Not attached"
              )}
            </Item>
            <Item term="Motivation">
              <p className="whitespace-pre-line">{a.motivation}</p>
            </Item>
          </dl>
          <div className="flex justify-end">
            <Dialog.Close className={buttonClass("secondary")}>Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
