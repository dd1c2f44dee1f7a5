import type { ErrorDetail } from "../../errors";
import type { ChatappComponent } from "../../templates/chatapp-schemas";
import type { TemplateView } from "../../templates/schemas";
import { variablesOf } from "../../templates/variables";
import { failWith, textsOf, toMetaMedia } from "./meta-components";
import type { ComponentPlan, MetaBasicComponent, MetaComponent, MetaParameter } from "./meta-components";
import type { CardComponent, CarouselMessageComponent, ChatappMessageComponent } from "../schemas";

type TemplateCard = Extract<ChatappComponent, { type: "CAROUSEL" }>["cards"][number];

/** A card button that takes a parameter; `order` is its place among the card's slots. */
type ButtonPlan =
  { kind: "url"; index: string; order: number } | { kind: "quick_reply"; index: string; payload: string };

type CardPlan = { cardIndex: number; image: MetaParameter; bodyCount: number; buttons: ButtonPlan[] };

/** Slot order key of a card's button component: its `index`, else its position in the card. */
const buttonOrder = (c: CardComponent, position: number) => Number(c.index ?? position);

/**
 * A CAROUSEL template (top BODY + 2-10 cards of IMAGE header, BODY, optional BUTTONS) checked
 * against the request: top-level `body` components fill the top body; one `carousel` component
 * has one card per template card (`card_index` 0..n-1, each once, as Meta requires every card):
 * a `header` with one media parameter (the card's image), `body` text parameters for the card's
 * variables, a `button` with one text parameter (the URL suffix) per URL button with `{{1}}`,
 * and optionally one with a `payload` parameter per quick-reply button. Slots: the top body's
 * texts, then card by card in `card_index` order, its body texts then its URL suffixes.
 */
export function planCarouselComponents(
  t: TemplateView,
  components: ChatappMessageComponent[],
  base = "message.components",
): ComponentPlan {
  const carousel = t.components.find((c) => c.type === "CAROUSEL");
  const templateCards = carousel && "cards" in carousel ? carousel.cards : [];
  const top = t.components.find((c) => c.type === "BODY");
  const topVars = top && "text" in top ? variablesOf(top.text).length : 0;

  const issues: ErrorDetail[] = [];
  let bodyCount = 0;
  let carouselAt = -1;
  components.forEach((c, i) => {
    const path = `${base}.${i}`;
    if (c.componentType === "carousel") {
      if (carouselAt >= 0) issues.push({ path, message: "Only one carousel component" });
      else carouselAt = i;
    } else if (c.componentType === "body") {
      if (c.parameters.some((p) => p.type !== "text"))
        issues.push({
          path: `${path}.parameters`,
          message: "A carousel template's body parameters are text parameters",
        });
      else bodyCount += c.parameters.length;
    } else {
      issues.push({
        path,
        message: `Template '${t.name}' is a carousel: images and buttons go on its cards, in the carousel component`,
      });
    }
  });
  if (bodyCount !== topVars && issues.length === 0)
    issues.push({
      path: base,
      message: `Template '${t.name}' has ${topVars} body variable(s); the body component has ${bodyCount} parameter(s)`,
    });
  let cards: CardPlan[] = [];
  if (carouselAt < 0)
    issues.push({
      path: base,
      message: `Template '${t.name}' is a carousel of ${templateCards.length} cards: add a carousel component with one card each (card_index 0 to ${templateCards.length - 1})`,
    });
  else
    cards = planCards(
      t,
      templateCards,
      components[carouselAt] as CarouselMessageComponent,
      `${base}.${carouselAt}`,
      issues,
    );
  if (issues.length > 0) failWith(issues);

  const slots =
    bodyCount + cards.reduce((n, c) => n + c.bodyCount + c.buttons.filter((b) => b.kind === "url").length, 0);
  const carouselInput = components[carouselAt] as CarouselMessageComponent;
  const literal = [
    ...components.flatMap((c) => (c.componentType === "body" ? textsOf(c.parameters) : [])),
    ...carouselSlotTexts(carouselInput),
  ];
  return {
    slots,
    // Every slot of a carousel is text.
    problem: () => undefined,
    build(given) {
      const values = given ?? literal;
      let at = 0;
      const take = (n: number) =>
        values.slice(at, (at += n)).map((text) => ({ type: "text" as const, text }));
      const out: MetaComponent[] = [];
      const topTexts = take(bodyCount);
      if (bodyCount > 0) out.push({ type: "body", parameters: topTexts });
      out.push({ type: "carousel", cards: cards.map((card) => buildCard(card, take)) });
      return out;
    },
  };
}

function buildCard(card: CardPlan, take: (n: number) => { type: "text"; text: string }[]) {
  const components: MetaBasicComponent[] = [{ type: "header", parameters: [card.image] }];
  const body = take(card.bodyCount);
  if (card.bodyCount > 0) components.push({ type: "body", parameters: body });
  const suffixes = new Map<string, string>();
  for (const b of card.buttons
    .flatMap((b) => (b.kind === "url" ? [b] : []))
    .sort((x, y) => x.order - y.order))
    suffixes.set(b.index, take(1)[0]?.text ?? "");
  for (const b of [...card.buttons].sort((x, y) => Number(x.index) - Number(y.index)))
    components.push(
      b.kind === "url"
        ? {
            type: "button",
            sub_type: "url",
            index: b.index,
            parameters: [{ type: "text", text: suffixes.get(b.index)! }],
          }
        : {
            type: "button",
            sub_type: "quick_reply",
            index: b.index,
            parameters: [{ type: "payload", payload: b.payload }],
          },
    );
  return { card_index: card.cardIndex, components };
}

function planCards(
  t: TemplateView,
  templateCards: TemplateCard[],
  carousel: CarouselMessageComponent,
  path: string,
  issues: ErrorDetail[],
): CardPlan[] {
  const n = templateCards.length;
  if (carousel.cards.length > n)
    issues.push({
      path: `${path}.cards`,
      message: `Template '${t.name}' has ${n} cards; ${carousel.cards.length} given`,
    });
  const seen = new Set<number>();
  const plans: CardPlan[] = [];
  carousel.cards.forEach((card, k) => {
    const cardPath = `${path}.cards.${k}`;
    const index = card.card_index;
    if (index >= n)
      return void issues.push({
        path: `${cardPath}.card_index`,
        message: `Template '${t.name}' has ${n} cards: card_index is 0 to ${n - 1}`,
      });
    if (seen.has(index))
      return void issues.push({ path: `${cardPath}.card_index`, message: `card_index ${index} given twice` });
    seen.add(index);
    const plan = planCard(t, templateCards[index]!, index, card.components, cardPath, issues);
    if (plan) plans.push(plan);
  });
  const missing = templateCards.map((_, i) => i).filter((i) => !seen.has(i));
  if (missing.length > 0)
    issues.push({
      path: `${path}.cards`,
      message: `Template '${t.name}' has ${n} cards and each needs its card (Meta requires all): card_index ${missing.join(", ")} missing`,
    });
  return plans.sort((a, b) => a.cardIndex - b.cardIndex);
}

function planCard(
  t: TemplateView,
  templateCard: TemplateCard,
  cardIndex: number,
  components: CardComponent[],
  path: string,
  issues: ErrorDetail[],
): CardPlan | undefined {
  const before = issues.length;
  const label = `Card ${cardIndex} of template '${t.name}'`;
  const body = templateCard.components.find((c) => c.type === "BODY");
  const bodyVars = body && "text" in body ? variablesOf(body.text).length : 0;
  const buttonsOf = templateCard.components.find((c) => c.type === "BUTTONS");
  const buttons = buttonsOf && "buttons" in buttonsOf ? buttonsOf.buttons : [];
  const dynamicUrls = buttons.flatMap((b, i) => (b.type === "URL" && b.url.includes("{{1}}") ? [i] : []));
  const quickReplies = buttons.flatMap((b, i) => (b.type === "QUICK_REPLY" ? [i] : []));

  let image: MetaParameter | undefined;
  let headers = 0;
  let bodyCount = 0;
  const planned: ButtonPlan[] = [];
  let nextUrl = 0;
  let nextReply = 0;
  const claimed = new Set<string>();
  components.forEach((c, j) => {
    const at = `${path}.components.${j}`;
    const count = (type: string) => c.parameters.filter((p) => p.type === type).length;
    const others = (type: string) => c.parameters.length - count(type);
    if (c.componentType === "header") {
      if (++headers > 1) return void issues.push({ path: at, message: "Only one header component per card" });
      const media = c.parameters[0];
      if (c.parameters.length !== 1 || media?.type !== "media" || media.mediaType !== "image")
        return void issues.push({
          path: `${at}.parameters`,
          message: "A card header takes exactly one media parameter (the card's image)",
        });
      image = toMetaMedia(media);
    } else if (c.componentType === "body") {
      if (others("text") > 0)
        return void issues.push({
          path: `${at}.parameters`,
          message: "A card's body parameters are text parameters",
        });
      bodyCount += c.parameters.length;
    } else {
      const reply = c.sub_type === "quick_reply" || count("payload") > 0;
      const fallback = reply ? quickReplies[nextReply++] : dynamicUrls[nextUrl++];
      const index = c.index ?? (fallback === undefined ? undefined : String(fallback));
      const button = index === undefined ? undefined : buttons[Number(index)];
      const dynamic = button?.type === "URL" && button.url.includes("{{1}}");
      if (index === undefined || !button || (!dynamic && button.type !== "QUICK_REPLY"))
        return void issues.push({
          path: at,
          message: `${label} has no ${reply ? "quick-reply button" : "URL button with a variable"}${index === undefined ? " left" : ` at index ${index}`}`,
        });
      if (claimed.has(index))
        return void issues.push({ path: at, message: `Button index ${index} given twice` });
      claimed.add(index);
      if (dynamic) {
        if (c.sub_type === "quick_reply")
          return void issues.push({ path: `${at}.sub_type`, message: `Button ${index} is a URL button` });
        if (count("text") !== 1 || others("text") > 0)
          return void issues.push({
            path: `${at}.parameters`,
            message: "A URL button takes one text parameter (the URL suffix)",
          });
        planned.push({ kind: "url", index, order: buttonOrder(c, j) });
      } else {
        if (c.sub_type === "url")
          return void issues.push({
            path: `${at}.sub_type`,
            message: `Button ${index} is a quick-reply button`,
          });
        const payload = c.parameters.find((p) => p.type === "payload");
        if (!payload || c.parameters.length !== 1)
          return void issues.push({
            path: `${at}.parameters`,
            message: "A quick-reply button takes one payload parameter",
          });
        planned.push({ kind: "quick_reply", index, payload: payload.payload });
      }
    }
  });
  if (headers === 0)
    issues.push({
      path: `${path}.components`,
      message: `${label} needs its image: a header component with one media parameter`,
    });
  if (bodyCount !== bodyVars)
    issues.push({
      path: `${path}.components`,
      message: `${label} has ${bodyVars} body variable(s); the card's body has ${bodyCount} parameter(s)`,
    });
  for (const i of dynamicUrls) {
    if (!claimed.has(String(i)))
      issues.push({
        path: `${path}.components`,
        message: `${label}: URL button ${i} takes its URL suffix, add a button component with one text parameter`,
      });
  }
  if (issues.length > before || !image) return undefined;
  return { cardIndex, image, bodyCount, buttons: planned };
}

/** The request's card texts in slot order: by `card_index`, each card's body then URL suffixes. */
export function carouselSlotTexts(carousel: CarouselMessageComponent): string[] {
  return [...carousel.cards]
    .sort((a, b) => a.card_index - b.card_index)
    .flatMap((card) => {
      const body = card.components
        .filter((c) => c.componentType === "body")
        .flatMap((c) => textsOf(c.parameters));
      const buttons = card.components
        .map((c, j) => ({ c, j }))
        .filter(({ c }) => c.componentType === "button")
        .sort((a, b) => buttonOrder(a.c, a.j) - buttonOrder(b.c, b.j))
        .flatMap(({ c }) => textsOf(c.parameters));
      return [...body, ...buttons];
    });
}
