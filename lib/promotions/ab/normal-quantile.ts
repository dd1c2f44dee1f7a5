import { errorFunction, probit } from "simple-statistics";

/**
 * The standard normal quantile (z for a two-sided interval: normalQuantile(0.975) = 1.95996).
 * simple-statistics' probit is an approximation (1.9572 at 0.975, off in the third decimal,
 * enough to move a rounded interval's bound); two Newton steps on its errorFunction (accurate to
 * about 1e-9) bring it to the tables' value.
 */
export function normalQuantile(p: number): number {
  let z = probit(p);
  for (let step = 0; step < 2; step++) {
    const cdf = 0.5 * (1 + errorFunction(z / Math.SQRT2));
    const density = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
    z -= (cdf - p) / density;
  }
  return z;
}
