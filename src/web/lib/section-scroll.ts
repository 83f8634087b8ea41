import { useLocation, useNavigate } from "react-router";
import { SECTION_SCROLL_WAIT_MS } from "~/shared/constants";

/** How long to keep looking for the section after navigating home (slow devices render late). */
const GIVE_UP_AFTER_MS = 3000;

function scrollWhenPresent(sectionId: string, startedAt = performance.now()) {
  const section = document.getElementById(sectionId);
  if (section) return section.scrollIntoView({ behavior: "smooth" });
  if (performance.now() - startedAt < GIVE_UP_AFTER_MS) requestAnimationFrame(() => scrollWhenPresent(sectionId, startedAt));
}

/** Scrolls to a section of the home page, going to / first (and waiting 100 ms) from any other page. */
export function useSectionScroll() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (sectionId: string) => {
    if (pathname === "/") return scrollWhenPresent(sectionId);
    void Promise.resolve(navigate("/")).then(() => setTimeout(() => scrollWhenPresent(sectionId), SECTION_SCROLL_WAIT_MS));
  };
}
