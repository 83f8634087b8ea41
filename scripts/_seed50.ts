import { seedLibrary } from "./bench/lib/library";
await seedLibrary({ engine: "pglite", dataDir: process.argv[2]! });
