import type { ChatappComponent } from "./chatapp-schemas";
import type { RcsRichCard } from "./rcs-schemas";
import type { TemplateView } from "./schemas";

/**
 * A template's content as stored, whichever its channel: a chatapp template's category and
 * components, or an RCS template's card (no category, no components); its images by hash.
 */
export type TemplateContent = {
  name: string;
  language: string;
  category: TemplateView["category"];
  components: ChatappComponent[];
  rcsCard: RcsRichCard | null;
  mediaHashes: string[];
};
