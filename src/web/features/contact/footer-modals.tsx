import { lazy, Suspense } from "react";
import { openFooterModal, useFooterModal } from "./contact-store";

// Loaded on first use: the forms and their schema stay out of every page's initial JavaScript.
const ContactDialog = lazy(() => import("./contact-dialog"));
const MentorApplicationDialog = lazy(() => import("./mentor-application-dialog"));

/** Renders whichever footer modal is open (Contact Us or Become a Mentor). */
export function FooterModals() {
  const modal = useFooterModal();
  const close = () => openFooterModal(null);
  if (!modal) return null;
  return (
    <Suspense fallback={null}>
      {modal.kind === "contact" ? <ContactDialog key={modal.subject} subject={modal.subject} onClose={close} /> : <MentorApplicationDialog onClose={close} />}
    </Suspense>
  );
}
