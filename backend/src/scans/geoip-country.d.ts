declare module 'geoip-country' {
  export interface GeoCountry {
    country: string;
  }
  export function lookup(ip: string): GeoCountry | null;
}
