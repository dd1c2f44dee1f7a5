/** Polls `f` every 20 ms until it holds or `ms` pass (the caller's expect then says what failed). */
export async function waitFor(f: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!f() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}
