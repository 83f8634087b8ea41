import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet } from "react-router";
import { createQueryClient } from "~/web/lib/query-client";
import staffCss from "~/web/staff.css?url";

// The staff screens' utilities; public pages carry only their own, inline (app.css).
export const links = () => [{ rel: "stylesheet", href: staffCss }];

/**
 * Staff screens read and write through TanStack Query; the provider lives here rather than in the
 * root so that public pages never download the query library.
 */
export default function StaffLayout() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
