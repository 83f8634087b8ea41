import { ChevronUp, Ellipsis } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Button } from "~/web/components/ui/button";

/**
 * The CRM toolbar's less frequent actions. On a phone they wait behind "More actions", so the lead
 * views start two rows of buttons higher (the toolbar took six rows at 360 px, now three); the
 * everyday ones, the import's and Fix Duplicates' progress and the Analytics toggle stay in view.
 * From 640 px up they are shown in the toolbar and the toggle is not. A disclosure, not a menu: the
 * actions keep their own buttons and dialogs, and come right after the toggle in the keyboard's order.
 */
export function MoreActions({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button variant="secondary" className="sm:hidden" aria-expanded={open} aria-controls={id} onClick={() => setOpen((was) => !was)}>
        {open ? <ChevronUp className="size-4" aria-hidden /> : <Ellipsis className="size-4" aria-hidden />}
        {open ? "Fewer actions" : "More actions"}
      </Button>
      <div id={id} className={open ? "contents" : "hidden sm:contents"}>
        {children}
      </div>
    </>
  );
}
