/** The wizard's option lists (visitor-side §3): the values are what the API stores. */
export const COUNTRY_CODES = ["+91", "+1", "+44", "+65", "+971", "+49", "+33", "+61", "+81", "+86"] as const;
export const DEFAULT_COUNTRY_CODE = "+91";

export const CURRENT_ROLES = [
  { value: "student", label: "Student" },
  { value: "recent_graduate", label: "Recent Graduate" },
  { value: "working_professional", label: "Working Professional" },
  { value: "consultant", label: "Consultant" },
  { value: "freelancer", label: "Freelancer" },
  { value: "between_jobs", label: "Between Jobs" },
  { value: "other", label: "Other" },
] as const;

export const EXPERIENCE_LEVELS = [
  { value: "0", label: "Fresher (0 years)" },
  { value: "0-1", label: "0-1 years" },
  { value: "1-2", label: "1-2 years" },
  { value: "2-3", label: "2-3 years" },
  { value: "3-4", label: "3-4 years" },
  { value: "4+", label: "4+ years" },
] as const;

export const TARGET_ROLES = [
  { value: "founders_office", label: "Founder's Office Associate" },
  { value: "category_manager", label: "Category Manager" },
  { value: "strategy_gtm", label: "Strategy & GTM Generalist" },
  { value: "vc_platform", label: "VC/Platform Operations" },
  { value: "growth_engineer", label: "Growth Engineer / Technical PM" },
] as const;

export const SKILL_AREAS = [
  { key: "strategy", label: "Business Strategy & Thinking", helper: "Problem identification, analytical thinking, market analysis" },
  { key: "execution", label: "Execution & Operational Excellence", helper: "Project management, resource optimization, ownership" },
  { key: "communication", label: "Communication & Stakeholder Management", helper: "Clear expression, persuasion, active listening" },
  { key: "leadership", label: "Leadership & Entrepreneurial Skills", helper: "Team alignment, initiative, resilience" },
  { key: "growth", label: "Growth & Marketing Acumen", helper: "Metrics-driven thinking, customer acquisition, brand strategy" },
  { key: "tech", label: "Tech & Automation Fluency", helper: "Technical literacy, tool selection, process automation" },
] as const;

export type SkillKey = (typeof SKILL_AREAS)[number]["key"];
export const SKILL_MIN = 1;
export const SKILL_MAX = 5;
export const SKILL_DEFAULT = 3;
export const SKILL_SCALE_LABELS = { [SKILL_MIN]: "Beginner", [SKILL_MAX]: "Expert" } as const;

export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const RESUME_EXTENSIONS = [".pdf", ".docx"] as const;
export const RESUME_TYPES = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
} as const;

export const READINESS_TEXT =
  "I understand that Founder's Find is an intensive program requiring 10-15 hours per week of commitment.";
export const EXPECTATIONS_TEXT =
  "I'm comfortable with the simulation-based learning approach and ready to receive constructive feedback.";

const labelOf = (list: readonly { value: string; label: string }[], value: string) => list.find((o) => o.value === value)?.label ?? value;
export const currentRoleLabel = (value: string) => labelOf(CURRENT_ROLES, value);
export const experienceLabel = (value: string) => labelOf(EXPERIENCE_LEVELS, value);
export const targetRoleLabel = (value: string) => labelOf(TARGET_ROLES, value);

/** The same words in the browser's check and the server's. */
export const RESUME_TOO_LARGE = "Resume must be 5MB or smaller";
export const RESUME_WRONG_TYPE = "Resume must be a PDF or Word (.docx) document";
