import { CalendarCheck } from "lucide-react";
import { useState } from "react";
import { buttonClass } from "~/web/components/ui/button";
import { Modal } from "~/web/components/ui/modal";
import { openFooterModal } from "~/web/features/contact/contact-store";
import { useSiteSettings } from "~/web/lib/site-settings";

/** Cal.com and Calendly both render their inline scheduler in a frame when asked to embed. */
function embedUrl(bookingUrl: string, host: string): string {
  const url = new URL(bookingUrl);
  if (url.hostname.endsWith("calendly.com")) {
    url.searchParams.set("embed_type", "Inline");
    url.searchParams.set("embed_domain", host);
  } else {
    url.searchParams.set("embed", "true");
  }
  return url.toString();
}

/**
 * The employer "Book a call" button: the scheduling widget in a dialog when BOOKING_URL is
 * configured (nothing third-party loads before the click); otherwise Contact Us, subject "Book a call".
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
        <Modal open onOpenChange={setOpen} title="Book a call" description="Pick a time that suits you." width="max-w-3xl">
          <iframe title="Booking calendar" src={embedUrl(bookingUrl, window.location.host)} className="h-[70vh] min-h-[480px] w-full rounded-md border-0" />
        </Modal>
      )}
    </>
  );
}
