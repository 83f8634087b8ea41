import { CalendarCheck } from "~/web/components/ui/icons";
import { useState } from "react";
import { buttonClass } from "~/web/components/ui/button";
import { openFooterModal } from "~/web/features/contact/contact-store";
import { loadContactDialog } from "~/web/features/contact/footer-modals";
import { intentToOpen, lazyPreloaded, preloadable } from "~/web/lib/preload";
import { useSiteSettings } from "~/web/lib/site-settings";

// Not in the home page's initial JavaScript: fetched on a sign of intent at the button.
const loadBookingDialog = preloadable(() => import("./booking-dialog"));
const BookingDialog = lazyPreloaded(loadBookingDialog);

/** Why Book a call opens Contact Us: said under the button and in the dialog. */
export const NO_CALENDAR_NOTE = "Online booking is not open yet: send us a message with the role and a good time, and we'll call you.";

/**
 * The employer "Book a call" button: the scheduling widget in a dialog when BOOKING_URL is
 * configured; otherwise Contact Us with the subject "Book a call".
 */
export function BookingButton({ className = "" }: { className?: string }) {
  const { bookingUrl } = useSiteSettings();
  const [open, setOpen] = useState(false);
  const onClick = () =>
    bookingUrl ? setOpen(true) : openFooterModal({ kind: "contact", subject: "Book a call", description: NO_CALENDAR_NOTE });
  return (
    <>
      <button
        type="button"
        aria-describedby={bookingUrl ? undefined : "booking-note"}
        className={buttonClass("primary", className, "lg")}
        onClick={onClick}
        {...intentToOpen(bookingUrl ? loadBookingDialog : loadContactDialog)}
      >
        <CalendarCheck className="size-5" aria-hidden /> Book a call
      </button>
      {!bookingUrl && (
        <p id="booking-note" className="mx-auto mt-3 max-w-md text-sm text-slate-600">
          {NO_CALENDAR_NOTE}
        </p>
      )}
      {bookingUrl && open && (
        <BookingDialog bookingUrl={bookingUrl} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
