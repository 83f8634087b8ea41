import { DEFAULT_COUNTRY_CODE, SKILL_AREAS, SKILL_DEFAULT, type SkillKey } from "~/shared/application-options";

/** Everything the wizard collects except the résumé file, which cannot be kept in a draft. */
export interface ApplicationDraft {
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  mobile: string;
  linkedIn: string;
  currentRole: string;
  experience: string;
  motivation: string;
  targetRoles: string[];
  skillAssessment: Record<SkillKey, number>;
  readinessConfirmed: boolean;
  expectationsConfirmed: boolean;
}

export const EMPTY_DRAFT: ApplicationDraft = {
  firstName: "",
  lastName: "",
  email: "",
  countryCode: DEFAULT_COUNTRY_CODE,
  mobile: "",
  linkedIn: "",
  currentRole: "",
  experience: "",
  motivation: "",
  targetRoles: [],
  skillAssessment: Object.fromEntries(SKILL_AREAS.map((s) => [s.key, SKILL_DEFAULT])) as Record<SkillKey, number>,
  readinessConfirmed: false,
  expectationsConfirmed: false,
};

export const STEPS = [
  { number: 1, label: "Basic Info", title: "Basic Information" },
  { number: 2, label: "Background", title: "Background & Motivation" },
  { number: 3, label: "Role Fit", title: "Role Fit" },
  { number: 4, label: "Simulation", title: "Sample Simulation" },
  { number: 5, label: "Submit", title: "Review & Submit" },
] as const;
export type StepNumber = (typeof STEPS)[number]["number"];
export const LAST_STEP = 5;

const filled = (value: string) => value.trim() !== "";

/** The spec's step rules (visitor-side §5); mobile and résumé never block Continue. */
export function isStepValid(step: number, d: ApplicationDraft): boolean {
  switch (step) {
    case 1:
      return [d.firstName, d.lastName, d.email, d.linkedIn].every(filled);
    case 2:
      return [d.currentRole, d.experience, d.motivation].every(filled);
    case 3:
      return d.targetRoles.length > 0;
    case 4:
      return d.readinessConfirmed && d.expectationsConfirmed;
    default:
      return true;
  }
}

const FIELD_STEP: Record<string, StepNumber> = {
  firstName: 1, lastName: 1, email: 1, countryCode: 1, mobile: 1, linkedIn: 1, resume: 1,
  currentRole: 2, experience: 2, motivation: 2,
  targetRoles: 3, skillAssessment: 3,
  readinessConfirmed: 4, expectationsConfirmed: 4,
};

/** The step holding a field the server named ("skillAssessment.tech" → 3). */
export const stepOfField = (field: string): StepNumber | null => FIELD_STEP[field.split(".")[0]!] ?? null;
