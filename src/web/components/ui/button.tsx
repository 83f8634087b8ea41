import type { ComponentPropsWithRef } from "react";

const VARIANTS = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/60",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 disabled:text-slate-400",
  ghost: "text-slate-700 hover:bg-slate-100",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/60",
} as const;

/**
 * Padding and text size come only from here: Tailwind orders its utilities by value, not by where a
 * class is written, so an extra `px-2` or `text-base` next to the default `px-4 text-sm` lost to it
 * (compact buttons kept the wide padding, the large calls to action the small text).
 */
const SIZES = {
  md: "px-4 py-2 text-sm",
  lg: "px-6 py-3 text-base",
  sm: "px-3 py-1.5 text-sm",
  xs: "px-2 py-1 text-xs",
  /** An icon alone (with its aria-label). */
  icon: "p-2 text-sm",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

/** `extra` must not set padding or text size: choose a `size`. */
export const buttonClass = (variant: ButtonVariant = "primary", extra = "", size: ButtonSize = "md") =>
  `inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed ${SIZES[size]} ${VARIANTS[variant]} ${extra}`;

export function Button({
  variant = "primary",
  size = "md",
  className = "",
  type = "button",
  ...props
}: ComponentPropsWithRef<"button"> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, className, size)} {...props} />;
}
