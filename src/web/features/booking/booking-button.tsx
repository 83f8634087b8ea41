import { CalendarCheck } from "~/web/components/ui/icons";
import { lazy, Suspense, useState } from "react";
import { buttonClass } from "~/web/components/ui/button";
import { openFooterModal } from "~/web/features/contact/contact-store";
import { loadContactDialog } from "~/web/features/contact/footer-modals";
import { intentToOpen, preloadable } from "~/web/lib/preload";
import { useSiteSettings } from "~/web/lib/site-settings";

// Not in the home page's initial JavaScript: fetched on a sign of intent at the button.
const loadBookingDialog = preloadable(() => import("./booking-dialog"));
const BookingDialog = lazy(loadBookingDialog);

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
      <button
        type="button"
        className={buttonClass("primary", `px-6 py-3 text-base ${className}`)}
        onClick={onClick}
        {...intentToOpen(bookingUrl ? loadBookingDialog : loadContactDialog)}
      >
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
