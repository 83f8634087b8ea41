import { lazy, Suspense } from "react";
import { preloadable, usePreloadWhenIdle } from "~/web/lib/preload";
import { openFooterModal, useFooterModal } from "./contact-store";

// Not in any page's initial JavaScript (the forms and their schema): fetched when the browser is idle
// after load, or on a sign of intent at their buttons (web/lib/preload.ts).
export const loadContactDialog = preloadable(() => import("./contact-dialog"));
export const loadMentorDialog = preloadable(() => import("./mentor-application-dialog"));
const ContactDialog = lazy(loadContactDialog);
const MentorApplicationDialog = lazy(loadMentorDialog);

/** Renders whichever footer modal is open (Contact Us or Become a Mentor). */
export function FooterModals() {
  const modal = useFooterModal();
  usePreloadWhenIdle(loadContactDialog, loadMentorDialog);
  const close = () => openFooterModal(null);
  if (!modal) return null;
  return (
    <Suspense fallback={null}>
      {modal.kind === "contact" ? <ContactDialog key={modal.subject} subject={modal.subject} description={modal.description} onClose={close} /> : <MentorApplicationDialog onClose={close} />}
    </Suspense>
  );
}
