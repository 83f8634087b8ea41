import { LEGAL_CONTACT, type LegalSection } from "./legal-page";

/** The privacy policy's 11 sections (spec §2). */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    title: "Introduction",
    paragraphs: [
      "This policy explains how Founder's Find, run by its skilling LLP in India (\"we\", \"us\"), collects, uses and protects personal information when you visit our website, take a job simulation, download our brochure, apply to the Founder's Find program or contact us.",
      "By using the website you agree to this policy. If you do not agree, please do not use the website or submit your information.",
    ],
  },
  {
    title: "Information We Collect",
    paragraphs: ["We collect only what we need to run the program and the website:"],
    list: [
      "Details you give us: name, e-mail address, mobile number, LinkedIn profile, résumé, current role, experience, motivation, target roles and self-assessed skills.",
      "Simulation data: your answers in a job simulation and the scores and feedback in your report.",
      "Messages you send through Contact Us or Become a Mentor, and newsletter sign-ups.",
      "Usage data: pages visited and actions such as a brochure download, recorded without advertising cookies, plus technical data such as your IP address and browser type.",
    ],
  },
  {
    title: "How We Use Your Information",
    paragraphs: [
      "We use your information to review applications and select cohorts; to run simulations and prepare your reports; to send the brochure, replies and program updates you asked for; to introduce program participants to hiring startups where they have agreed; to keep the website secure and prevent abuse; and to understand, in aggregate, how the website is used so we can improve it.",
      "We do not sell your personal information.",
    ],
  },
  {
    title: "Sharing Your Information",
    paragraphs: [
      "We share information only with service providers who host our systems, deliver e-mail or process payments for us, under contracts that require them to protect it; with hiring partners, only for participants who opt in to introductions and only the profile and reports relevant to a role; and with authorities where the law requires it.",
    ],
  },
  {
    title: "Cookies and Analytics",
    paragraphs: [
      "The website uses strictly necessary session cookies: one for staff sign-in, and one that opens your own simulation reports after you confirm your e-mail address with a one-time code we send to it. The application form keeps an unfinished draft in your own browser's storage until you submit it. Page views and events are measured first-party without tracking cookies. If we enable Google Analytics, it sets its own cookies, which you can block in your browser settings without losing access to the website.",
    ],
  },
  {
    title: "Data Retention",
    paragraphs: [
      "We keep application, simulation and enquiry data for as long as needed for the purpose it was collected and for up to three years after your last interaction, unless the law requires longer (for example, payment records for tax purposes). You can ask us to delete your data sooner; see Your Rights.",
      "Some records are kept for less: a sign-in code works for 10 minutes and is kept as part of your sign-in history for 30 days after it expires; a sign-in session lasts 7 days; a device you signed in from is remembered, as a one-way code rather than its address, for 180 days after your last sign-in. Payment records (your name, e-mail address, amounts and transaction references) are kept for as long as Indian tax and accounting law requires, up to eight years, even after you delete your other data.",
    ],
  },
  {
    title: "Data Security",
    paragraphs: [
      "We protect your information with encrypted connections, access limited to staff who need it for their role, hashed passwords and audited access to private files such as résumés. No system is perfectly secure; if a breach affects you, we will tell you and the relevant authority as the law requires.",
    ],
  },
  {
    title: "Your Rights",
    paragraphs: [
      `Under India's Digital Personal Data Protection Act, 2023 and other applicable law you may ask to see the personal information we hold about you, correct it, delete it, withdraw a consent you gave, or nominate someone to exercise these rights for you. Write to ${LEGAL_CONTACT}; we reply within 30 days. You can unsubscribe from the newsletter with the link in every e-mail.`,
      "If you took a simulation, you can do the most common requests yourself: sign in to your simulation reports and, under Your data on your dashboard, download everything we hold about you (your reports with your answers, applications, brochure requests, messages, newsletter subscription and sign-in history) as one file, or delete it. Deleting is confirmed with a code we e-mail to you. It removes your reports, applications, résumés, brochure requests, messages, newsletter subscription, sign-in records and any e-mail waiting to be sent to you, and anonymises your record in our admissions system; we keep only a payment record where the law requires it (see Data Retention) and a note that the deletion happened (its date and a one-way code of your e-mail address, not the address). We send no further e-mail to the address unless you sign in or contact us again.",
    ],
  },
  {
    title: "Children's Privacy",
    paragraphs: [
      "The website and program are not intended for children under 16. We do not knowingly collect information from anyone under 16; if you believe a child has given us information, contact us and we will delete it.",
    ],
  },
  {
    title: "Changes to This Policy",
    paragraphs: [
      "We may update this policy as our services or the law change. The effective date at the top shows the latest version; for material changes we will also notify program participants by e-mail.",
    ],
  },
  {
    title: "Contact Us",
    paragraphs: [`Questions or requests about your privacy: ${LEGAL_CONTACT}, or the Contact Us form in the footer of every page. Our grievance officer can be reached at the same address.`],
  },
];
