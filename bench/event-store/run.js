#!/usr/bin/env node
// Runs the event store benchmark (TypeScript) without a build step: .ts files are compiled on require by
// @swc/core, which the backend's tests already use.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: { parser: { syntax: 'typescript', decorators: true }, target: 'es2022', transform: { legacyDecorator: true } },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

require(path.join(__dirname, 'event-store.bench.ts'))
  .main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
