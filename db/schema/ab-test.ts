/** One variant of an A/B test as stored on its promotion: the checked template and its values. */
export type StoredVariant = {
  name: string;
  /** The arm its recipients carry (promotion_recipients.arm): 1..4, in E1's order. */
  arm: number;
  templateId: string;
  templateName: string;
  language: string;
  category: string | null;
  components: unknown[];
};

/** promotions.ab_test: what the launch drew the arms with, and what each arm is sent. */
export type StoredAbTest = {
  variants: StoredVariant[];
  /** Whole percent of the eligible recipients held out (arm 0, never sent). */
  holdoutPercent: number;
  /** The seed of hashtextextended (a signed 64-bit integer, as text). */
  seed: string;
};
