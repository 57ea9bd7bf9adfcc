/** The default brand's name (the product's own). */
export const BRAND = 'QR Code Sharks';

/**
 * A page's title under the tenant's brand (website spec section 7: '{name} - {product}' when the name differs from the
 * default brand). A tenant that removes our branding puts its name where ours was ('Features - Acme'); one that keeps
 * it puts '{name} - QR Code Sharks' there. A title without our name gets the brand appended. The default brand's titles
 * are left as they are.
 */
export function brandedTitle(title: string, config: { name?: string; removeQRCodeSharksBranding?: boolean } | null): string {
  const name = config?.name?.trim();
  if (!name || name === BRAND) return title;
  const brand = config?.removeQRCodeSharksBranding ? name : `${name} - ${BRAND}`;
  if (title === BRAND) return brand;
  return title.includes(BRAND) ? title.split(BRAND).join(brand) : `${title} - ${brand}`;
}
