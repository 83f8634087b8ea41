import { data, Link } from "react-router";
import { CARD_HEIGHT, CARD_WIDTH } from "~/shared/credential";
import { formatDate } from "~/shared/format-date";
import type { PublicCredential } from "~/shared/schemas/report-credential";
import { CredentialView } from "~/web/features/reports/credential-view";
import { baseUrlFrom, pageMeta } from "~/web/lib/meta";
import type { Route } from "./+types/verify";

/** Public, server-rendered: the API answers only what may be shown (GET /api/verify/{id}). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { status, data: body } = await context.fetchApi(request, `/api/verify/${encodeURIComponent(params.id)}`);
  if (status === 200) return { credential: body as PublicCredential };
  // A made-up, malformed or unshared id: one answer for all.
  return data({ credential: null }, { status: status === 404 || status === 400 ? 404 : 500 });
}

/** Never indexed (the page, and the image through its own header); never kept by a shared cache once unshared. */
export const headers = () => ({ "X-Robots-Tag": "noindex, nofollow, noarchive", "Cache-Control": "no-cache" });

export const meta: Route.MetaFunction = ({ data: loaded, matches, params }) => {
  const baseUrl = baseUrlFrom(matches);
  const path = `/verify/${params.id}`;
  const credential = loaded?.credential;
  if (!credential) {
    return pageMeta({ title: "Credential not found", description: "This credential does not exist or is no longer shared.", path, baseUrl, noindex: true });
  }
  const title = `${credential.fullName}: ${credential.simulationType}`;
  const description = `Verified by ${credential.issuer}: ${credential.fullName} scored ${Math.round(credential.totalScore)}% (${credential.band}) in the ${credential.simulationType} job simulation on ${formatDate(credential.completedAt)}.`;
  const alt = `${credential.fullName}, ${credential.simulationType}: ${Math.round(credential.totalScore)}% (${credential.band})`;
  return [
    ...pageMeta({ title, description, path, baseUrl, image: credential.imageUrl, noindex: true }),
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(CARD_WIDTH) },
    { property: "og:image:height", content: String(CARD_HEIGHT) },
    { property: "og:image:alt", content: alt },
    { name: "twitter:image:alt", content: alt },
  ];
};

export default function VerifyPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.credential) {
    return (
      <section className="mx-auto grid max-w-xl gap-4 px-4 py-24 text-center">
        <h1 className="text-2xl font-bold text-brand-900">Credential not found</h1>
        <p className="text-slate-700">This credential does not exist or is no longer shared.</p>
        <Link to="/simulations" className="text-brand-700 underline">
          Explore the simulation library
        </Link>
      </section>
    );
  }
  return <CredentialView credential={loaderData.credential} />;
}
