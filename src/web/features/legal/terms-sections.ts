import { LEGAL_CONTACT, type LegalSection } from "./legal-page";

/** The terms and conditions' 12 sections (spec §2, constants §9). */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    title: "Introduction",
    paragraphs: [
      "These terms govern your use of the Founder's Find website and your participation in the Founder's Find program, job simulations and related services offered by its skilling LLP in India (\"we\", \"us\"). By using the website or enrolling, you accept these terms.",
    ],
  },
  {
    title: "Eligibility",
    paragraphs: [
      "You must be at least 18 years old to enrol in the program, or have the consent of a parent or legal guardian who accepts these terms on your behalf. The program is designed for early-career professionals with 0-4 years of experience.",
    ],
  },
  {
    title: "Our Services",
    paragraphs: [
      "We provide free diagnostic job simulations with scored reports, the paid 6-week Founder's Find program (with a Week 0 onboarding), mentoring sessions, learning resources and, for eligible participants, introductions to hiring startups. We may change the schedule, mentors or content of a cohort where needed, keeping its overall scope.",
    ],
  },
  {
    title: "User Responsibilities",
    paragraphs: ["You agree to:"],
    list: [
      "give accurate information in applications and forms;",
      "do simulations and assignments yourself, without passing off others' work as your own;",
      "commit the 10-15 hours per week the program requires and treat mentors and peers with respect;",
      "not share program materials, recordings or other participants' information outside the cohort;",
      "not misuse the website, attempt to access data that is not yours, or interfere with its operation.",
    ],
  },
  {
    title: "Cancellation and Refund Policy",
    paragraphs: [
      "You may cancel your enrolment by writing to us before your cohort's Week 0 begins. Cancellation requests are processed within 9-15 days of the request. Approved refunds are credited to the original payment method within 6-8 days of approval.",
      "Once Week 0 has begun, fees are not refundable, except where we cancel or materially change a cohort, in which case you may choose a full refund or a seat in a later cohort.",
    ],
  },
  {
    title: "Shipping and Delivery",
    paragraphs: [
      "All our services are delivered online. Nothing physical is shipped. Access details for the program are sent by e-mail after enrolment is confirmed, and simulation reports are available online and by e-mail once ready.",
    ],
  },
  {
    title: "Intellectual Property",
    paragraphs: [
      "The website, simulations, program materials, brochure and reports are owned by us or our licensors and are licensed to you for personal, non-commercial use during and after the program. Work you create in the program remains yours; you allow us to use it, anonymised, to run and improve the program.",
    ],
  },
  {
    title: "Job Matching",
    paragraphs: [
      "Introductions to hiring startups are offered to participants who opt in and perform well. We do not guarantee a job offer, interview, salary or placement; figures such as placement rates describe past cohorts. Hiring decisions are made solely by the employers.",
    ],
  },
  {
    title: "Limitation of Liability",
    paragraphs: [
      "To the extent permitted by law, we are not liable for indirect, incidental or consequential losses, including lost opportunities or earnings. Our total liability for any claim relating to the services is limited to the fees you paid us in the 3 months before the event giving rise to the claim.",
    ],
  },
  {
    title: "Termination",
    paragraphs: [
      "We may suspend or end your access to the program or website if you breach these terms, for example through plagiarism, abuse of other participants or misuse of the website, after telling you why. Fees for a cohort from which you are removed for a breach are not refundable. You may stop using the website at any time.",
    ],
  },
  {
    title: "Governing Law",
    paragraphs: ["These terms are governed by the laws of India. The courts of Bangalore, Karnataka have exclusive jurisdiction over any dispute arising from them."],
  },
  {
    title: "Contact Us",
    paragraphs: [`Questions about these terms, cancellations or refunds: ${LEGAL_CONTACT}, or the Contact Us form in the footer of every page.`],
  },
];
