import { Dialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { returnFocus } from "~/web/lib/return-focus";
import { simulationInputSchema, type Simulation, type SimulationInput, type SimulationVisibility } from "~/shared/schemas/simulations";
import { Button } from "~/web/components/ui/button";
import { Field } from "~/web/components/ui/field";
import { TextareaField } from "~/web/components/ui/textarea-field";
import { ImageUploadField } from "~/web/features/images/image-upload-field";
import { ApiError } from "~/web/lib/api";
import { focusFirstInvalid, useFieldErrors } from "~/web/lib/use-field-errors";
import { TagInput } from "./tag-input";
import { useCreateSimulation, useUpdateSimulation } from "./use-admin-simulations";

type Form = Required<{ [K in keyof SimulationInput]: Exclude<SimulationInput[K], undefined> }>;

const EMPTY: Form = { title: "", subtitle: "", imageUrl: "", tags: [], instructions: "", typebotUrl: "", visibility: "public" };
const fromSimulation = (s: Simulation): Form => ({ title: s.title, subtitle: s.subtitle, imageUrl: s.imageUrl, tags: s.tags, instructions: s.instructions, typebotUrl: s.typebotUrl, visibility: s.visibility });

/** Create (simulation = null) or edit one simulation; the same schema as the API checks it first. */
export function SimulationFormDialog({ simulation, trigger, open, onOpenChange }: { simulation: Simulation | null; trigger?: ReactNode; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState<Form>(simulation ? fromSimulation(simulation) : EMPTY);
  const { errors, setErrors, validate, revalidate } = useFieldErrors(simulationInputSchema);
  const create = useCreateSimulation();
  const update = useUpdateSimulation();
  const busy = create.isPending || update.isPending;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    const next = { ...form, [key]: value };
    setForm(next);
    revalidate(key, next);
  };

  const submit = (formElement: HTMLFormElement) => {
    if (!validate(form)) return focusFirstInvalid(formElement);
    const done = {
      onSuccess: () => {
        onOpenChange(false);
        if (!simulation) setForm(EMPTY);
      },
      onError: (error: unknown) => {
        if (!(error instanceof ApiError)) return;
        setErrors(error.fields);
        focusFirstInvalid(formElement);
      },
    };
    if (simulation) update.mutate({ id: simulation.id, body: form }, done);
    else create.mutate(form, done);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold text-brand-900">{simulation ? "Edit Simulation" : "Create New Simulation"}</Dialog.Title>
          <Dialog.Description className="mb-4 text-sm text-slate-600">Fields marked * are required.</Dialog.Description>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              submit(event.currentTarget);
            }}
          >
            <Field label="Title *" value={form.title} onChange={(e) => set("title", e.target.value)} error={errors.title} maxLength={120} />
            <TextareaField label="Subtitle *" hint="Brief description, max 2 lines" rows={2} value={form.subtitle} onChange={(e) => set("subtitle", e.target.value)} error={errors.subtitle} />
            <ImageUploadField label="Image" target="simulation-image" value={form.imageUrl} onChange={(url) => set("imageUrl", url)} successDescription="Simulation image has been uploaded successfully" />
            <TagInput tags={form.tags} onChange={(tags) => set("tags", tags)} />
            <TextareaField
              label="Instructions *"
              hint='Numbered steps like "1. Read the brief. 2. ..."; " - " makes a sub-point.'
              rows={4}
              value={form.instructions}
              onChange={(e) => set("instructions", e.target.value)}
              error={errors.instructions}
            />
            <Field label="Typebot URL *" type="url" value={form.typebotUrl} onChange={(e) => set("typebotUrl", e.target.value)} error={errors.typebotUrl} placeholder="https://typebot.io/..." />
            <fieldset className="grid gap-1.5">
              <legend className="text-sm font-medium text-slate-800">Visibility</legend>
              <div className="flex gap-4">
                {(["public", "unlisted"] as SimulationVisibility[]).map((value) => (
                  <label key={value} className="inline-flex items-center gap-2 text-sm capitalize">
                    <input type="radio" name="visibility" value={value} checked={form.visibility === value} onChange={() => set("visibility", value)} />
                    {value}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="flex justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : simulation ? "Update Simulation" : "Create Simulation"}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
