import { z } from "./zod";
import { emailSchema } from "./common";
import { passwordSchema, staffNameSchema } from "./staff";

/** The first-run page's form: the first admin account (the same rules as `npm run staff -- add`), and the link's token. */
export const setupBodySchema = z.object({
  token: z.string({ error: "The setup link is incomplete" }).min(1, "The setup link is incomplete").max(200),
  name: staffNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SetupBody = z.input<typeof setupBodySchema>;
