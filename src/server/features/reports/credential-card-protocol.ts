import type { CardContent } from "./credential-card-svg";

/** Messages between the server's thread and the card worker. */
export interface CardRequest {
  id: number;
  content: CardContent;
}
export type CardReply = { id: number; png: Uint8Array } | { id: number; error: string };
