import type { SimulationInput } from "~/shared/schemas/simulations";

/** Demo library for a new installation (PRODUCT.md "Reference data"); their artwork is drawn at seed time from their tags (artwork.ts). */
export const DEMO_SIMULATIONS: SimulationInput[] = [
  {
    title: "Founder's Office Diagnostic",
    subtitle: "Sales fell 20% month over month and the founder wants a plan in 48 hours. Find the cause and own the fix.",
    tags: ["Founder's Office", "Diagnostic", "Strategy", "Free"],
    instructions:
      "Set aside 40 minutes in a quiet place. 1. Read the company background - note the numbers that look off - keep a scratch pad open. 2. Answer each scene as you would at work - be specific - show your reasoning. 3. Submit your final recommendation. Your report arrives by e-mail once you finish.",
    typebotUrl: "https://typebot.io/founders-office-diagnostic",
  },
  {
    title: "Category Manager: Festive Season Launch",
    subtitle: "Plan assortment, pricing and vendor terms for a quick-commerce category ahead of Diwali.",
    tags: ["Category Management", "Quick Commerce", "Unit Economics"],
    instructions:
      "1. Review last year's festive sales data. 2. Choose the assortment - ten hero products - a long-tail budget. 3. Negotiate vendor terms with the chatbot buyer. 4. Present the launch plan to the business head.",
    typebotUrl: "https://typebot.io/category-festive-launch",
  },
  {
    title: "Go-To-Market for a B2B SaaS Tool",
    subtitle: "Pick the first segment, the channel and the pricing for an HR software start-up entering India.",
    tags: ["Strategy & GTM", "SaaS", "Pricing"],
    instructions:
      "1. Read the product brief and the three customer interviews. 2. Size the first segment - show your assumptions. 3. Pick one acquisition channel and defend it. 4. Propose a price and a 90-day plan.",
    typebotUrl: "https://typebot.io/b2b-saas-gtm",
  },
  {
    title: "VC Platform: Portfolio Hiring Sprint",
    subtitle: "Three portfolio founders need key hires this quarter. Prioritise, build the pipeline and report to partners.",
    tags: ["VC/Platform", "Hiring", "Stakeholders"],
    instructions:
      "1. Meet the three founders and note each one's need. 2. Rank the hires by impact - explain the trade-off. 3. Draft the update for the partners' meeting.",
    typebotUrl: "https://typebot.io/vc-platform-hiring",
  },
  {
    title: "Growth Engineer: Fix the Signup Funnel",
    subtitle: "Activation dropped after a release. Use the funnel data to find the leak, automate a fix and measure it.",
    tags: ["Growth", "Tech & Automation", "Metrics"],
    instructions:
      "Bring a laptop: you will read a small data table. 1. Find the step where users drop. 2. Form two hypotheses - pick the cheaper test first. 3. Describe the automation you would build and the metric that proves it worked.",
    typebotUrl: "https://typebot.io/growth-signup-funnel",
  },
];
