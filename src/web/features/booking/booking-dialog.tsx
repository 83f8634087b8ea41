import { Modal } from "~/web/components/ui/modal";

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

/** The scheduling widget, framed in a dialog; nothing third-party loads before it opens. */
export default function BookingDialog({ bookingUrl, onClose }: { bookingUrl: string; onClose: () => void }) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Book a call" description="Pick a time that suits you." width="max-w-3xl">
      <iframe title="Booking calendar" src={embedUrl(bookingUrl, window.location.host)} className="h-[70vh] min-h-[480px] w-full rounded-md border-0" />
    </Modal>
  );
}
