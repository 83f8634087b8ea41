import { Link } from "react-router";
import { SITE_DESCRIPTION, SITE_NAME } from "~/shared/constants";
import { openFooterModal } from "~/web/features/contact/contact-store";
import { FooterModals, loadContactDialog, loadMentorDialog } from "~/web/features/contact/footer-modals";
import { intentToOpen } from "~/web/lib/preload";
import { NewsletterForm } from "~/web/features/newsletter/newsletter-form";
import { PLATFORM_LINKS } from "./nav-links";

const linkClass = "text-sm text-slate-300 hover:text-white";
/** The spec lists these without targets yet; they are shown, not linked. */
const PLACEHOLDERS = ["FAQ", "Hiring Partners"];
const SOCIAL = ["LinkedIn", "Instagram", "YouTube"];

export function SiteFooter() {
  return (
    <footer className="bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-3">
          <p className="text-lg font-bold text-white">{SITE_NAME}</p>
          <p className="text-sm text-slate-300">{SITE_DESCRIPTION}</p>
        </div>
        <nav aria-label="Platform" className="grid content-start gap-2">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Platform</h2>
          {PLATFORM_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="grid content-start gap-2">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Company</h2>
          <Link to="/privacy" className={linkClass}>
            Privacy Policy
          </Link>
          <Link to="/terms" className={linkClass}>
            Terms &amp; Conditions
          </Link>
          <button type="button" className={`${linkClass} text-left`} onClick={() => openFooterModal({ kind: "contact", subject: "" })} {...intentToOpen(loadContactDialog)}>
            Contact Us
          </button>
          <button type="button" className={`${linkClass} text-left`} onClick={() => openFooterModal({ kind: "mentor" })} {...intentToOpen(loadMentorDialog)}>
            Become a Mentor
          </button>
          {PLACEHOLDERS.map((label) => (
            <span key={label} className="text-sm text-slate-400">
              {label}
            </span>
          ))}
        </div>
        <div className="grid grid-cols-1 content-start gap-3">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Newsletter</h2>
          <p className="text-sm text-slate-300">New cohorts, new simulations and guides to generalist roles.</p>
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-5 text-sm text-slate-400 sm:px-6">
          <p>© {new Date().getFullYear()} {SITE_NAME}. All rights reserved.</p>
          <ul className="flex gap-4" aria-label="Social links">
            {SOCIAL.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      </div>
      <FooterModals />
    </footer>
  );
}
