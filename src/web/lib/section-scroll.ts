import { useNavigate, useLocation } from "react-router";
import { SECTION_SCROLL_WAIT_MS } from "~/shared/constants";

/** Scrolls to a section of the home page, going to / first (and waiting 100 ms) from any other page. */
export function useSectionScroll() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (sectionId: string) => {
    const scroll = () => document.getElementById(sectionId)?.scrollIntoView({ behavior: "smooth" });
    if (pathname === "/") return scroll();
    void Promise.resolve(navigate("/")).then(() => setTimeout(scroll, SECTION_SCROLL_WAIT_MS));
  };
}
