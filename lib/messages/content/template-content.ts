import type { ErrorDetail } from "../../errors";
import type { TemplateView } from "../../templates/schemas";
import { variablesOf } from "../../templates/variables";
import { carouselSlotTexts, planCarouselComponents } from "./carousel-content";
import { failWith, parseAmount, slotValueOf, textsOf, toMetaBody, toMetaMedia } from "./meta-components";
import type { ComponentPlan, MetaBasicComponent, MetaComponent, MetaParameter } from "./meta-components";
import type { BodyParameter, ChatappMessageComponent, MessageComponent } from "../schemas";

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
  const templateHeader = t.components.find((c) => c.type === "HEADER");
  const headerFormat = templateHeader?.format;
  // A TEXT header takes a text parameter only when it has its {{1}}.
  const headerVars = templateHeader?.text ? variablesOf(templateHeader.text).length : 0;
  const body = t.components.find((c) => c.type === "BODY");
  const bodyVars = body && "text" in body ? variablesOf(body.text).length : 0;
  const buttons = t.components.find((c) => c.type === "BUTTONS");
  const templateButtons = buttons && "buttons" in buttons ? buttons.buttons : [];
  const urlButtons = templateButtons.flatMap((b, i) =>
    b.type === "URL" && b.url.includes("{{1}}") ? [i] : [],
  );
  // An authentication template's OTP button is sent as a URL button whose text is the code.
  const otpAt = templateButtons.findIndex((b) => b.type === "OTP");
  const quickReplies = templateButtons.flatMap((b, i) => (b.type === "QUICK_REPLY" ? [i] : []));

  const issues: ErrorDetail[] = [];
  let header: MetaParameter | undefined;
  let otpCode: { index: string; text: string; path: string } | undefined;
  const bodyParams: BodyParameter[] = [];
  const urlSlots: Array<{ index: string; text: string }> = [];
  const replies: MetaBasicComponent[] = [];
  let nextUrl = 0;
  let nextReply = 0;
  const claimed = new Set<string>();
  components.forEach((c, i) => {
    const path = `${base}.${i}`;
    if (c.componentType === "header") {
      if (!headerFormat)
        return void issues.push({ path, message: `Template '${t.name}' has no header parameters` });
      if (header) return void issues.push({ path, message: "Only one header component" });
      if (headerFormat === "TEXT") {
        const [p, ...more] = c.parameters;
        if (headerVars === 0)
          return void issues.push({
            path,
            message: `Template '${t.name}' has a fixed text header: leave out the header component`,
          });
        if (p?.type !== "text" || more.length > 0)
          return void issues.push({
            path: `${path}.parameters`,
            message: `Template '${t.name}' has a text header with {{1}}: it takes exactly one text parameter`,
          });
        header = { type: "text", text: p.text };
        return;
      }
      const wanted = headerFormat.toLowerCase();
      const media = c.parameters[0];
      if (c.parameters.length !== 1 || media?.type !== "media" || media.mediaType !== wanted)
        return void issues.push({
          path: `${path}.parameters`,
          message: `Template '${t.name}' has a ${headerFormat} header: it takes exactly one media parameter with mediaType ${wanted}`,
        });
      header = toMetaMedia(media);
    } else if (c.componentType === "body") {
      const at = c.parameters.findIndex(
        (p) => p.type !== "text" && p.type !== "currency" && p.type !== "date",
      );
      if (at >= 0)
        return void issues.push({
          path: `${path}.parameters.${at}`,
          message: "Body parameters are text, currency or date parameters",
        });
      bodyParams.push(...(c.parameters as BodyParameter[]));
    } else {
      const reply = c.sub_type === "quick_reply" || c.parameters.some((p) => p.type === "payload");
      const fallback = reply
        ? quickReplies[nextReply++]
        : otpAt >= 0 && !otpCode
          ? otpAt
          : urlButtons[nextUrl++];
      const index = c.index ?? (fallback === undefined ? undefined : String(fallback));
      const button = index === undefined ? undefined : templateButtons[Number(index)];
      const dynamic = button?.type === "URL" && button.url.includes("{{1}}");
      if (button?.type === "OTP" && index !== undefined) {
        const [p, ...more] = c.parameters;
        if (c.sub_type === "quick_reply" || p?.type !== "text" || more.length > 0)
          return void issues.push({
            path: `${path}.parameters`,
            message: `Button ${index} is the OTP button: sub_type url with one text parameter, the code`,
          });
        if (otpCode) return void issues.push({ path, message: `Button index ${index} given twice` });
        otpCode = { index, text: p.text, path: `${path}.parameters.0.text` };
        return;
      }
      if (index === undefined || !button || (!dynamic && button.type !== "QUICK_REPLY"))
        return void issues.push({
          path,
          message: `Template '${t.name}' has no ${reply ? "quick-reply button" : "URL button with a variable"}${index === undefined ? " left" : ` at index ${index}`}`,
        });
      if (claimed.has(index)) return void issues.push({ path, message: `Button index ${index} given twice` });
      claimed.add(index);
      const [p, ...more] = c.parameters;
      if (dynamic) {
        if (c.sub_type === "quick_reply")
          return void issues.push({ path: `${path}.sub_type`, message: `Button ${index} is a URL button` });
        if (p?.type !== "text" || more.length > 0)
          return void issues.push({
            path: `${path}.parameters`,
            message: "A URL button takes one text parameter (the URL suffix)",
          });
        urlSlots.push({ index, text: p.text });
      } else {
        if (c.sub_type === "url")
          return void issues.push({
            path: `${path}.sub_type`,
            message: `Button ${index} is a quick-reply button`,
          });
        if (p?.type !== "payload" || more.length > 0)
          return void issues.push({
            path: `${path}.parameters`,
            message: "A quick-reply button takes one payload parameter",
          });
        replies.push({
          type: "button",
          sub_type: "quick_reply",
          index,
          parameters: [{ type: "payload", payload: p.payload }],
        });
      }
    }
  });
  if (headerFormat === "TEXT" && headerVars > 0 && !header && issues.length === 0)
    issues.push({
      path: base,
      message: `Template '${t.name}' has a text header with {{1}}: add a header component with one text parameter`,
    });
  if (headerFormat && headerFormat !== "TEXT" && !header && issues.length === 0)
    issues.push({
      path: base,
      message: `Template '${t.name}' has a ${headerFormat} header: add a header component with one media parameter (mediaType ${headerFormat.toLowerCase()})`,
    });
  if (bodyParams.length !== bodyVars && issues.length === 0)
    issues.push({
      path: base,
      message: `Template '${t.name}' has ${bodyVars} body variable(s); the body component has ${bodyParams.length} parameter(s)`,
    });
  // The code is the body's {{1}}; the button repeats it (and is filled from it when left out).
  const code = bodyParams[0]?.type === "text" ? bodyParams[0].text : undefined;
  if (otpAt >= 0 && otpCode && otpCode.text !== code && issues.length === 0)
    issues.push({
      path: otpCode.path,
      message: `The OTP button's code must be the body's code ('${code ?? ""}')`,
    });
  const urlClaimed = urlSlots.length;
  if (urlClaimed !== urlButtons.length && issues.length === 0)
    issues.push({
      path: base,
      message: `Template '${t.name}' has ${urlButtons.length} URL button(s) with a variable; ${urlClaimed} button component(s) given`,
    });
  if (issues.length > 0) failWith(issues);

  urlSlots.sort((a, b) => Number(a.index) - Number(b.index));
  // B1's order: the header's {{1}}, the body, then the URL suffixes (an OTP button takes none:
  // it repeats the body's code).
  const headerText = header?.type === "text" ? header : undefined;
  const first = headerText ? 1 : 0;
  const bodyCount = bodyParams.length;
  const slots = first + bodyCount + urlSlots.length;
  return {
    slots,
    ...(otpAt >= 0 && {
      fit: (values: readonly string[]) =>
        values.length === slots + 1 && values[slots] === values[first] ? values.slice(0, slots) : values,
    }),
    problem: (values) => {
      const at = bodyParams.findIndex(
        (p, i) => p.type === "currency" && parseAmount(values[first + i] ?? "") === undefined,
      );
      return at < 0
        ? undefined
        : `Variable ${first + at + 1} fills a currency parameter: an amount such as 100.99 (got '${values[first + at]}')`;
    },
    build(values) {
      const out: MetaComponent[] = [];
      if (headerText)
        out.push({ type: "header", parameters: [{ type: "text", text: values?.[0] ?? headerText.text }] });
      else if (header) out.push({ type: "header", parameters: [header] });
      const bodyOut = bodyParams.map((p, i) => toMetaBody(p, values?.[first + i]));
      if (bodyCount > 0) out.push({ type: "body", parameters: bodyOut });
      const otpText = bodyOut[0]?.type === "text" ? bodyOut[0].text : "";
      const buttonsOut: MetaBasicComponent[] = [
        ...(otpAt >= 0
          ? [
              {
                type: "button" as const,
                sub_type: "url" as const,
                index: String(otpAt),
                parameters: [{ type: "text" as const, text: otpText }],
              },
            ]
          : []),
        ...urlSlots.map((b, i) => ({
          type: "button" as const,
          sub_type: "url" as const,
          index: b.index,
          parameters: [
            { type: "text" as const, text: values ? (values[first + bodyCount + i] ?? "") : b.text },
          ],
        })),
        ...replies,
      ];
      out.push(...buttonsOut.sort((a, b) => Number(a.index) - Number(b.index)));
      return out;
    },
  };
}

/**
 * The slot values of the request as a B1 variable would carry them: body (a currency as its
 * amount, a date as its text), then URL suffixes by button index, then the
 * carousel's cards (by `card_index`: each card's body, then its URL suffixes).
 */
export function slotTexts(components: ChatappMessageComponent[]): string[] {
  const positioned = components.map((c, i) => ({ c, i }));
  const body = components.flatMap((c) =>
    c.componentType === "body"
      ? c.parameters.flatMap((p) =>
          p.type === "text" || p.type === "currency" || p.type === "date" ? [slotValueOf(p)] : [],
        )
      : [],
  );
  const buttons = positioned
    .flatMap(({ c, i }) => (c.componentType === "button" ? [{ c, i }] : []))
    .sort((a, b) => Number(a.c.index ?? a.i) - Number(b.c.index ?? b.i))
    .flatMap(({ c }) => textsOf(c.parameters));
  const cards = components.flatMap((c) => (c.componentType === "carousel" ? carouselSlotTexts(c) : []));
  return [...body, ...buttons, ...cards];
}
