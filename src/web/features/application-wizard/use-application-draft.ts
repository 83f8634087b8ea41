import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { EMPTY_DRAFT, LAST_STEP, type ApplicationDraft } from "./wizard-steps";

const STORAGE_KEY = "founders-find-application-draft";

interface Stored {
  step: number;
  draft: ApplicationDraft;
}

function readStored(): Stored | null {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "null") as Partial<Stored> | null;
    if (!parsed?.draft) return null;
    const step = Number.isInteger(parsed.step) ? Math.min(Math.max(parsed.step!, 1), LAST_STEP) : 1;
    return { step, draft: { ...EMPTY_DRAFT, ...parsed.draft, skillAssessment: { ...EMPTY_DRAFT.skillAssessment, ...parsed.draft.skillAssessment } } };
  } catch {
    return null;
  }
}

const noSubscription = () => () => {};

/** False while rendering on the server and hydrating, true after: the moment browser storage may be read. */
export const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);

/**
 * The wizard's answers and step, kept in localStorage until the application is submitted, so a
 * refresh or an accidental close loses nothing. `restore` is false on the server (no storage);
 * the caller remounts with it true after hydration.
 */
export function useApplicationDraft(restore: boolean) {
  const [initial] = useState(() => (restore ? readStored() : null));
  const [draft, setDraft] = useState<ApplicationDraft>(initial?.draft ?? EMPTY_DRAFT);
  const [step, setStep] = useState(initial?.step ?? 1);
  const cleared = useRef(false);

  useEffect(() => {
    if (!restore || cleared.current) return;
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ step, draft } satisfies Stored));
    } catch {
      // Storage full or disabled (private mode): the wizard still works, only without a draft.
    }
  }, [draft, step, restore]);

  const update = useCallback(<K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
  }, []);

  const clear = useCallback(() => {
    cleared.current = true;
    window.localStorage.removeItem(STORAGE_KEY);
  }, []);

  return { draft, update, step, setStep, clear };
}
