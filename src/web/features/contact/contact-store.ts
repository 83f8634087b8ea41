import { useSyncExternalStore } from "react";

/**
 * Which footer modal is open, reachable from anywhere: the employer booking button opens
 * Contact Us with the subject "Book a call" when no booking widget is configured.
 */
export type FooterModal = { kind: "contact"; subject: string; description?: string } | { kind: "mentor" } | null;

let current: FooterModal = null;
const listeners = new Set<() => void>();

export function openFooterModal(modal: FooterModal): void {
  current = modal;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useFooterModal = () => useSyncExternalStore(subscribe, () => current, () => null);
