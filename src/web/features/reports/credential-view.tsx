import { formatDate } from "~/shared/format-date";
import { placeText } from "~/shared/report-standing-text";
import type { PublicCredential } from "~/shared/schemas/report-credential";
import { CircleCheck } from "~/web/components/ui/icons";
import { ScoreBadge } from "./score-badge";
import { BAR_TONE } from "./tone";
import { skillTone } from "~/shared/report-bands";

/**
 * The public verification page of a shared report: who earned what, when, and who issued it. Only the
 * public fields arrive here (GET /api/verify/{id}); the answers and feedback stay in the private report.
 */
export function CredentialView({ credential }: { credential: PublicCredential }) {
  const standing = credential.standing ? placeText(credential.standing) : null;
  return (
    <div className="bg-slate-50">
      <article className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6" aria-labelledby="credential-name">
        <p className="flex w-fit items-center gap-2 rounded-full bg-green-50 px-3 py-1 text-sm font-semibold text-green-800 ring-1 ring-green-200">
          <CircleCheck className="size-4" aria-hidden="true" /> Verified by {credential.issuer}
        </p>
        <header className="grid gap-2">
          <h1 id="credential-name" className="text-3xl font-bold break-words text-brand-900 sm:text-4xl">
            {credential.fullName}
          </h1>
          <p className="text-lg break-words text-slate-700">
            completed the <strong className="text-slate-900">{credential.simulationType}</strong> job simulation
          </p>
        </header>

        <dl className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600">Total Score</dt>
            <dd className="mt-1 flex items-center gap-2">
              <ScoreBadge score={credential.totalScore} className="text-base" />
              <span className="text-sm font-medium text-slate-800">{credential.band}</span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Date</dt>
            <dd className="mt-1 font-semibold text-slate-900">{formatDate(credential.completedAt)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Standing</dt>
            <dd className="mt-1 font-semibold text-slate-900">{standing ?? "Not available yet"}</dd>
          </div>
        </dl>

        {credential.dimensions.length > 0 && (
          <section className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="credential-dimensions">
            <h2 id="credential-dimensions" className="text-lg font-semibold text-slate-900">
              Scores by dimension
            </h2>
            <ul className="grid gap-4">
              {credential.dimensions.map((dimension) => (
                <li key={dimension.name} className="grid gap-1.5">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0 break-words text-slate-800">{dimension.name}</span>
                    <span className="shrink-0 font-semibold text-slate-900">{dimension.average.toFixed(1)}/10</span>
                  </div>
                  <div className="h-2 rounded-full bg-slate-200" aria-hidden="true">
                    <div className={`h-2 rounded-full ${BAR_TONE[skillTone(dimension.average)]}`} style={{ width: `${Math.max(0, Math.min(100, dimension.average * 10))}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )}

        <footer className="grid gap-1 text-sm text-slate-600">
          <p>
            Credential ID: <span className="font-mono break-all text-slate-800">{credential.credentialId}</span>
          </p>
          <p>
            Issued by {credential.issuer}. This page shows the result as recorded; the candidate's answers and feedback stay private. The
            candidate can stop sharing it at any time, and the page then no longer exists.
          </p>
        </footer>
      </article>
    </div>
  );
}
