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

/** The metrics a winner can be picked by: a rate over each test arm's recipients. */
export const winnerMetrics = ["read", "clicked", "converted"] as const;
export type WinnerMetric = (typeof winnerMetrics)[number];

/** One test arm's figure when the winner was picked. */
export type WinnerArmRate = { arm: number; name: string; recipients: number; count: number; rate: number };

/** What the winner job decided (lib/promotions/ab/send-winner.ts), kept for the campaign page. */
export type WinnerDecision = {
  /** The variant sent to the rest (the first variant when there was not enough data). */
  arm: number;
  name: string;
  /** false: no verdict possible (below the A/B report's sample rule): the first variant was sent. */
  enoughData: boolean;
  /** Why, in words: the rates compared, or what was missing. */
  reason: string;
  decidedAt: string;
  /** Recipients released to be sent the winner. */
  released: number;
  rates: WinnerArmRate[];
};

/**
 * "Send the winner to the rest": only `testShare`% of the audience outside the holdout is
 * drawn into the variants; the others (arm REST_ARM, state `held`) wait `testHours` from the
 * campaign's start, then are sent the variant with the best `metric` rate.
 */
export type StoredWinner = {
  testShare: number;
  testHours: number;
  metric: WinnerMetric;
  /** Set once the winner is picked (the same transaction that releases the held recipients). */
  decision?: WinnerDecision;
};

/** promotions.ab_test: what the launch drew the arms with, and what each arm is sent. */
export type StoredAbTest = {
  variants: StoredVariant[];
  /** Whole percent of the eligible recipients held out (arm 0, never sent). */
  holdoutPercent: number;
  /** The seed of hashtextextended (a signed 64-bit integer, as text). */
  seed: string;
  /** Absent: every recipient outside the holdout is in a variant. */
  winner?: StoredWinner;
};
