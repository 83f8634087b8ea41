import { FileText } from "lucide-react";
import { currentRoleLabel, experienceLabel, SKILL_AREAS, SKILL_MAX, targetRoleLabel } from "~/shared/application-options";
import type { ApplicationRecord } from "~/shared/schemas/applications";
import { ApplicationDetailDialog } from "./application-detail-dialog";
import { DeleteApplicationDialog } from "./delete-application-dialog";
import { formatSubmitted, fullName, SKILL_SHORT, skillAverage } from "./format";
import { StatusSelect } from "./status-select";
import { useDeleteApplication, useUpdateStatus } from "./use-applications";
import { StaffTable } from "~/web/components/ui/staff-table";

function TargetRoles({ roles }: { roles: string[] }) {
  const rest = roles.length - 2;
  return (
    <div className="flex flex-wrap gap-1">
      {roles.slice(0, 2).map((role) => (
        <span key={role} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">
          {targetRoleLabel(role)}
        </span>
      ))}
      {rest > 0 && (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700" title={roles.slice(2).map(targetRoleLabel).join(", ")}>
          +{rest}
        </span>
      )}
    </div>
  );
}

function Skills({ skills }: { skills: Record<string, number> }) {
  return (
    <div className="grid gap-1 text-xs text-slate-700">
      <span className="font-semibold text-slate-900">
        Avg {skillAverage(skills)}/{SKILL_MAX}
      </span>
      <span>{SKILL_AREAS.map((s) => `${SKILL_SHORT[s.key]} ${skills[s.key] ?? "–"}`).join(" · ")}</span>
    </div>
  );
}

export function ApplicationsTable({ items }: { items: ApplicationRecord[] }) {
  const updateStatus = useUpdateStatus();
  const remove = useDeleteApplication();
  return (
    <StaffTable
      caption="Applications, newest first"
      headers={["Applicant", "Background", "Target Roles", "Skills", "Submitted", "Status", "Actions"]}
      minWidth="min-w-[60rem]"
    >
      {items.map((a) => (
        <tr key={a.id} className="border-t border-slate-200 align-top">
          <td className="grid gap-0.5 p-3">
            <ApplicationDetailDialog application={a} />
            <span className="text-slate-600">{a.email}</span>
            {a.mobile && <span className="text-slate-600">{`${a.countryCode} ${a.mobile}`}</span>}
          </td>
          <td data-label="Background" className="p-3 text-slate-700">
            {currentRoleLabel(a.currentRole)}
            <br />
            <span className="text-slate-500">{experienceLabel(a.experience)}</span>
          </td>
          <td data-label="Target Roles" className="p-3">
            <TargetRoles roles={a.targetRoles} />
          </td>
          <td data-label="Skills" className="p-3">
            <Skills skills={a.skillAssessment} />
          </td>
          <td data-label="Submitted" className="p-3 whitespace-nowrap text-slate-600">{formatSubmitted(a.submittedAt)}</td>
          <td data-label="Status" className="p-3">
            <StatusSelect
              value={a.status}
              label={`Status for ${fullName(a)}`}
              disabled={updateStatus.isPending && updateStatus.variables?.id === a.id}
              onChange={(status) => updateStatus.mutate({ id: a.id, status })}
            />
          </td>
          <td className="p-3">
            <div className="flex items-center gap-1">
              {a.resume && (
                <a
                  href={`/api/applications/${a.id}/resume`}
                  download
                  className="inline-flex items-center gap-1 rounded-md px-2 py-2 text-brand-700 hover:bg-brand-50"
                  aria-label={`Resume of ${fullName(a)}`}
                >
                  <FileText className="size-4" aria-hidden />
                  Resume
                </a>
              )}
              <DeleteApplicationDialog name={fullName(a)} disabled={remove.isPending} onConfirm={() => remove.mutate(a.id)} />
            </div>
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}
