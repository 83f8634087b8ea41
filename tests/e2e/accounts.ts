/** Staff accounts that start-server.ts creates in every fresh e2e database; the specs sign in with them. */
export interface E2eAccount {
  email: string;
  name: string;
  password: string;
  roles: ("admin" | "admissions" | "content" | "sales")[];
}

export const ACCOUNTS = {
  admin: { email: "admin.e2e@example.com", name: "Ada Admin", password: "admin-e2e-password-1", roles: ["admin"] },
  admissions: { email: "admissions.e2e@example.com", name: "Alex Admissions", password: "admissions-e2e-password-1", roles: ["admissions"] },
  sales: { email: "sales.e2e@example.com", name: "Sam Sales", password: "sales-e2e-password-1", roles: ["sales"] },
  content: { email: "content.e2e@example.com", name: "Cleo Content", password: "content-e2e-password-1", roles: ["content"] },
} satisfies Record<string, E2eAccount>;

export const localPart = (email: string) => email.split("@")[0]!;

/** The chatbot's webhook token of the e2e servers (specs post reports with it). */
export const E2E_WEBHOOK_TOKEN = "e2e-webhook-token-0123456789-abcdefghijkl";
