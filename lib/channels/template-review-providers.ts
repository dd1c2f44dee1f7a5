import { simulatorTemplateReview } from "./simulator/template-review";
import type { TemplateReviewProvider } from "./types";
import { whatsappCloudTemplateReview } from "./whatsapp-cloud/template-review";

const providers: Record<string, TemplateReviewProvider> = {
  simulator: simulatorTemplateReview,
  "whatsapp-cloud": whatsappCloudTemplateReview,
};

/**
 * The review capability of a provider, or undefined when it has none (google-rbm: RBM has
 * no template approval, so its templates wait for an operator in the console queue).
 */
export function templateReviewProvider(name: string): TemplateReviewProvider | undefined {
  return providers[name];
}
