import type { ErrorDetail } from "../errors";
import type { TemplateView } from "../templates/schemas";
import { variablesOf } from "../templates/variables";
import { carouselSlotTexts, planCarouselComponents } from "./carousel-content";
import {
  failWith,
  textsOf,
  toMetaMedia,
  type ComponentPlan,
  type MetaComponent,
  type MetaParameter,
} from "./meta-components";
import type { ChatappMessageComponent, MessageComponent } from "./schemas";

export type { ComponentPlan, MetaComponent, MetaParameter } from "./meta-components";

/**
 * A template's parameters checked against the request's components (see ComponentPlan);
 * CAROUSEL templates are planned in carousel-content.ts.
 */
export function planTemplateComponents(
  t: TemplateView,
  all: ChatappMessageComponent[],
  base = "message.components",
): ComponentPlan {
  if (t.components.some((c) => c.type === "CAROUSEL")) return planCarouselComponents(t, all, base);
  const carouselAt = all.findIndex((c) => c.componentType === "carousel");
  if (carouselAt >= 0)
    failWith([
      {
        path: `${base}.${carouselAt}`,
        message: `Template '${t.name}' is not a carousel: no carousel component`,
      },
    ]);
  const components = all as MessageComponent[];
  const hasImageHeader = t.components.some((c) => c.type === "HEADER");
  const body = t.components.find((c) => c.type === "BODY");
  const bodyVars = body && "text" in body ? variablesOf(body.text).length : 0;
  const buttons = t.components.find((c) => c.type === "BUTTONS");
  const urlButtons: number[] = [];
  if (buttons && "buttons" in buttons) {
    buttons.buttons.forEach((b, i) => {
      if (b.type === "URL" && b.url.includes("{{1}}")) urlButtons.push(i);
    });
  }

  const issues: ErrorDetail[] = [];
  let header: MetaParameter | undefined;
  let bodyCount = 0;
  const buttonSlots: Array<{ index: string; count: number }> = [];
  let nextButton = 0;
  components.forEach((c, i) => {
    const path = `${base}.${i}`;
    const media = c.parameters.filter((p) => p.type === "media");
    const texts = c.parameters.filter((p) => p.type === "text");
    if (c.componentType === "header") {
      if (!hasImageHeader)
        return void issues.push({ path, message: `Template '${t.name}' has no header parameters` });
      if (header) return void issues.push({ path, message: "Only one header component" });
      if (media.length !== 1 || texts.length > 0)
        return void issues.push({
          path: `${path}.parameters`,
          message: "The image header takes exactly one media parameter",
        });
      header = toMetaMedia(media[0]!);
    } else if (c.componentType === "body") {
      if (media.length > 0)
        return void issues.push({ path: `${path}.parameters`, message: "Body parameters are text" });
      bodyCount += texts.length;
    } else {
      const index = c.index ?? String(urlButtons[nextButton] ?? nextButton);
      nextButton++;
      if (!urlButtons.includes(Number(index)))
        return void issues.push({
          path,
          message: `Template '${t.name}' has no URL button with a variable at index ${index}`,
        });
      if (buttonSlots.some((b) => b.index === index))
        return void issues.push({ path, message: `Button index ${index} given twice` });
      if (media.length > 0 || texts.length !== 1)
        return void issues.push({
          path: `${path}.parameters`,
          message: "A URL button takes one text parameter (the URL suffix)",
        });
      buttonSlots.push({ index, count: 1 });
    }
  });
  if (hasImageHeader && !header && issues.length === 0)
    issues.push({
      path: base,
      message: `Template '${t.name}' has an image header: add a header component with one media parameter`,
    });
  if (bodyCount !== bodyVars && issues.length === 0)
    issues.push({
      path: base,
      message: `Template '${t.name}' has ${bodyVars} body variable(s); the body component has ${bodyCount} parameter(s)`,
    });
  if (buttonSlots.length !== urlButtons.length && issues.length === 0)
    issues.push({
      path: base,
      message: `Template '${t.name}' has ${urlButtons.length} URL button(s) with a variable; ${buttonSlots.length} button component(s) given`,
    });
  if (issues.length > 0) failWith(issues);

  buttonSlots.sort((a, b) => Number(a.index) - Number(b.index));
  const slots = bodyCount + buttonSlots.length;
  return {
    slots,
    build(values) {
      const out: MetaComponent[] = [];
      if (header) out.push({ type: "header", parameters: [header] });
      if (bodyCount > 0)
        out.push({
          type: "body",
          parameters: values.slice(0, bodyCount).map((text) => ({ type: "text", text })),
        });
      buttonSlots.forEach((b, i) =>
        out.push({
          type: "button",
          sub_type: "url",
          index: b.index,
          parameters: [{ type: "text", text: values[bodyCount + i] ?? "" }],
        }),
      );
      return out;
    },
  };
}

/**
 * The text parameters of the request in slot order: body, then buttons by index, then the
 * carousel's cards (by `card_index`: each card's body, then its URL suffixes).
 */
export function slotTexts(components: ChatappMessageComponent[]): string[] {
  const positioned = components.map((c, i) => ({ c, i }));
  const body = components.flatMap((c) => (c.componentType === "body" ? textsOf(c.parameters) : []));
  const buttons = positioned
    .flatMap(({ c, i }) => (c.componentType === "button" ? [{ c, i }] : []))
    .sort((a, b) => Number(a.c.index ?? a.i) - Number(b.c.index ?? b.i))
    .flatMap(({ c }) => textsOf(c.parameters));
  const cards = components.flatMap((c) => (c.componentType === "carousel" ? carouselSlotTexts(c) : []));
  return [...body, ...buttons, ...cards];
}
