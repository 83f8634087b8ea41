/** Header navigation, in the spec's order. Sections scroll on the home page. */
export const NAV_LINKS = [
  { label: "Home", to: "/" },
  { label: "For Employers", section: "for-employers" },
  { label: "For Aspirants", section: "for-aspirants" },
  { label: "Founder's Find", to: "/founders-find" },
  { label: "Simulation Library", to: "/simulations" },
  { label: "My Reports", to: "/simulation-login" },
  { label: "About", to: "/about" },
] as const;

export const PLATFORM_LINKS = [
  { label: "Founder's Find", to: "/founders-find" },
  { label: "Simulation Library", to: "/simulations" },
  { label: "My Reports", to: "/simulation-login" },
  { label: "About", to: "/about" },
] as const;
