/** Staff screens show times in Asia/Kolkata (PRODUCT.md "Reference data"). */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" });
