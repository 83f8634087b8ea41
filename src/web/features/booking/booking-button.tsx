import { CalendarCheck } from "~/web/components/ui/icons";
import { lazy, Suspense, useState } from "react";
import { buttonClass } from "~/web/components/ui/button";
import { openFooterModal } from "~/web/features/contact/contact-store";
import { useSiteSettings } from "~/web/lib/site-settings";

// Loaded on first use, so the dialog code is not in the home page's initial JavaScript.
const BookingDialog = lazy(() => import("./booking-dialog"));

/**
 * The employer "Book a call" button: the scheduling widget in a dialog when BOOKING_URL is
 * configured; otherwise Contact Us with the subject "Book a call".
 */
export function BookingButton({ className = "" }: { className?: string }) {
  const { bookingUrl } = useSiteSettings();
  const [open, setOpen] = useState(false);
  const onClick = () => (bookingUrl ? setOpen(true) : openFooterModal({ kind: "contact", subject: "Book a call" }));
  return (
    <>
      <button type="button" className={buttonClass("primary", `px-6 py-3 text-base ${className}`)} onClick={onClick}>
        <CalendarCheck className="size-5" aria-hidden /> Book a call
      </button>
      {bookingUrl && open && (
        <Suspense fallback={null}>
          <BookingDialog bookingUrl={bookingUrl} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
