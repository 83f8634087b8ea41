import { useChosen } from "~/web/lib/use-chosen";
import { useDigestSetting, useSetDigest } from "./use-lead-work";

/** The signed-in staff member's own switch for the daily digest e-mail (issue 23 §2). */
export function DigestToggle() {
  const setting = useDigestSetting();
  const save = useSetDigest();
  const [on, choose] = useChosen(!!setting.data?.dailyDigest);
  return (
    <label className="flex max-w-md items-start gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-brand-600"
        checked={on}
        disabled={!setting.data || save.isPending}
        onChange={(e) => save.mutate({ dailyDigest: e.target.checked }, { onSettled: choose(e.target.checked) })}
      />
      <span>E-mail me a daily digest at 9:00 am of my overdue and due-today follow-ups and tasks</span>
    </label>
  );
}
