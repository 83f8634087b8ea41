import type { Mentor } from "./schemas/mentors";

/** The four mentors a new installation starts with (seeded by the server; the Mentors tab replaces them), and what the public pages show if the list cannot be read. */
export const DEFAULT_MENTORS: Mentor[] = [
  {
    id: 1,
    name: "Ananya Iyer",
    role: "Chief of Staff, consumer fintech",
    image: "",
    bio: "Built the founder's office at a Series C fintech and has hired more than forty generalists into strategy and operations roles.",
    linkedin: "",
  },
  {
    id: 2,
    name: "Rohan Mehta",
    role: "Category Lead, quick commerce",
    image: "",
    bio: "Ran a ₹300 crore category end to end; coaches on unit economics, vendor negotiation and weekly business reviews.",
    linkedin: "",
  },
  {
    id: 3,
    name: "Kavya Nair",
    role: "Platform Partner, early-stage VC fund",
    image: "",
    bio: "Supports portfolio founders on hiring and go-to-market, and reviews hundreds of operator profiles every quarter.",
    linkedin: "",
  },
  {
    id: 4,
    name: "Arjun Sethi",
    role: "Growth Engineer turned Product Manager",
    image: "",
    bio: "Automated growth funnels at two B2B SaaS start-ups; teaches tool choice, experiments and metrics-driven thinking.",
    linkedin: "",
  },
];
