import { ApplicationSection } from "~/web/features/application-wizard/application-section";

export default function FoundersFind() {
  return (
    <>
      <h1 className="px-4 pt-10 text-center text-4xl font-extrabold text-brand-900">Founder's Find</h1>
      <section id="application" className="scroll-mt-20">
        <ApplicationSection />
      </section>
    </>
  );
}
