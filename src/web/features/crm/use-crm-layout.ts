import { useCallback } from "react";
import { useSearchParams } from "react-router";

/** `?layout=board` shows the board (issue 23 §1); the table is the default. Kept by every filter change. */
export const LAYOUT_PARAM = "layout";
export type CrmLayout = "table" | "board";

export function useCrmLayout() {
  const [params, setParams] = useSearchParams();
  const layout: CrmLayout = params.get(LAYOUT_PARAM) === "board" ? "board" : "table";
  const setLayout = useCallback(
    (next: CrmLayout) =>
      setParams(
        () => {
          const updated = new URLSearchParams(window.location.search);
          if (next === "board") updated.set(LAYOUT_PARAM, "board");
          else updated.delete(LAYOUT_PARAM);
          return updated;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  return { layout, setLayout };
}
