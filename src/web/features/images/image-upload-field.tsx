import { ImagePlus, Loader2, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { imageSrcSet } from "~/shared/images";
import { toast } from "~/web/lib/toast";
import { acceptableImage, uploadFailedToast, uploadImage, type UploadTarget } from "./upload-image";

interface ImageUploadFieldProps {
  label: string;
  target: UploadTarget;
  value: string;
  onChange: (imageUrl: string) => void;
  /** The success toast's description (the spec words it per screen). */
  successDescription?: string;
}

/** Idle → uploading → done or failed (internal-side §4): a preview that can be cleared. */
export function ImageUploadField({ label, target, value, onChange, successDescription }: ImageUploadFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file || !acceptableImage(file)) return;
    setUploading(true);
    try {
      onChange(await uploadImage(target, file));
      toast({ title: "Image uploaded", description: successDescription });
    } catch (error) {
      uploadFailedToast(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <div className="relative">
            <img src={value} srcSet={imageSrcSet(value, target)} sizes="160px" alt="Preview" className="h-20 w-32 rounded-md border border-slate-200 object-cover" />
            <button
              type="button"
              onClick={() => onChange("")}
              aria-label="Clear image"
              className="absolute -top-2 -right-2 rounded-full bg-white p-1 text-slate-700 shadow ring-1 ring-slate-300 hover:bg-slate-50"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </div>
        ) : (
          <div className="flex h-20 w-32 items-center justify-center rounded-md border border-dashed border-slate-300 text-slate-400">
            <ImagePlus className="size-6" aria-hidden />
          </div>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          disabled={uploading}
          onChange={(event) => void pick(event.target.files?.[0])}
          className="max-w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
        />
        {uploading && (
          <span className="inline-flex items-center gap-1 text-sm text-slate-600" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Uploading...
          </span>
        )}
      </div>
      <p className="text-xs text-slate-500">JPEG, PNG, GIF or WebP, under 5MB.</p>
    </div>
  );
}
