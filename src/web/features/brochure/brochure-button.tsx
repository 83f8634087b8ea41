import { Download } from "~/web/components/ui/icons";
import { useState } from "react";
import { buttonClass, type ButtonSize, type ButtonVariant } from "~/web/components/ui/button";
import { intentToOpen, lazyPreloaded, preloadable, schemasFirst, usePreloadWhenIdle } from "~/web/lib/preload";

// Not in the page's initial JavaScript (the dialog and its schema): fetched when the browser is idle
// after load (zod first, in a task of its own), or when the pointer or focus reaches the button
// (everything fetched side by side: the click is coming).
const loadBrochureDialog = preloadable(() => import("./brochure-dialog"));
const BrochureDialog = lazyPreloaded(loadBrochureDialog);

interface BrochureButtonProps {
  /** Where the button sits, recorded with the download event. */
  source: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  label?: string;
}

/** A "Download Brochure" button with its own dialog; usable on any page (landing page, dashboard). */
export function BrochureButton({ source, variant = "secondary", size = "md", className = "", label = "Download Brochure" }: BrochureButtonProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  usePreloadWhenIdle(schemasFirst(loadBrochureDialog));
  return (
    <>
      <button
        type="button"
        className={buttonClass(variant, className, size)}
        {...intentToOpen(loadBrochureDialog)}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Download className="size-4" aria-hidden /> {label}
      </button>
      {used && (
        <BrochureDialog open={open} onOpenChange={setOpen} source={source} />
      )}
    </>
  );
}
