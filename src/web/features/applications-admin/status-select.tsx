import { APPLICATION_STATUSES, normaliseStatus, type ApplicationStatus } from "~/shared/application-status";
import { inputClass } from "~/web/components/ui/field";

/** Any status to any other (internal-side §4); an unknown one shows as Pending Review. */
export function StatusSelect({ value, label, disabled, onChange }: { value: string; label: string; disabled?: boolean; onChange: (status: ApplicationStatus) => void }) {
  return (
    <div className="w-52">
      <select aria-label={label} className={inputClass} value={normaliseStatus(value)} disabled={disabled} onChange={(event) => onChange(event.target.value as ApplicationStatus)}>
        {APPLICATION_STATUSES.map((status) => (
          <option key={status.value} value={status.value}>
            {status.label}
          </option>
        ))}
      </select>
    </div>
  );
}
