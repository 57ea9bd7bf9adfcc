import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/**
 * Reads `docker-compose.yml` and the image's `docker/Dockerfile` the way Docker would, without a Docker engine, so a
 * test can run the stack's services as plain processes (compose-stack.int-spec.ts).
 */

export interface ComposeService {
  name: string;
  image?: string;
  build?: unknown;
  command?: string[];
  /** The service's environment, interpolated; a variable listed without a value (taken from the host) is left out. */
  environment: Record<string, string>;
  /** Named volumes and bind mounts: target path -> source. */
  volumes: Record<string, string>;
  /** Published ports: container port -> host port. */
  ports: Record<string, string>;
}

export class ComposeError extends Error {}

/**
 * Compose's variable interpolation (https://docs.docker.com/compose/how-tos/environment-variables/variable-interpolation/):
 * `$$` is a literal `$`; `$VAR` and `${VAR}`; `${VAR:-default}` / `${VAR-default}` (unset or empty / unset);
 * `${VAR:?message}` / `${VAR?message}` refuse to start; `${VAR:+other}` / `${VAR+other}`. Defaults may nest.
 */
export function interpolate(text: string, variables: Record<string, string | undefined>): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char !== '$') {
      out += char;
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i += 2;
      continue;
    }
    if (next === '{') {
      // Find the matching brace (defaults may contain ${...} themselves).
      let depth = 1;
      let j = i + 2;
      for (; j < text.length && depth > 0; j++) {
        if (text[j] === '{') depth++;
        else if (text[j] === '}') depth--;
      }
      if (depth > 0) throw new ComposeError(`Unclosed \${ in ${JSON.stringify(text)}`);
      out += expand(text.slice(i + 2, j - 1), variables);
      i = j;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1))?.[0];
    if (!name) {
      out += '$';
      i++;
      continue;
    }
    out += variables[name] ?? '';
    i += 1 + name.length;
  }
  return out;
}

function expand(body: string, variables: Record<string, string | undefined>): string {
  const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])([\s\S]*))?$/.exec(body);
  if (!match) throw new ComposeError(`Invalid interpolation \${${body}}`);
  const [, name, colon, operator, argument = ''] = match;
  const value = variables[name];
  const missing = colon ? value === undefined || value === '' : value === undefined;
  switch (operator) {
    case undefined:
      return value ?? '';
    case '-':
      return missing ? interpolate(argument, variables) : value!;
    case '+':
      return missing ? '' : interpolate(argument, variables);
    default:
      if (missing) throw new ComposeError(`required variable ${name} is missing a value: ${interpolate(argument, variables)}`);
      return value!;
  }
}

/** The variables a compose file requires (`${VAR:?...}` or `${VAR?...}`): an operator must set each. */
export function requiredVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?\?/g)].map((match) => match[1]))];
}

const scalar = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Every string in a parsed YAML tree, interpolated. */
function interpolateTree(node: unknown, variables: Record<string, string | undefined>): unknown {
  if (typeof node === 'string') return interpolate(node, variables);
  if (Array.isArray(node)) return node.map((item) => interpolateTree(item, variables));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolateTree(value, variables)]));
  }
  return node;
}

function toMap(value: unknown, separator: string): Record<string, string> {
  if (!value) return {};
  if (Array.isArray(value)) {
    const entries = value.map((item) => {
      const text = scalar(item);
      const at = text.indexOf(separator);
      return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
    });
    return Object.fromEntries(entries.filter(([, item]) => item !== undefined)) as Record<string, string>;
  }
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== null && item !== undefined)
      .map(([key, item]) => [key, scalar(item)]),
  );
}

/** Parses a compose file (YAML merge keys `<<` included) and interpolates it with `variables`. */
export function readCompose(path: string, variables: Record<string, string | undefined>): ComposeService[] {
  const parsed = interpolateTree(parse(readFileSync(path, 'utf8'), { merge: true }), variables) as {
    services?: Record<string, Record<string, unknown>>;
  };
  return Object.entries(parsed.services ?? {}).map(([name, service]) => {
    const volumes: Record<string, string> = {};
    for (const volume of (service.volumes as unknown[] | undefined) ?? []) {
      const [source, target] = scalar(volume).split(':');
      if (target) volumes[target] = source;
    }
    const ports: Record<string, string> = {};
    for (const port of (service.ports as unknown[] | undefined) ?? []) {
      const parts = scalar(port).split(':');
      ports[parts[parts.length - 1]] = parts[parts.length - 2] ?? parts[parts.length - 1];
    }
    const command = service.command;
    return {
      name,
      image: service.image as string | undefined,
      build: service.build,
      command: Array.isArray(command) ? command.map(scalar) : typeof command === 'string' ? command.split(/\s+/) : undefined,
      environment: toMap(service.environment, '='),
      volumes,
      ports,
    };
  });
}

export interface DockerImage {
  workdir: string;
  env: Record<string, string>;
  cmd: string[];
}

/** The final stage of a Dockerfile: its WORKDIR, ENV (KEY=value pairs) and CMD (exec form). */
export function readDockerfile(path: string): DockerImage {
  const lines = readFileSync(path, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim());
  const lastFrom = lines.map((line) => /^FROM\s/i.test(line)).lastIndexOf(true);
  const image: DockerImage = { workdir: '/', env: {}, cmd: [] };
  for (const line of lines.slice(lastFrom + 1)) {
    const [instruction, ...rest] = line.split(/\s+/);
    const argument = rest.join(' ');
    if (/^WORKDIR$/i.test(instruction)) image.workdir = argument;
    else if (/^ENV$/i.test(instruction)) {
      for (const pair of argument.match(/[A-Za-z_][A-Za-z0-9_]*=("[^"]*"|\S*)/g) ?? []) {
        const at = pair.indexOf('=');
        image.env[pair.slice(0, at)] = pair.slice(at + 1).replace(/^"(.*)"$/, '$1');
      }
    } else if (/^CMD$/i.test(instruction)) image.cmd = JSON.parse(argument) as string[];
  }
  return image;
}
