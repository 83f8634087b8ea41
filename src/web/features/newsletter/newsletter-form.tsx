import { useState, type FormEvent } from "react";
import type { SubscribeBody } from "~/shared/schemas/newsletter";
import { toast } from "~/web/lib/toast";
import { Honeypot } from "~/web/components/ui/honeypot";

/** api.ts loads with the first sign-up rather than with every public page. */
async function postSubscription(body: SubscribeBody) {
  const { api } = await import("~/web/lib/api");
  return api<{ ok: true }>("/api/newsletter", { body });
}

/** Footer newsletter sign-up: one e-mail field; the server keeps one subscription per address. */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [website, setWebsite] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  // Plain state rather than useSubmit: this form is on every public page, so it carries nothing extra.
  const [isPending, setPending] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    if (!email.trim() || isPending) return;
    setPending(true);
    postSubscription({ email, website: website || undefined })
      .then(
        () => {
          setEmail("");
          toast({ title: "Success!", description: "You've been subscribed to our newsletter." });
        },
        (error: unknown) => {
          // An ApiError (api.ts) carries the server's field errors.
          const fields = (error as { fields?: Record<string, string> }).fields;
          if (fields?.email) return setFieldError(fields.email);
          toast({ title: "Something went wrong", description: "Please try again later.", variant: "destructive" });
        },
      )
      .finally(() => setPending(false));
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-2" noValidate aria-label="Newsletter">
      <div className="flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "newsletter-error" : undefined}
          size={12}
          className="min-w-0 flex-1 rounded-md border border-white/20 bg-white/10 px-3 py-2 text-sm text-white placeholder:text-slate-400"
        />
        <button
          type="submit"
          disabled={isPending}
          className="rounded-md bg-accent-500 px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-amber-400 disabled:opacity-60"
        >
          Subscribe
        </button>
      </div>
      <Honeypot value={website} onChange={setWebsite} />
      {fieldError && (
        <p id="newsletter-error" role="alert" className="text-sm text-amber-300">
          {fieldError}
        </p>
      )}
    </form>
  );
}
