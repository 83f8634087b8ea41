import { Menu, X } from "~/web/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { HEADER_OPAQUE_AFTER_PX, SITE_NAME } from "~/shared/constants";
import { useSectionScroll } from "~/web/lib/section-scroll";
import { NAV_LINKS } from "./nav-links";

const itemClass = "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900";

/** Fixed header: transparent at the top, opaque once the page has scrolled 10 px. */
export function SiteHeader() {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const scrollToSection = useSectionScroll();
  // Link + aria-current rather than NavLink: same result, and NavLink's code stays out of every page.
  const { pathname } = useLocation();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_OPAQUE_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // An open mobile menu closes on Escape and on a click or tap outside the header, and focus goes back
  // to its button (unless the click put it somewhere else on purpose, in a field or on a link). Tab
  // past its last item closes it too: the focus went on to the page, which the open panel covered.
  useEffect(() => {
    if (!menuOpen) return;
    const close = () => {
      setMenuOpen(false);
      if (!document.activeElement || document.activeElement === document.body || header.current?.contains(document.activeElement)) {
        menuButton.current?.focus({ preventScroll: true });
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    // `click` rather than `pointerdown`: it comes after the browser has moved focus for the press.
    const onClick = (event: MouseEvent) => {
      if (!header.current?.contains(event.target as Node)) close();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!header.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("click", onClick);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onClick);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [menuOpen]);

  const items = (vertical: boolean) =>
    NAV_LINKS.map((link) =>
      "section" in link ? (
        <button
          key={link.label}
          type="button"
          className={`${itemClass} ${vertical ? "text-left" : ""}`}
          onClick={() => {
            setMenuOpen(false);
            scrollToSection(link.section);
          }}
        >
          {link.label}
        </button>
      ) : (
        <Link
          key={link.label}
          to={link.to}
          aria-current={pathname === link.to ? "page" : undefined}
          onClick={() => setMenuOpen(false)}
          className={`${itemClass} ${pathname === link.to ? "text-brand-700" : ""}`}
        >
          {link.label}
        </Link>
      ),
    );

  return (
    <header
      ref={header}
      data-scrolled={scrolled || menuOpen}
      className="fixed inset-x-0 top-0 z-50 transition-colors data-[scrolled=true]:border-b data-[scrolled=true]:border-slate-200 data-[scrolled=true]:bg-white data-[scrolled=true]:shadow-sm"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
        <Link to="/" className="text-lg font-bold text-brand-900">
          {SITE_NAME}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {items(false)}
        </nav>
        <button
          ref={menuButton}
          type="button"
          className="rounded-md p-2 text-slate-800 hover:bg-slate-100 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </button>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="grid gap-1 border-t border-slate-200 bg-white px-4 py-3 lg:hidden">
          {items(true)}
        </nav>
      )}
    </header>
  );
}
