import { useState } from "react";

/**
 * A controlled checkbox's value from the click until its save settles. A mutation's pending state
 * reaches React a tick after the click, and in between React puts a controlled box back as it was:
 * the tick flickers, and a click can seem not to take. `choose` records the choice at once and
 * returns the callback that lets go of it when the save has settled (the query then holds the saved
 * value, or the old one after a failure).
 */
export function useChosen(saved: boolean): [value: boolean, choose: (value: boolean) => () => void] {
  const [chosen, setChosen] = useState<boolean | null>(null);
  const choose = (value: boolean) => {
    setChosen(value);
    return () => setChosen(null);
  };
  return [chosen ?? saved, choose];
}
