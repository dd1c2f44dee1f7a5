/** One look for every recharts chart of the dashboard: margins, grid and axis ticks. */
export const chartMargin = { top: 8, right: 8, bottom: 0, left: -16 };
export const chartGrid = { strokeDasharray: "3 3", vertical: false, stroke: "#e2e8f0" };
export const axisTick = { fontSize: 11, fill: "#475569" };
