/**
 * Swagger UI's own layout (its BaseLayout, 5.x) with one change: the operations sit in a
 * `<div role="region">`, not a `<main>`. The page already has the shell's main landmark; a
 * second `<main>` fails axe (landmark-no-duplicate-main), and a role on a `<main>` fails it too
 * (aria-allowed-role: a main takes no role), so the element itself has to differ. Swagger UI
 * renders its layout with its own React (`system.React`), so the component is built with it.
 */
type El = unknown;
type H = (type: unknown, props?: Record<string, unknown> | null, ...children: El[]) => El;
type Selectors = Record<string, (...a: unknown[]) => unknown>;
type LayoutProps = { getComponent: (name: string, container?: boolean) => unknown; specSelectors: Selectors };
type System = { React: { createElement: H } };

export function switchboardLayoutPlugin(system: System) {
  const h = system.React.createElement;
  function SwitchboardLayout({ getComponent, specSelectors: spec }: LayoutProps): El {
    const c = (name: string, container = true) => getComponent(name, container);
    const [Row, Col] = [c("Row", false), c("Col", false)];
    const status = spec.loadingStatus!();
    if (status === "loading" || !spec.specStr!())
      return h("div", { className: "swagger-ui" }, h("div", { className: "loading-container" }));
    if (status === "failed" || status === "failedConfig")
      return h("div", { className: "swagger-ui" }, h(c("errors"), null));
    const servers = spec.servers!() as { size?: number } | undefined;
    const schemes = spec.schemes!() as { size?: number } | undefined;
    const secured = Boolean(spec.securityDefinitions!());
    const full = (child: El) => h(Row, null, h(Col, { mobile: 12, desktop: 12 }, child));
    return h(
      "div",
      { className: "swagger-ui" },
      h(c("SvgAssets", false), null),
      h(c("errors"), null),
      h(Row, { className: "information-container" }, h(Col, { mobile: 12 }, h(c("InfoContainer"), null))),
      servers?.size || schemes?.size || secured
        ? h(
            "div",
            { className: "scheme-container" },
            h(
              Col,
              { className: "schemes wrapper", mobile: 12 },
              servers?.size || schemes?.size
                ? h(
                    "div",
                    { className: "schemes-server-container" },
                    servers?.size ? h(c("ServersContainer"), null) : null,
                    schemes?.size ? h(c("SchemesContainer"), null) : null,
                  )
                : null,
              secured ? h(c("AuthorizeBtnContainer"), null) : null,
            ),
          )
        : null,
      h(c("FilterContainer"), null),
      h(
        "div",
        {
          id: "operations",
          role: "region",
          "aria-label": "Operations",
          tabIndex: -1,
          style: { outline: "none" },
        },
        full(h(c("operations"), null)),
        spec.isOAS31!()
          ? h(
              Row,
              { className: "webhooks-container" },
              h(Col, { mobile: 12, desktop: 12 }, h(c("Webhooks"), null)),
            )
          : null,
        full(h(c("Models"), null)),
      ),
    );
  }
  return { components: { SwitchboardLayout } };
}
