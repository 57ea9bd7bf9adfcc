export interface WhiteLabelClient {
  id: number;
  name: string;
  customDomain?: string | null;
  subdomain?: string | null;
  logoUrl?: string | null;
  primaryColor?: string | null;
  secondaryColor?: string | null;
  customFavicon?: string | null;
  removeQRCodeSharksBranding?: boolean;
  customCSS?: string | null;
  isActive?: boolean;
  apiKey?: string | null;
}

export interface ClientForm {
  name: string;
  customDomain: string;
  subdomain: string;
  logoUrl: string;
  primaryColor: string;
  secondaryColor: string;
  customFavicon: string;
  removeQRCodeSharksBranding: boolean;
  customCSS: string;
}

export const EMPTY_CLIENT_FORM: ClientForm = {
  name: '',
  customDomain: '',
  subdomain: '',
  logoUrl: '',
  primaryColor: '#3B82F6',
  secondaryColor: '#1E40AF',
  customFavicon: '',
  removeQRCodeSharksBranding: false,
  customCSS: '',
};

export function formFromClient(client: WhiteLabelClient): ClientForm {
  return {
    name: client.name ?? '',
    customDomain: client.customDomain ?? '',
    subdomain: client.subdomain ?? '',
    logoUrl: client.logoUrl ?? '',
    primaryColor: client.primaryColor ?? EMPTY_CLIENT_FORM.primaryColor,
    secondaryColor: client.secondaryColor ?? EMPTY_CLIENT_FORM.secondaryColor,
    customFavicon: client.customFavicon ?? '',
    removeQRCodeSharksBranding: Boolean(client.removeQRCodeSharksBranding),
    customCSS: client.customCSS ?? '',
  };
}

/** Name is required; optional text fields are left out when empty. */
export function clientPayload(form: ClientForm): Record<string, unknown> {
  const payload: Record<string, unknown> = { name: form.name.trim(), removeQRCodeSharksBranding: form.removeQRCodeSharksBranding };
  for (const key of ['customDomain', 'subdomain', 'logoUrl', 'primaryColor', 'secondaryColor', 'customFavicon', 'customCSS'] as const) {
    const value = form[key].trim();
    if (value) payload[key] = value;
  }
  return payload;
}

export const maskKey = (key: string) =>
  key.length <= 8 ? '••••••••' : `${key.slice(0, 4)}${'•'.repeat(Math.min(24, key.length - 8))}${key.slice(-4)}`;
