/** The part of ua-parser-js 1.x (MIT; the 2.x line is AGPL-3.0) that scan-enrich.ts reads; the package ships no types. */
declare module 'ua-parser-js' {
  export interface UAParserResult {
    browser: { name?: string; version?: string };
    os: { name?: string; version?: string };
    device: { type?: string; vendor?: string; model?: string };
  }
  export class UAParser {
    constructor(ua?: string);
    getResult(): UAParserResult;
  }
}
