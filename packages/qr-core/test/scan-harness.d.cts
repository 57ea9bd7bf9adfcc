export interface StyleCase {
  name: string;
  style: {
    dotShape: 'square' | 'circle' | 'rounded';
    cornerShape: 'square' | 'circle' | 'rounded';
    innerCornerShape: 'square' | 'circle' | 'rounded';
    gradientColor: string | null;
    logo: { href: string } | null;
    enableFrame: boolean;
  };
}
export interface Payload {
  type: string;
  length: string;
  text: string;
  version?: number;
}
export interface Raster {
  png: Uint8Array;
  rgba: Uint8ClampedArray;
  width: number;
  height: number;
}
export interface QrFunctions {
  encodePayload(type: string, fields: Record<string, unknown>, ctx: { origin: string; id?: string }): string;
  encodeMatrix(text: string, level: 'L' | 'M' | 'Q' | 'H'): { version: number };
}
export declare const ORIGIN: string;
export declare const SHAPES: readonly ['square', 'circle', 'rounded'];
export declare function makeLogoHref(): string;
export declare function styleMatrix(logoHref: string): StyleCase[];
export declare function buildPayloads(qr: QrFunctions, types: readonly string[], maxVersion: number): Payload[];
export declare function prepareZxing(): Promise<unknown>;
export declare function rasterise(svg: string, width: number): Raster;
export declare function decodeZxingWasm(raster: Raster): Promise<string | null>;
export declare function decodeJsQr(raster: Raster): string | null;
export declare function decodeZxingLibrary(raster: Raster): string | null;
