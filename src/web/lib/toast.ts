import { useSyncExternalStore } from "react";
import { TOAST } from "~/shared/constants";

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

/** The spec shows one toast at a time: a new one replaces the one on screen. */
let toasts: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function toast(message: Omit<ToastMessage, "id">): void {
  toasts = [...toasts, { ...message, id: nextId++ }].slice(-TOAST.limit);
  emit();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((item) => item.id !== id);
  emit();
}

/** Takes down the error toasts on screen: a step that went through leaves no complaint about an earlier try. */
export function dismissErrorToasts(): void {
  const kept = toasts.filter((item) => item.variant !== "destructive");
  if (kept.length === toasts.length) return;
  toasts = kept;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const empty: ToastMessage[] = [];

export const useToasts = () => useSyncExternalStore(subscribe, () => toasts, () => empty);
