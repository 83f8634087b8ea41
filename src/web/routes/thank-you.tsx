import { Link } from "react-router";

export default function ThankYou() {
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-900">Application Submitted!</h1>
      <Link to="/" className="text-brand-600 underline">
        Back to homepage
      </Link>
    </div>
  );
}
