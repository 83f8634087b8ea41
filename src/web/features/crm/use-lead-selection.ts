import { useCallback, useMemo, useState } from "react";
import type { Lead } from "~/shared/schemas/crm";
import { displayName } from "./format";

export interface SelectedLead {
  id: string;
  /** The version shown: the bulk change skips a lead changed since. */
  version: number;
  name: string;
}

/** Rows or cards ticked for a bulk action, or "all N leads matching this filter". */
export interface LeadSelection {
  selected: Map<string, SelectedLead>;
  allMatching: boolean;
  isSelected: (id: string) => boolean;
  toggle: (lead: Lead) => void;
  setMany: (leads: Lead[], on: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

/** A new filter is a new set of leads: the selection is dropped when `scope` changes. */
export function useLeadSelection(scope: string): LeadSelection {
  const [state, setState] = useState({ scope, selected: new Map<string, SelectedLead>(), allMatching: false });
  if (state.scope !== scope) setState({ scope, selected: new Map(), allMatching: false });
  const setMany = useCallback(
    (leads: Lead[], on: boolean) =>
      setState((current) => {
        const selected = new Map(current.selected);
        for (const lead of leads) {
          if (on) selected.set(lead.id, { id: lead.id, version: lead.version, name: displayName(lead) });
          else selected.delete(lead.id);
        }
        return { ...current, selected, allMatching: false };
      }),
    [],
  );
  const { selected, allMatching } = state;
  return useMemo(
    () => ({
      selected,
      allMatching,
      isSelected: (id: string) => allMatching || selected.has(id),
      toggle: (lead: Lead) => setMany([lead], !selected.has(lead.id) && !allMatching),
      setMany,
      selectAllMatching: () => setState((current) => ({ ...current, allMatching: true })),
      clear: () => setState((current) => ({ ...current, selected: new Map(), allMatching: false })),
    }),
    [selected, allMatching, setMany],
  );
}
