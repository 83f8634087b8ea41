// The parts of zod the shared schemas use, re-exported by name. Importing zod's whole `z` namespace
// keeps every locale's messages in the browser bundle (the namespace object is kept whole); named
// re-exports let the bundler drop what no schema uses.
export {
  array, boolean, coerce, config, discriminatedUnion, email, enum, iso, literal, NEVER, null, number, object, preprocess, record, string,
  union, uuid,
} from "zod";
export type { infer, input, output, ZodError, ZodType } from "zod";
