import { IMAGE_MAX_BYTES, IMAGE_TYPES } from "~/shared/images";
import type { ErrorBody } from "~/shared/http-error";
import { ApiError } from "~/web/lib/api";
import { toast } from "~/web/lib/toast";

export type UploadTarget = "simulation-image" | "mentor-image";

/**
 * The spec's checks before sending (a quick answer for the person); the server checks the
 * content again. Returns false, with the spec's toast, when the file cannot be sent.
 */
export function acceptableImage(file: File): boolean {
  if (!file.type.startsWith("image/") || !(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    toast({ title: "Invalid file type", description: "Please upload an image file", variant: "destructive" });
    return false;
  }
  if (file.size >= IMAGE_MAX_BYTES) {
    toast({ title: "File too large", description: "Image size should be less than 5MB", variant: "destructive" });
    return false;
  }
  return true;
}

/** POST /api/upload/{target} with the multipart field `image`; answers the stored image's URL. */
export async function uploadImage(target: UploadTarget, file: File): Promise<string> {
  const form = new FormData();
  form.append("image", file);
  let response: Response;
  try {
    response = await fetch(`/api/upload/${target}`, { method: "POST", body: form, credentials: "include" });
  } catch {
    throw new ApiError(0, "network", "Network error");
  }
  const body = (await response.json().catch(() => null)) as ({ imageUrl?: string } & Partial<ErrorBody>) | null;
  if (!response.ok || !body?.imageUrl) {
    throw new ApiError(response.status, body?.error?.code ?? "internal", body?.error?.message ?? response.statusText, body?.error?.fields);
  }
  return body.imageUrl;
}

/** The server refused the file itself: the spec's type and size toasts; anything else: Upload failed. */
export function uploadFailedToast(error: unknown): void {
  if (error instanceof ApiError && error.code === "payload_too_large") {
    toast({ title: "File too large", description: "Image size should be less than 5MB", variant: "destructive" });
  } else if (error instanceof ApiError && error.code === "invalid" && error.fields.image) {
    toast({ title: "Invalid file type", description: "Please upload an image file", variant: "destructive" });
  } else {
    toast({ title: "Upload failed", description: "Failed to upload image. Please try again.", variant: "destructive" });
  }
}
