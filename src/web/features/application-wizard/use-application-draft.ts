import { useCallback, useEffect, useRef, useState } from "react";
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

/**
 * The wizard's answers and step, kept in localStorage until the application is submitted, so a
 * refresh or an accidental close loses nothing. The saved draft is read once React runs in the
 * browser (the server has no storage); whatever was typed before that moment wins over it.
 */
export function useApplicationDraft() {
  const [draft, setDraft] = useState<ApplicationDraft>(EMPTY_DRAFT);
  const [step, setStep] = useState(1);
  const [restored, setRestored] = useState(false);
  const touched = useRef(false);
  const cleared = useRef(false);

  useEffect(() => {
    const stored = readStored();
    /* eslint-disable react-hooks/set-state-in-effect -- syncing from browser storage, which only exists after hydration */
    if (stored && !touched.current) {
      setDraft(stored.draft);
      setStep(stored.step);
    }
    setRestored(true);
    /* eslint-enable react-hooks/set-state-in-effect */
  }, []);

  useEffect(() => {
    if (!restored || cleared.current) return;
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ step, draft } satisfies Stored));
    } catch {
      // Storage full or disabled (private mode): the wizard still works, only without a draft.
    }
  }, [draft, step, restored]);

  const update = useCallback(<K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => {
    touched.current = true;
    setDraft((current) => ({ ...current, [key]: value }));
  }, []);

  const clear = useCallback(() => {
    cleared.current = true;
    window.localStorage.removeItem(STORAGE_KEY);
  }, []);

  return { draft, update, step, setStep, clear };
}
