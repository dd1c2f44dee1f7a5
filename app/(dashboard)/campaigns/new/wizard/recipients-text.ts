/** "1 recipient", "1,000 recipients". */
export const recipients = (n: number) => `${n.toLocaleString("en-US")} recipient${n === 1 ? "" : "s"}`;
