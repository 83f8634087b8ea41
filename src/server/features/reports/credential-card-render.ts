import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { credentialCardSvg, type CardContent } from "./credential-card-svg";

const require = createRequire(import.meta.url);
/**
 * resvg's WebAssembly, compiled once per thread. Found through the package (its `./index_bg.wasm`
 * export), so the sources and the bundled server (npm packages stay external) both reach it.
 */
let ready: Promise<void> | null = null;
const wasmReady = () => (ready ??= readFile(require.resolve("@resvg/resvg-wasm/index_bg.wasm")).then((wasm) => initWasm(wasm)));

/** The share image as PNG bytes. Text arrives as outlines (credential-card-text.ts): resvg loads no font. */
export async function renderCredentialCard(content: CardContent): Promise<Uint8Array> {
  await wasmReady();
  const resvg = new Resvg(credentialCardSvg(content), { font: { loadSystemFonts: false }, fitTo: { mode: "original" } });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
