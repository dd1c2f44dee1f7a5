import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Finds every raw SQL statement the code can send, without running it: each call that hands SQL
 * text to the database (`rawQuery(executor, text, ...)`, a `pg` client's `.query(text, ...)`,
 * drizzle's `.execute(sql\`...\`)`) and the text it passes, worked out from the source: string
 * and template literals, `const`s (in scope or imported), `+`, `a ? b : c` (both branches),
 * `[...].join(sep)` and the parameters of a file's own unexported helpers (the arguments of every
 * call to it in that file). A call whose text cannot be worked out that way is reported as
 * `dynamic`, under a key that names its file and enclosing function, so the statements test can
 * demand a representative build for it (lib/db/raw-statements.int.test.ts): no call goes
 * unchecked silently.
 */

export type StaticStatement = { site: string; text: string };
/**
 * A call whose text depends on what runs: `pattern` matches the texts it can send (its template
 * literal's fixed parts, anything between), so a representative run can be checked to reach it.
 */
export type DynamicSite = { key: string; site: string; reason: string; pattern?: RegExp };
export type ScanResult = { statements: StaticStatement[]; dynamic: DynamicSite[]; calls: number };

const MAX_VARIANTS = 256;

class Unknown {
  constructor(readonly reason: string) {}
}
type Value = string[] | Unknown;

type Module = { file: string; source: ts.SourceFile };

/** Scans the given files (repository-relative paths) of the repository at `root`. */
export function scanStatements(root: string, files: readonly string[]): ScanResult {
  const modules = new Map<string, Module>();
  const load = (file: string): Module | undefined => {
    let m = modules.get(file);
    if (!m) {
      const full = path.join(root, file);
      if (!existsSync(full)) return undefined;
      const source = ts.createSourceFile(
        file,
        readFileSync(full, "utf8"),
        ts.ScriptTarget.Latest,
        true,
        kind(file),
      );
      modules.set(file, (m = { file, source }));
    }
    return m;
  };
  const result: ScanResult = { statements: [], dynamic: [], calls: 0 };
  for (const file of files) {
    // Parsing is most of the time: a file that cannot hold such a call is not parsed.
    if (!SENDS_SQL.test(readFileSync(path.join(root, file), "utf8"))) continue;
    const m = load(file);
    if (!m) continue;
    const counts = new Map<string, number>();
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && node.text === "rawQuery" && !isCallee(node) && !isDeclaration(node)) {
        // rawQuery handed on as a value: what it will run cannot be told from here.
        const base = `${file}#${enclosingName(node)}`;
        const n = (counts.get(base) ?? 0) + 1;
        counts.set(base, n);
        const site = `${file}:${m.source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        result.dynamic.push({
          key: n === 1 ? base : `${base}#${n}`,
          site,
          reason: "rawQuery passed as a value",
        });
      }
      if (ts.isCallExpression(node)) {
        const arg = sqlArgument(node);
        if (arg) {
          result.calls++;
          const site = `${file}:${m.source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
          const value = evaluateSite(arg, m, load, root);
          if (value instanceof Unknown) {
            const base = `${file}#${enclosingName(node)}`;
            const n = (counts.get(base) ?? 0) + 1;
            counts.set(base, n);
            result.dynamic.push({
              key: n === 1 ? base : `${base}#${n}`,
              site,
              reason: value.reason,
              pattern: patternOf(arg, m),
            });
          } else for (const text of value) result.statements.push({ site, text });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(m.source);
  }
  return result;
}

const SENDS_SQL = /\brawQuery\b|\.\s*query\s*[<(]|\.\s*execute\s*\(/;

const kind = (file: string) => (file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

const isCallee = (id: ts.Identifier) => ts.isCallExpression(id.parent) && id.parent.expression === id;

const isDeclaration = (id: ts.Identifier) =>
  ts.isImportSpecifier(id.parent) ||
  ts.isExportSpecifier(id.parent) ||
  (ts.isFunctionDeclaration(id.parent) && id.parent.name === id);

/** The expression holding the SQL text if `call` sends SQL, else undefined. */
function sqlArgument(call: ts.CallExpression): ts.Expression | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee) && callee.text === "rawQuery") return call.arguments[1];
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const name = callee.name.text;
  if (name === "execute" && call.arguments.length === 1) {
    const a = call.arguments[0]!;
    if (ts.isTaggedTemplateExpression(a) || isSqlCall(a)) return a;
    return undefined;
  }
  if (name !== "query" || call.arguments.length === 0) return undefined;
  // Hono's `c.req.query("name")` reads the URL's query string.
  const target = callee.expression;
  if (ts.isPropertyAccessExpression(target) && target.name.text === "req") return undefined;
  return call.arguments[0];
}

const isSqlCall = (e: ts.Expression): boolean =>
  ts.isCallExpression(e) &&
  ts.isPropertyAccessExpression(e.expression) &&
  ts.isIdentifier(e.expression.expression) &&
  e.expression.expression.text === "sql";

function enclosingName(node: ts.Node): string {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n)) && n.name) return n.name.getText();
    if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n)) && n.parent) {
      const p = n.parent;
      if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) return p.name.getText();
    }
  }
  return "(module)";
}

function product(parts: string[][]): Value {
  let out = [""];
  for (const options of parts) {
    const next: string[] = [];
    for (const a of out) for (const b of options) next.push(a + b);
    if (next.length > MAX_VARIANTS) return new Unknown(`more than ${MAX_VARIANTS} variants`);
    out = next;
  }
  return out;
}

type Context = {
  load: (file: string) => Module | undefined;
  root: string;
  /** Declarations being evaluated (a constant that refers to itself is not one). */
  seen: Set<ts.Node>;
  /** The values of the parameters of the builders being inlined. */
  env: Map<ts.ParameterDeclaration, string>;
  /** The value each read of a const table by a key picks (the same key, the same entry). */
  picks: Map<string, string>;
  /** The table reads met that `picks` did not bind, with the values they can take. */
  met: Map<string, string[]>;
};

/** Every text a call's argument can be: each const-table read by a key taken once per value. */
function evaluateSite(arg: ts.Expression, m: Module, load: Context["load"], root: string): Value {
  const out = new Set<string>();
  const go = (picks: Map<string, string>): Unknown | undefined => {
    const cx: Context = { load, root, seen: new Set(), env: new Map(), picks, met: new Map() };
    const v = evaluate(arg, m, cx);
    if (v instanceof Unknown) return v;
    const fresh = [...cx.met].find(([id]) => !picks.has(id));
    if (!fresh) {
      v.forEach((t) => out.add(t));
      return out.size > MAX_VARIANTS ? new Unknown(`more than ${MAX_VARIANTS} variants`) : undefined;
    }
    for (const value of fresh[1]) {
      const failed = go(new Map([...picks, [fresh[0], value]]));
      if (failed) return failed;
    }
    return undefined;
  };
  return go(new Map()) ?? [...out];
}

function evaluate(expr: ts.Expression, m: Module, cx: Context): Value {
  const { load, root, seen } = cx;
  const again = (e: ts.Expression, mod: Module = m): Value => evaluate(e, mod, cx);
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
  if (ts.isNumericLiteral(expr)) return [String(Number(expr.text))];
  if (
    ts.isParenthesizedExpression(expr) ||
    ts.isAsExpression(expr) ||
    ts.isSatisfiesExpression(expr) ||
    ts.isNonNullExpression(expr) ||
    ts.isTypeAssertionExpression(expr)
  )
    return again(expr.expression);
  if (ts.isTemplateExpression(expr)) {
    const parts: string[][] = [[expr.head.text]];
    for (const span of expr.templateSpans) {
      const v = again(span.expression);
      if (v instanceof Unknown) return v;
      parts.push(v, [span.literal.text]);
    }
    return product(parts);
  }
  if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const l = again(expr.left);
    if (l instanceof Unknown) return l;
    const r = again(expr.right);
    if (r instanceof Unknown) return r;
    return product([l, r]);
  }
  if (ts.isConditionalExpression(expr)) {
    const a = again(expr.whenTrue);
    if (a instanceof Unknown) return a;
    const b = again(expr.whenFalse);
    if (b instanceof Unknown) return b;
    return [...new Set([...a, ...b])];
  }
  if (ts.isTaggedTemplateExpression(expr) && ts.isIdentifier(expr.tag) && expr.tag.text === "sql")
    return drizzleSql(expr, m, cx, again);
  if (isSqlCall(expr)) {
    const call = expr as ts.CallExpression;
    const fn = (call.expression as ts.PropertyAccessExpression).name.text;
    if (fn === "raw" && call.arguments[0]) return again(call.arguments[0]);
    return new Unknown(`sql.${fn}(...)`);
  }
  if (ts.isCallExpression(expr) && ts.isPropertyAccessExpression(expr.expression)) {
    const { expression: target, name } = expr.expression;
    if (name.text === "join" && ts.isArrayLiteralExpression(target)) {
      const sep = expr.arguments[0] ? again(expr.arguments[0]) : [","];
      if (sep instanceof Unknown) return sep;
      const items: string[][] = [];
      target.elements.forEach((el, i) => {
        const v = ts.isSpreadElement(el) ? new Unknown("a spread") : again(el);
        items.push(v instanceof Unknown ? [] : v);
        if (i < target.elements.length - 1) items.push(sep);
      });
      if (items.some((v) => v.length === 0)) return new Unknown("an array element not known");
      return product(items);
    }
  }
  if (ts.isCallExpression(expr) && ts.isIdentifier(expr.expression)) return inlineBuilder(expr, m, cx);
  if (ts.isElementAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
    // A const table of texts read by a key the code works out: any of its values.
    const decl = resolve(expr.expression, m, load, root);
    const obj = decl && !(decl instanceof Unknown) && decl.init ? stripped(decl.init) : undefined;
    if (decl && !(decl instanceof Unknown) && obj && ts.isObjectLiteralExpression(obj)) {
      const id = `${decl.module.file}:${decl.node.pos}[${expr.argumentExpression.getText()}]`;
      const picked = cx.picks.get(id);
      if (picked !== undefined) return [picked];
      const out = new Set<string>();
      for (const p of obj.properties) {
        const v = ts.isPropertyAssignment(p)
          ? again(p.initializer, decl.module)
          : new Unknown("a computed entry");
        if (v instanceof Unknown) return v;
        v.forEach((t) => out.add(t));
      }
      cx.met.set(id, [...out]);
      return [...out][0] !== undefined ? [[...out][0]!] : new Unknown("an empty table");
    }
    return new Unknown(`${expr.getText()} is not read from a const table`);
  }
  if (ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
    const decl = resolve(expr.expression, m, load, root);
    if (
      decl &&
      !(decl instanceof Unknown) &&
      decl.init &&
      ts.isObjectLiteralExpression(stripped(decl.init))
    ) {
      const obj = stripped(decl.init) as ts.ObjectLiteralExpression;
      for (const p of obj.properties)
        if (ts.isPropertyAssignment(p) && p.name.getText(decl.module.source) === expr.name.text)
          return again(p.initializer, decl.module);
    }
    return new Unknown(`${expr.getText()} is not a known constant`);
  }
  if (ts.isIdentifier(expr)) {
    const decl = resolve(expr, m, load, root);
    if (decl instanceof Unknown) return decl;
    if (!decl) return new Unknown(`${expr.text} is not declared in a file scanned`);
    if (seen.has(decl.node)) return new Unknown(`${expr.text} refers to itself`);
    seen.add(decl.node);
    try {
      if (decl.init) return again(decl.init, decl.module);
      if (decl.parameter) {
        const bound = cx.env.get(decl.parameter);
        if (bound !== undefined) return [bound];
        return parameterValues(decl.parameter, decl.module, again);
      }
      return new Unknown(`${expr.text} has no constant value`);
    } finally {
      seen.delete(decl.node);
    }
  }
  return new Unknown(`${ts.SyntaxKind[expr.kind]} \`${expr.getText().slice(0, 60)}\``);
}

/**
 * A call to a builder (a function, local or imported, whose body is one returned expression):
 * its body evaluated with each parameter bound to the call's argument (every combination).
 */
function inlineBuilder(call: ts.CallExpression, m: Module, cx: Context): Value {
  const callee = call.expression as ts.Identifier;
  const decl = resolveFunction(callee, m, cx);
  if (decl instanceof Unknown) return decl;
  const { fn, module } = decl;
  const body = returnedExpression(fn);
  if (!body) return new Unknown(`${callee.text}(...) is not a one-expression builder`);
  if (cx.seen.has(fn)) return new Unknown(`${callee.text} calls itself`);
  const choices: Array<[ts.ParameterDeclaration, string[]]> = [];
  for (const [i, p] of fn.parameters.entries()) {
    const arg = call.arguments[i];
    const v = arg ? evaluate(arg, m, cx) : p.initializer ? evaluate(p.initializer, module, cx) : [""];
    if (v instanceof Unknown) return new Unknown(`${callee.text}(...): ${v.reason}`);
    choices.push([p, v]);
  }
  const out = new Set<string>();
  const bind = (i: number): Unknown | undefined => {
    if (i === choices.length) {
      cx.seen.add(fn);
      try {
        const v = evaluate(body, module, cx);
        if (v instanceof Unknown) return new Unknown(`${callee.text}(...): ${v.reason}`);
        v.forEach((t) => out.add(t));
      } finally {
        cx.seen.delete(fn);
      }
      return out.size > MAX_VARIANTS ? new Unknown(`more than ${MAX_VARIANTS} variants`) : undefined;
    }
    const [p, values] = choices[i]!;
    const before = cx.env.get(p);
    for (const value of values) {
      cx.env.set(p, value);
      const failed = bind(i + 1);
      if (failed) return failed;
    }
    if (before === undefined) cx.env.delete(p);
    else cx.env.set(p, before);
    return undefined;
  };
  return bind(0) ?? [...out];
}

type Builder = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;

function returnedExpression(fn: Builder): ts.Expression | undefined {
  if (!fn.body) return undefined;
  if (!ts.isBlock(fn.body)) return fn.body;
  const [only, ...rest] = fn.body.statements;
  return only && rest.length === 0 && ts.isReturnStatement(only) ? only.expression : undefined;
}

function resolveFunction(
  id: ts.Identifier,
  m: Module,
  cx: Context,
): { fn: Builder; module: Module } | Unknown {
  const found = (node: ts.Node | undefined, module: Module) => {
    if (node && ts.isFunctionDeclaration(node)) return { fn: node, module };
    if (node && ts.isVariableDeclaration(node) && node.initializer) {
      const init = stripped(node.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return { fn: init, module };
    }
    return new Unknown(`${id.text} is not a function of a file scanned`);
  };
  for (let scope: ts.Node | undefined = id.parent; scope; scope = scope.parent) {
    const statements =
      ts.isBlock(scope) || ts.isSourceFile(scope) || ts.isModuleBlock(scope) ? scope.statements : undefined;
    if (!statements) continue;
    for (const s of statements) {
      if (ts.isFunctionDeclaration(s) && s.name?.text === id.text) return found(s, m);
      if (ts.isVariableStatement(s))
        for (const d of s.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.name.text === id.text) return found(d, m);
      if (ts.isImportDeclaration(s) && s.importClause && ts.isStringLiteral(s.moduleSpecifier)) {
        const named = s.importClause.namedBindings;
        const el =
          named && ts.isNamedImports(named) ? named.elements.find((e) => e.name.text === id.text) : undefined;
        if (!el) continue;
        const target = moduleFile(m.file, s.moduleSpecifier.text, cx.root);
        const other = target ? cx.load(target) : undefined;
        if (!other) return new Unknown(`${id.text} comes from ${s.moduleSpecifier.text}`);
        const name = (el.propertyName ?? el.name).text;
        for (const t of other.source.statements) {
          if (ts.isFunctionDeclaration(t) && t.name?.text === name) return found(t, other);
          if (ts.isVariableStatement(t))
            for (const d of t.declarationList.declarations)
              if (ts.isIdentifier(d.name) && d.name.text === name) return found(d, other);
        }
        return new Unknown(`${name} is not a function exported by ${other.file}`);
      }
    }
  }
  return new Unknown(`${id.text} is not declared in a file scanned`);
}

/**
 * The texts a dynamic call's template literal can make: its fixed parts in order, anything
 * between; a local const is read through, and `?:` gives either branch's texts.
 */
function patternOf(arg: ts.Expression, m: Module): RegExp | undefined {
  void m;
  const source = patternSource(arg, 0);
  return source === undefined ? undefined : new RegExp(`^\\s*(?:${source})\\s*$`);
}

function patternSource(arg: ts.Expression, depth: number): string | undefined {
  if (depth > 8) return undefined;
  let e = localValue(stripped(arg));
  if (ts.isConditionalExpression(e)) {
    const [yes, no] = [patternSource(e.whenTrue, depth + 1), patternSource(e.whenFalse, depth + 1)];
    return yes === undefined || no === undefined ? undefined : `(?:${yes})|(?:${no})`;
  }
  if (ts.isTaggedTemplateExpression(e)) e = e.template;
  if (ts.isNoSubstitutionTemplateLiteral(e) || ts.isStringLiteral(e)) return escaped(e.text);
  if (!ts.isTemplateExpression(e)) return undefined;
  return [e.head.text, ...e.templateSpans.map((s) => s.literal.text)].map(escaped).join("[\\s\\S]*?");
}

/** A text as a pattern: its spaces any whitespace, its ends trimmed. */
const escaped = (t: string) =>
  t
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/ /g, "\\s+");

/** The initializer of the const `e` names in an enclosing block, else `e`. */
function localValue(e: ts.Expression): ts.Expression {
  if (!ts.isIdentifier(e)) return e;
  for (let scope: ts.Node | undefined = e.parent; scope && !ts.isSourceFile(scope); scope = scope.parent)
    if (ts.isBlock(scope))
      for (const s of scope.statements)
        if (ts.isVariableStatement(s))
          for (const d of s.declarationList.declarations)
            if (ts.isIdentifier(d.name) && d.name.text === e.text && d.initializer)
              return stripped(d.initializer);
  return e;
}

const stripped = (e: ts.Expression): ts.Expression =>
  ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e)
    ? stripped(e.expression)
    : e;

/**
 * Drizzle's `sql` template: a value is a parameter ($1, $2 ...), an `sql` fragment (written in
 * place, or a const bound to one) is text. What the source cannot tell apart (a name bound by
 * destructuring, a schema column, a helper named ...Sql) makes the statement dynamic.
 */
function drizzleSql(
  expr: ts.TaggedTemplateExpression,
  m: Module,
  cx: Context,
  again: (e: ts.Expression, mod?: Module) => Value,
): Value {
  const t = expr.template;
  if (ts.isNoSubstitutionTemplateLiteral(t)) return [t.text];
  const parts: string[][] = [[t.head.text]];
  let n = 0;
  for (const span of t.templateSpans) {
    const kind = drizzleSpan(span.expression, m, cx);
    if (kind instanceof Unknown) return kind;
    if (kind === "fragment") {
      const v = kind === "fragment" ? again(span.expression) : [];
      if (v instanceof Unknown) return v;
      parts.push(v);
    } else parts.push([`$${++n}`]);
    parts.push([span.literal.text]);
  }
  return product(parts);
}

const isSqlTemplate = (e: ts.Expression): boolean =>
  (ts.isTaggedTemplateExpression(e) && ts.isIdentifier(e.tag) && e.tag.text === "sql") || isSqlCall(e);

function drizzleSpan(e: ts.Expression, m: Module, cx: Context): "fragment" | "value" | Unknown {
  e = stripped(e);
  if (isSqlTemplate(e)) return "fragment";
  if (ts.isConditionalExpression(e)) {
    const a = drizzleSpan(e.whenTrue, m, cx);
    const b = drizzleSpan(e.whenFalse, m, cx);
    if (a instanceof Unknown) return a;
    if (b instanceof Unknown) return b;
    return a === b ? a : new Unknown("a fragment or a value");
  }
  if (ts.isIdentifier(e)) {
    const decl = resolve(e, m, cx.load, cx.root);
    if (decl instanceof Unknown) return decl;
    if (!decl) return new Unknown(`${e.text} (bound by destructuring, or not found) in sql\`...\``);
    if (decl.parameter) return "value";
    return decl.init ? drizzleSpan(decl.init, decl.module, cx) : new Unknown(`${e.text} in sql\`...\``);
  }
  let root: ts.Expression = e;
  while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root)) root = root.expression;
  if (ts.isIdentifier(root) && root !== e) {
    const decl = resolve(root, m, cx.load, cx.root);
    if (decl instanceof Unknown || !decl || !decl.parameter)
      return new Unknown(`${e.getText()} (maybe a column) in sql\`...\``);
    return "value";
  }
  if (ts.isCallExpression(e)) {
    const callee = e.expression.getText();
    return /sql$/i.test(callee) ? new Unknown(`${callee}(...) in sql\`...\``) : "value";
  }
  return "value";
}

/**
 * The values a parameter takes: for a function the file keeps to itself, the matching argument
 * of every call to it in that file (a helper that runs the statements its callers name).
 */
function parameterValues(
  param: ts.ParameterDeclaration,
  m: Module,
  again: (e: ts.Expression, mod?: Module) => Value,
): Value {
  const fn = param.parent;
  const index = fn.parameters.indexOf(param);
  let name: string | undefined;
  if (ts.isFunctionDeclaration(fn) && fn.name) name = fn.name.text;
  else if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isVariableDeclaration(fn.parent))
    name = fn.parent.name.getText();
  if (!name) return new Unknown(`parameter ${param.name.getText()} of an unnamed function`);
  const declared = ts.isFunctionDeclaration(fn) ? fn : fn.parent.parent.parent;
  const exported =
    ts.canHaveModifiers(declared) &&
    ts.getModifiers(declared)?.some((k) => k.kind === ts.SyntaxKind.ExportKeyword);
  if (exported || m.source.statements.some((s) => ts.isExportDeclaration(s) && s.getText().includes(name)))
    return new Unknown(`parameter ${param.name.getText()} of exported ${name}`);
  const out = new Set<string>();
  let calls = 0;
  let failure: Unknown | undefined;
  const visit = (node: ts.Node): void => {
    if (failure) return;
    if (ts.isIdentifier(node) && node.text === name && node.parent !== fn && node.parent !== fn.parent) {
      const call = node.parent;
      if (!ts.isCallExpression(call) || call.expression !== node) {
        failure = new Unknown(`${name} is passed on, not only called`);
        return;
      }
      calls++;
      const arg = call.arguments[index];
      const v = arg ? again(arg, m) : new Unknown(`a call to ${name} without argument ${index + 1}`);
      if (v instanceof Unknown) failure = v;
      else v.forEach((t) => out.add(t));
    }
    ts.forEachChild(node, visit);
  };
  visit(m.source);
  if (failure) return failure;
  if (calls === 0) return new Unknown(`${name} is never called in its file`);
  return [...out];
}

type Declaration = {
  node: ts.Node;
  module: Module;
  init?: ts.Expression;
  parameter?: ts.ParameterDeclaration;
};

/** The declaration `id` names, following imports into other scanned files. */
function resolve(
  id: ts.Identifier,
  m: Module,
  load: (file: string) => Module | undefined,
  root: string,
): Declaration | Unknown | undefined {
  const name = id.text;
  for (let scope: ts.Node | undefined = id.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope)) {
      const p = scope.parameters.find((q) => ts.isIdentifier(q.name) && q.name.text === name);
      if (p) return { node: p, module: m, parameter: p };
    }
    if (ts.isForOfStatement(scope) || ts.isForInStatement(scope) || ts.isCatchClause(scope)) {
      if (scope.getChildren().some((c) => ts.isVariableDeclarationList(c) && declares(c, name)))
        return new Unknown(`${name} is a loop variable`);
    }
    const statements =
      ts.isBlock(scope) || ts.isSourceFile(scope) || ts.isModuleBlock(scope) || ts.isCaseClause(scope)
        ? scope.statements
        : undefined;
    if (!statements) continue;
    for (const s of statements) {
      if (ts.isVariableStatement(s)) {
        for (const d of s.declarationList.declarations)
          if (ts.isIdentifier(d.name) && d.name.text === name) {
            if (!(s.declarationList.flags & ts.NodeFlags.Const)) return new Unknown(`${name} is not a const`);
            return d.initializer ? { node: d, module: m, init: d.initializer } : undefined;
          }
      }
      if (ts.isImportDeclaration(s) && s.importClause && ts.isStringLiteral(s.moduleSpecifier)) {
        const named = s.importClause.namedBindings;
        if (named && ts.isNamedImports(named)) {
          const el = named.elements.find((e) => e.name.text === name);
          if (el) {
            const target = moduleFile(m.file, s.moduleSpecifier.text, root);
            const other = target ? load(target) : undefined;
            if (!other) return new Unknown(`${name} comes from ${s.moduleSpecifier.text}`);
            return exportedConst(other, (el.propertyName ?? el.name).text, load, root);
          }
        }
      }
    }
  }
  return undefined;
}

const declares = (list: ts.VariableDeclarationList, name: string) =>
  list.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name);

function exportedConst(
  m: Module,
  name: string,
  load: (file: string) => Module | undefined,
  root: string,
): Declaration | Unknown {
  for (const s of m.source.statements) {
    if (ts.isVariableStatement(s) && s.declarationList.flags & ts.NodeFlags.Const)
      for (const d of s.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer)
          return { node: d, module: m, init: d.initializer };
    if (
      ts.isExportDeclaration(s) &&
      s.exportClause &&
      ts.isNamedExports(s.exportClause) &&
      s.moduleSpecifier
    ) {
      const el = s.exportClause.elements.find((e) => e.name.text === name);
      if (el && ts.isStringLiteral(s.moduleSpecifier)) {
        const target = moduleFile(m.file, s.moduleSpecifier.text, root);
        const other = target ? load(target) : undefined;
        if (other) return exportedConst(other, (el.propertyName ?? el.name).text, load, root);
      }
    }
  }
  return new Unknown(`${name} is not a const exported by ${m.file}`);
}

function moduleFile(from: string, specifier: string, root: string): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return undefined;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (existsSync(path.join(root, candidate))) return candidate;
  return undefined;
}

/** The source files of `dirs` (repository-relative) that ship: tests and declaration files left out. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$|\.d\.ts$/.test(e.name)) out.push(rel);
    }
  };
  for (const d of dirs) walk(d);
  return out.sort();
}
