import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

/**
 * A route hands its command parsed input only (issue 29 item 3): the body comes through @BodyOf / @QueryOrBodyOf
 * (common/input.ts), never raw. input-style.spec.ts refuses the text `@Body(` line by line; this reads each route
 * handler's syntax tree, so it also sees what a line match does not: Nest's Body, Query or Param under another name,
 * the request taken whole (@Req) and its body read in the handler, or the request passed into a command.
 */

const ROUTE_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'All', 'Sse', 'Options', 'Head']);
const RAW_INPUT = new Set(['Body', 'Query', 'Param', 'RawBody']);
const REQUEST = new Set(['Req', 'Request']);
/** Stripe's webhook checks its signature over the exact bytes it signed: the only route that reads the raw body. */
const RAW_BODY_ROUTES = new Set(['payments/payments.controller.ts#webhook']);

/** What a route handler does with the request body that it must not, as `file:line: what`. */
function rawBodyReads(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  // Nest's decorators by the name this file gives them (`import { Body as Payload } from '@nestjs/common'`).
  const nest = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || (statement.moduleSpecifier as ts.StringLiteral).text !== '@nestjs/common') continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) nest.set(element.name.text, (element.propertyName ?? element.name).text);
  }
  const decoratorName = (decorator: ts.Decorator): string | null => {
    const call = decorator.expression;
    const callee = ts.isCallExpression(call) ? call.expression : call;
    return ts.isIdentifier(callee) ? (nest.get(callee.text) ?? null) : null;
  };
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${what}`);

  const visit = (node: ts.Node): void => {
    if (ts.isMethodDeclaration(node) && ts.getDecorators(node)?.some((d) => ROUTE_DECORATORS.has(decoratorName(d) ?? ''))) {
      const method = node.name.getText(source);
      const requests = new Set<string>();
      for (const parameter of node.parameters) {
        for (const decorator of ts.getDecorators(parameter) ?? []) {
          const name = decoratorName(decorator);
          if (name && RAW_INPUT.has(name)) at(decorator, `${method} reads @${name} raw (parse it with @${name}Of / @IdParam)`);
          if (name && REQUEST.has(name) && ts.isIdentifier(parameter.name)) requests.add(parameter.name.text);
        }
      }
      const body = node.body;
      if (body && requests.size) {
        const inBody = (child: ts.Node): void => {
          if (ts.isPropertyAccessExpression(child) && ts.isIdentifier(child.expression) && requests.has(child.expression.text)) {
            const field = child.name.text;
            const allowed = field === 'rawBody' && RAW_BODY_ROUTES.has(`${file}#${method}`);
            if ((field === 'body' || field === 'rawBody') && !allowed) at(child, `${method} reads ${child.getText(source)}`);
          }
          if (ts.isElementAccessExpression(child) && ts.isIdentifier(child.expression) && requests.has(child.expression.text))
            at(child, `${method} reads ${child.getText(source)}`);
          if (ts.isVariableDeclaration(child) && ts.isObjectBindingPattern(child.name) && child.initializer) {
            const from = child.initializer;
            if (ts.isIdentifier(from) && requests.has(from.text)) at(child, `${method} destructures the request`);
          }
          if (ts.isNewExpression(child) && /Command$/.test(child.expression.getText(source))) {
            const passes = (arg: ts.Node): boolean =>
              (ts.isIdentifier(arg) && requests.has(arg.text)) || ts.forEachChild(arg, (inner) => passes(inner) || undefined) === true;
            if ((child.arguments ?? []).some(passes)) at(child, `${method} passes the request into ${child.expression.getText(source)}`);
          }
          ts.forEachChild(child, inBody);
        };
        inBody(body);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Product files under backend/src (tests and test support aside), as paths relative to it. */
function productFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : productFiles(root, path);
    return /\.ts$/.test(entry.name) && !/\.(spec|int-spec)\.ts$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

const route = (params: string, body: string, imports = 'Body, Controller, Post, Req') =>
  `import { ${imports} } from '@nestjs/common';\n@Controller('api')\nexport class PlantedController {\n` +
  `  @Post('planted') send(${params}) {\n    ${body}\n  }\n}\n`;

describe('route handlers take parsed input, never the raw request body', () => {
  it('no route of backend/src reads @Body, @Query or @Param raw, reads req.body, or passes the request into a command', () => {
    const src = join(__dirname, '..');
    const found = productFiles(src).flatMap((file) => rawBodyReads(file, readFileSync(join(src, file), 'utf8')));
    expect(found).toEqual([]);
    // The check does read the routes: Stripe's webhook, its one raw-body route, is refused anywhere else.
    const payments = readFileSync(join(src, 'payments/payments.controller.ts'), 'utf8');
    expect(rawBodyReads('payments/other.controller.ts', payments)).toEqual([
      expect.stringMatching(/^payments\/other\.controller\.ts:\d+: webhook reads req\.rawBody$/),
    ]);
  });

  it('fails a planted raw @Body() in a route that sends a command, with file and line', () => {
    const planted = route('@Body() body: unknown', 'return this.commandBus.execute(new SendThingCommand(body));');
    expect(rawBodyReads('things/things.controller.ts', planted)).toEqual([
      'things/things.controller.ts:4: send reads @Body raw (parse it with @BodyOf / @IdParam)',
    ]);
  });

  it('fails Body under another name, and a raw @Query or @Param', () => {
    const aliased = route('@Payload() body: unknown', 'return body;', 'Body as Payload, Controller, Post');
    expect(rawBodyReads('a.controller.ts', aliased)).toEqual([
      'a.controller.ts:4: send reads @Body raw (parse it with @BodyOf / @IdParam)',
    ]);
    const query = route("@Query('q') q: string, @Param('id') id: string", 'return [q, id];', 'Controller, Param, Post, Query');
    expect(rawBodyReads('b.controller.ts', query)).toHaveLength(2);
  });

  it('fails the request taken whole and its body read, destructured, or handed to a command', () => {
    expect(rawBodyReads('c.controller.ts', route('@Req() req: Request', 'return req.body;'))).toEqual([
      'c.controller.ts:5: send reads req.body',
    ]);
    expect(rawBodyReads('d.controller.ts', route('@Req() req: Request', "return req['body'];"))).toHaveLength(1);
    expect(rawBodyReads('e.controller.ts', route('@Req() req: Request', 'const { body } = req;\n    return body;'))).toHaveLength(1);
    expect(rawBodyReads('f.controller.ts', route('@Req() r: Request', 'return this.bus.execute(new SaveCommand({ from: r }));'))).toEqual([
      'f.controller.ts:5: send passes the request into SaveCommand',
    ]);
  });

  it('passes parsed input, and a request used for its session only', () => {
    const parsed = route(
      '@BodyOf(thingSchema) body: Thing, @Req() req: Request',
      'return this.sessions.after(req, this.bus.execute(new SaveCommand(body)));',
      'Controller, Post, Req',
    );
    expect(rawBodyReads('g.controller.ts', parsed)).toEqual([]);
  });
});
