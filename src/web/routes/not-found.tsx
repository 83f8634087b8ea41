import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "404 Page Not Found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-900">404 Page Not Found</h1>
      <p className="text-slate-600">Did you forget to add the page to the router?</p>
      <Link to="/" className="text-brand-600 underline">
        Go to the homepage
      </Link>
    </div>
  );
}
