import { expect, type Locator } from "@playwright/test";

// The CRM list's inline fields (owner, priority, stage, status) show their value as a button, named
// "Priority of Kiran Rao: Medium"; activating it puts the drop-down "Priority of Kiran Rao" in its place.

export type InlineField = "Owner" | "Priority" | "Stage" | "Status";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The field's button, whatever its value. */
export const inlineButton = (scope: Locator, field: InlineField, lead: string) =>
  scope.getByRole("button", { name: new RegExp(`^${escape(`${field} of ${lead}: `)}`) });

/** The value the field shows (its text for the reader: "Unassigned", "Closed Won - Paid Full"). */
export async function expectInline(scope: Locator, field: InlineField, lead: string, value: string | RegExp) {
  const name = typeof value === "string" ? `${field} of ${lead}: ${value}` : new RegExp(`^${escape(`${field} of ${lead}: `)}${value.source}$`);
  await expect(inlineButton(scope, field, lead)).toHaveAccessibleName(name);
}

/** Clicks the field's button and returns its drop-down (focused, in the button's place). */
export async function openInline(scope: Locator, field: InlineField, lead: string): Promise<Locator> {
  await inlineButton(scope, field, lead).click();
  const select = scope.getByRole("combobox", { name: `${field} of ${lead}`, exact: true });
  await expect(select).toBeFocused();
  return select;
}

/** Chooses a value in the field's drop-down (by value, or { label }). */
export async function chooseInline(scope: Locator, field: InlineField, lead: string, option: string | { label: string }) {
  await (await openInline(scope, field, lead)).selectOption(option);
}
