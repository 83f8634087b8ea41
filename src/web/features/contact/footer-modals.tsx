import { lazyPreloaded, preloadable, schemasFirst, usePreloadWhenIdle } from "~/web/lib/preload";
import { openFooterModal, useFooterModal } from "./contact-store";

// Not in any page's initial JavaScript (the forms and their schema): fetched when the browser is idle
// after load (zod first, in a task of its own), or on a sign of intent at their buttons (everything
// fetched side by side: the click is coming) (web/lib/preload.ts).
export const loadContactDialog = preloadable(() => import("./contact-dialog"));
export const loadMentorDialog = preloadable(() => import("./mentor-application-dialog"));
const ContactDialog = lazyPreloaded(loadContactDialog);
const MentorApplicationDialog = lazyPreloaded(loadMentorDialog);

/** Renders whichever footer modal is open (Contact Us or Become a Mentor). */
export function FooterModals() {
  const modal = useFooterModal();
  usePreloadWhenIdle(schemasFirst(loadContactDialog), schemasFirst(loadMentorDialog));
  const close = () => openFooterModal(null);
  if (!modal) return null;
  return modal.kind === "contact" ? (
    <ContactDialog key={modal.subject} subject={modal.subject} description={modal.description} onClose={close} />
  ) : (
    <MentorApplicationDialog onClose={close} />
  );
}
