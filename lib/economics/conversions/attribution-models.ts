import { z } from "zod";

/**
 * How a conversion finds its campaign (docs/economics.md, "Attribution"): `last_touch`, the last
 * campaign message the number was sent within that campaign's window (the default); `last_click`,
 * the campaign of the number's last human click of a tracked link within the window. Shared by
 * the settings form and the server (no server imports here).
 */
export const attributionModels = ["last_touch", "last_click"] as const;
export const attributionModel = z.enum(attributionModels, { error: "Choose last_touch or last_click" });
export type AttributionModel = z.infer<typeof attributionModel>;
